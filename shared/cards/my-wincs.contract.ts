import { z } from 'zod';
import { categorySchema } from '../catalog/catalog.contract.ts';
import { textSchema } from '../text/names.ts';
import { cardViewsSummarySchema, viewLimitStatusSchema } from './card-views.contract.ts';
import { cardSchema } from './cards.contract.ts';

/**
 * My WINCS (SPEC §2, §7): the signed-in user's paid cards, matched by userId or authorId, newest first, with
 * an optional category filter. The filter names a category by its id (stable, unlike display names).
 */

const optionalId = textSchema({ max: 200 })
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** GET /api/my-wincs?category={categoryId}. */
export const myWincsQuerySchema = z.object({
  /** A category id from the answer's `categories`; an id no card has answers an empty list. */
  category: optionalId,
});
export type MyWincsQuery = z.input<typeof myWincsQuerySchema>;

/**
 * One paid card: the owner's card, the category of its template (null when the template is gone), what
 * its recipients did (null until someone opened it), and its view limit's state.
 */
export const myWincSchema = cardSchema.extend({
  category: categorySchema.nullable(),
  views: cardViewsSummarySchema.nullable(),
  viewLimitStatus: viewLimitStatusSchema,
});
export type MyWinc = z.infer<typeof myWincSchema>;

export const myWincsResponseSchema = z.object({
  /** Newest first; only the filtered category's cards when a filter is given. */
  cards: z.array(myWincSchema),
  /**
   * The categories of all the user's paid cards, whatever the filter (the filter chips), in the catalog's
   * order: ranked categories by rank, then the others by name.
   */
  categories: z.array(categorySchema),
});
export type MyWincsResponse = z.infer<typeof myWincsResponseSchema>;

/**
 * GET /api/my-wincs/drafts: the caller's cards not paid yet (a user's, or a guest session's), newest first —
 * an unpaid card is listed nowhere else, so this is the way back to one left half-way.
 */
export const DRAFTS_LIMIT = 12;
export const draftsResponseSchema = z.object({ cards: z.array(cardSchema) });
export type DraftsResponse = z.infer<typeof draftsResponseSchema>;
