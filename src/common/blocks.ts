import { z } from "zod";
import { generationSchema } from "./auth";

/**
 * Blocking and muting (issue 21 item 2, docs/decisions/0092 and 0093). A block is between two
 * members and works both ways; a mute is one member's and silences a member, a thread, a forum or
 * a hashtag for them alone. The texts the screens and the API show are here.
 */
export const BLOCK_MESSAGES = {
  blockSelf: "You cannot block yourself",
  muteSelf: "You cannot mute yourself",
  userNotFound: "User not found",
  threadNotFound: "Thread not found",
  forumNotFound: "Forum not found",
  /** Following refused (either way): says nothing about who blocked whom. */
  cannotFollow: "You can't follow this member",
  /** A comment or reply refused (either way): says nothing about who blocked whom. */
  cannotReply: "You can't reply to this member",
  blockedPost: "Post from a blocked member",
  blocked: "Member blocked. You won't see each other's posts.",
  unblocked: "Member unblocked",
  muted: "Muted",
  unmuted: "Unmuted",
  badTarget: "target must be a member id, a thread id, a forum id or a hashtag",
} as const;

/** The stable `code` of a refusal because of a block (decision 0075). */
export const BLOCKED_CODE = "blocked";

export const MUTE_KINDS = ["member", "thread", "forum", "hashtag"] as const;
export type MuteKind = (typeof MUTE_KINDS)[number];
export const MUTE_KIND_LABELS: Record<MuteKind, string> = {
  member: "Member",
  thread: "Thread",
  forum: "Forum",
  hashtag: "Hashtag",
};

/** At most this many blocks and mutes each per member: the sets stay small enough to filter by. */
export const BLOCKS_MAX = 500;
export const MUTES_MAX = 500;

const ID = /^[1-9][0-9]{0,9}$/;
const TAG = /^[\p{L}\p{N}_]{1,50}$/u;

/** A mute's target as the API takes it: an id for a member, thread or forum; a tag without `#`. */
export function normaliseMuteTarget(kind: MuteKind, target: string): string | null {
  if (kind === "hashtag") {
    const tag = target.replace(/^#/, "");
    return TAG.test(tag) ? tag.toLowerCase() : null;
  }
  return ID.test(target) && Number(target) <= 2_147_483_647 ? target : null;
}

export const muteKindSchema = z.enum(MUTE_KINDS, { error: "kind must be member, thread, forum or hashtag" });

export const muteInputSchema = z
  .object({
    kind: muteKindSchema,
    target: z.string({ error: "target must be text" }).min(1, BLOCK_MESSAGES.badTarget).max(51),
  })
  .refine((v) => normaliseMuteTarget(v.kind, v.target) !== null, {
    message: BLOCK_MESSAGES.badTarget,
    path: ["target"],
  });
export type MuteInput = z.input<typeof muteInputSchema>;

export const muteParamsSchema = z
  .object({ kind: muteKindSchema, target: z.string().min(1).max(51) })
  .refine((v) => normaliseMuteTarget(v.kind, v.target) !== null, {
    message: BLOCK_MESSAGES.badTarget,
    path: ["target"],
  });

export const blockedMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  generation: generationSchema,
  createdAt: z.string(),
});
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

export const muteSchema = z.object({
  kind: muteKindSchema,
  target: z.string(),
  /** What the settings list shows: a member's name, a thread's title, a forum's name, `#tag`. */
  label: z.string(),
  /** Where the muted thing lives (still reachable by its address). */
  url: z.string(),
  createdAt: z.string(),
});
export type Mute = z.infer<typeof muteSchema>;

/** The member's own blocks and mutes (settings, and the state of every Block/Mute menu). */
export const blockListSchema = z.object({
  blocked: z.array(blockedMemberSchema),
  muted: z.array(muteSchema),
});
export type BlockList = z.infer<typeof blockListSchema>;

export const blockResultSchema = z.object({ blocked: z.boolean(), message: z.string() });
export const muteResultSchema = z.object({ muted: z.boolean(), message: z.string() });

/** The address of a muted thing. */
export function muteUrl(kind: MuteKind, target: string, extra?: { forumId?: number }): string {
  switch (kind) {
    case "member":
      return `/profile/${target}`;
    case "thread":
      return extra?.forumId ? `/forums/${extra.forumId}/threads/${target}` : "/forums";
    case "forum":
      return `/forums/${target}`;
    case "hashtag":
      return `/?tag=${encodeURIComponent(target)}`;
  }
}
