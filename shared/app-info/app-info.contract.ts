import { z } from 'zod';

/** Public facts about this server that change what the browser shows (GET /api/config). */
export const appInfoSchema = z.object({
  /** 'smtp' sends real mail; 'outbox' keeps mail in the database. */
  mailMode: z.enum(['smtp', 'outbox']),
  /** Whether this visitor can open the local mailbox (outbox mode, and allowed from where they are). */
  localMailbox: z.boolean(),
  /**
   * Which AI providers are configured (DESIGN §1.18): Plus and Premium get the provider's model and voice,
   * and the plans only promise them where they exist.
   */
  aiProviders: z.object({ writer: z.boolean(), voice: z.boolean() }),
});
export type AppInfo = z.infer<typeof appInfoSchema>;
