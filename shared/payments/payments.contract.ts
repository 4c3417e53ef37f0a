import { z } from 'zod';
import { BILLING_CYCLES, PAID_PLAN_IDS } from './plans.ts';

/** The payments API's request and answer shapes (the plans themselves are `plans.ts`). */

/** SPEC §7 createStripeCheckout: `{planId, billingCycle}` → `{url}`; the browser then navigates there. */
export const createCheckoutRequestSchema = z
  .object({ planId: z.enum(PAID_PLAN_IDS), billingCycle: z.enum(BILLING_CYCLES) })
  .strict();
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequestSchema>;
export const createCheckoutResponseSchema = z.object({ url: z.string().min(1) });
export type CreateCheckoutResponse = z.infer<typeof createCheckoutResponseSchema>;

/**
 * How this server takes payments: 'stripe' when Stripe is configured (its Checkout offers Apple Pay on
 * devices that have it), else 'test-mode' — the built-in, clearly labelled checkout that grants the same way
 * but takes no money (DESIGN §1.10), offered for local use or when the operator turns it on — else
 * 'unavailable': the plans show, nothing can be bought.
 */
export const paymentOptionsSchema = z.object({
  provider: z.enum(['stripe', 'test-mode', 'unavailable']),
  applePay: z.boolean(),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

/** A test-mode order as its checkout page shows it (GET /api/payments/test-checkout/:orderId). */
export const testCheckoutOrderSchema = z.object({
  id: z.string(),
  planId: z.enum(PAID_PLAN_IDS),
  billingCycle: z.enum(BILLING_CYCLES),
  priceCents: z.number().int(),
  creditsToAdd: z.number().int(),
  status: z.enum(['open', 'completed']),
});
export type TestCheckoutOrder = z.infer<typeof testCheckoutOrderSchema>;

/**
 * POST /api/payments/test-checkout/:orderId/complete — the test-mode "payment": the balance and tier after it,
 * and whether this call granted the credits (false when the order had been completed already).
 */
export const completeTestCheckoutResponseSchema = z.object({
  credits: z.number().int(),
  tier: z.string(),
  granted: z.boolean(),
});
export type CompleteTestCheckoutResponse = z.infer<typeof completeTestCheckoutResponseSchema>;

/** How many of the latest credit changes the credit history answers. */
export const CREDIT_HISTORY_LIMIT = 20;

/** A credit-history line of the signed-in user (Account info): newest first. */
export const creditHistoryEntrySchema = z.object({
  id: z.string(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  /** 'signup-grant', 'card-unlock', 'view-limit-raise', 'purchase', 'refund'. */
  reason: z.string(),
  createdAt: z.string(),
});
export const creditHistoryResponseSchema = z.object({ entries: z.array(creditHistoryEntrySchema) });
export type CreditHistoryEntry = z.infer<typeof creditHistoryEntrySchema>;
export type CreditHistoryResponse = z.infer<typeof creditHistoryResponseSchema>;
