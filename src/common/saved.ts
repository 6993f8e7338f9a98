import { z } from "zod";

/**
 * Saved items (issue 21 item 4, docs/decisions/0099): members bookmark posts, forum threads and
 * prompts beside models. The kind in an address is plural (`/saved?tab=posts`, `/api/saved/posts`).
 */
export const SAVED_KINDS = ["posts", "threads", "prompts"] as const;
export type SavedKind = (typeof SAVED_KINDS)[number];

/** The tabs of /saved, in order; `models` is the first (and the default). */
export const SAVED_TABS = ["models", ...SAVED_KINDS] as const;
export type SavedTab = (typeof SAVED_TABS)[number];

export const SAVED_MESSAGES = {
  loginToSave: "Please log in to save items",
  notFound: "That item does not exist or is no longer available",
  badKind: "kind must be posts, threads or prompts",
} as const;

export const savedKindParamSchema = z.object({
  kind: z.enum(SAVED_KINDS, { error: SAVED_MESSAGES.badKind }),
});

export const savedItemParamSchema = savedKindParamSchema.extend({
  id: z.coerce
    .number({ error: "id must be a number" })
    .int("id must be a whole number")
    .positive("id must be positive")
    .max(2_147_483_647, "id is too large"),
});

export const saveBodySchema = z.strictObject({ saved: z.boolean({ error: "saved must be true or false" }) });
export type SaveBody = z.infer<typeof saveBodySchema>;
export const saveResultSchema = z.object({ saved: z.boolean() });

/** Which of these ids (comma list, at most 100) the member saved: the Save toggles' state. */
export const savedWhichQuerySchema = z.object({
  ids: z
    .string({ error: "ids must be a comma-separated list of ids" })
    .max(1200, "ids is too long")
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, "ids must be a comma-separated list of at most 100 ids"),
});
export const savedWhichSchema = z.object({ ids: z.array(z.number().int()) });

/**
 * One saved post, thread or prompt as the Saved page lists it. `author` is null for a stealth
 * post: saving never reveals who wrote it. `cursor` continues the list after this item.
 */
export const savedEntrySchema = z.object({
  kind: z.enum(SAVED_KINDS),
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  url: z.string(),
  author: z.object({ username: z.string() }).nullable(),
  createdAt: z.string(),
  savedAt: z.string(),
  cursor: z.number().int(),
});
export type SavedEntry = z.infer<typeof savedEntrySchema>;
export const savedPageSchema = z.object({
  items: z.array(savedEntrySchema),
  nextCursor: z.number().int().nullable(),
});
export type SavedPage = z.infer<typeof savedPageSchema>;
