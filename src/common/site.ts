import { z } from "zod";

/** Settings the client needs at run time (never secrets): GET /api/public-config. */
export const publicConfigSchema = z.object({
  /** Launch offer deadline (PROMO_DEADLINE), ISO-8601; null when there is no offer. */
  promoDeadline: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
