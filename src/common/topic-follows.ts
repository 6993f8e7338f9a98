import { z } from "zod";
import { isAiModelId } from "./models";

/**
 * Following hashtags and models (issue 21 item 3, decision 0104): apart from social.ts so that the
 * profile pages, which import that, do not carry these schemas.
 */

export const TOPIC_KINDS = ["hashtag", "model"] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];
/** At most this many followed hashtags and models per member: the Following tab reads them all. */
export const TOPIC_FOLLOWS_MAX = 500;
export const TOPIC_FOLLOW_MESSAGES = {
  login: "Please log in to follow hashtags and models",
  badTarget: "target must be a hashtag or one of the feed's model ids",
  tooMany: `You can follow at most ${TOPIC_FOLLOWS_MAX} hashtags and models`,
} as const;

const TOPIC_TAG = /^[\p{L}\p{N}_]{1,50}$/u;

/** A followed topic's key as stored: a hashtag lower-case without '#', a model as its feed id. */
export function normaliseTopicTarget(kind: TopicKind, target: string): string | null {
  if (kind === "hashtag") {
    const tag = target.replace(/^#/, "");
    return TOPIC_TAG.test(tag) ? tag.toLowerCase() : null;
  }
  return isAiModelId(target) ? target : null;
}

export const topicKindSchema = z.enum(TOPIC_KINDS, { error: "kind must be hashtag or model" });

export const topicParamsSchema = z
  .object({ kind: topicKindSchema, target: z.string().min(1).max(51) })
  .refine((v) => normaliseTopicTarget(v.kind, v.target) !== null, {
    message: TOPIC_FOLLOW_MESSAGES.badTarget,
    path: ["target"],
  });

export const topicFollowSchema = z.object({
  kind: topicKindSchema,
  target: z.string(),
  createdAt: z.string(),
});
export type TopicFollow = z.infer<typeof topicFollowSchema>;
export const topicFollowListSchema = z.object({ topics: z.array(topicFollowSchema) });
export type TopicFollowList = z.infer<typeof topicFollowListSchema>;
export const topicFollowResultSchema = z.object({ isFollowing: z.boolean() });
