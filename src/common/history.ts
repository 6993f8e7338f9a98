import { z } from "zod";

/**
 * Edit history (issue 21 item 5, docs/decisions/0105): posts, comments, threads, replies,
 * prompts and reviews keep their revisions. The kind in an address is plural
 * (`/api/history/posts/12`), as on /saved.
 */
export const HISTORY_KINDS = ["posts", "comments", "threads", "replies", "prompts", "reviews"] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** The stored kind (singular) of each address kind. */
export const STORED_HISTORY_KIND = {
  posts: "post",
  comments: "comment",
  threads: "thread",
  replies: "reply",
  prompts: "prompt",
  reviews: "review",
} as const satisfies Record<HistoryKind, string>;
export type StoredHistoryKind = (typeof STORED_HISTORY_KIND)[HistoryKind];

export const HISTORY_MESSAGES = {
  notFound: "That item does not exist or is no longer available",
  badKind: "kind must be posts, comments, threads, replies, prompts or reviews",
} as const;

/** The labels of the text fields a revision keeps, in the order the history shows them. */
export const REVISION_FIELD_LABELS: Record<string, string> = {
  rating: "Rating",
  title: "Title",
  description: "Description",
  content: "Text",
  review: "Review",
  pros: "Pros",
  cons: "Cons",
};

export const historyParamSchema = z.object({
  kind: z.enum(HISTORY_KINDS, { error: HISTORY_MESSAGES.badKind }),
  id: z.coerce
    .number({ error: "id must be a number" })
    .int("id must be a whole number")
    .positive("id must be positive")
    .max(2_147_483_647, "id is too large"),
});

/**
 * One kept version of an item: revision 1 is the original text. `editor` is who saved this
 * version; null for a stealth item (its history never names anyone) or a deleted account.
 */
export const revisionSchema = z.object({
  rev: z.number().int(),
  editedAt: z.string(),
  editor: z.object({ username: z.string() }).nullable(),
  fields: z.record(z.string(), z.string()),
});
export type Revision = z.infer<typeof revisionSchema>;

/** Newest first; `nextCursor` is the last revision number seen (keyset). */
export const historyPageSchema = z.object({
  items: z.array(revisionSchema),
  nextCursor: z.number().int().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;
