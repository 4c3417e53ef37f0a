import type { Relationship } from '../../../../../shared/ai/ai-message.contract.ts';

/**
 * One personal detail as a sender types it, and what the built-in writer's message must do with it. The
 * corpus test writes a message for each relationship listed, in every tone and occasion, and checks:
 * - each fact is either woven in (its `key` appears in the text, once) or named in `notWoven` (its `key`
 *   matches one of the left-out parts, as typed);
 * - a woven fact is said to the recipient: its `woven` pattern (a second-person form) appears;
 * - nothing in `never` appears (a third-person form addressed to "you", a wrong gender, the raw paste).
 */
export interface CorpusCase {
  details: string;
  /** Who the recipient is: their gender and number come from it (and from `recipientName`). */
  relationships: readonly Relationship[];
  recipientName?: string;
  facts: ReadonlyArray<{ key: RegExp; woven?: RegExp }>;
  never?: readonly RegExp[];
}
