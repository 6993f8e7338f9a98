import { extractMentions } from "../../../common/forums";
import type { AppContext } from "../../platform/context";
import { excerpt } from "./presenter";
import { findUsersByLowerNames } from "./queries";

/** At most this many members are notified from one message (a list of 500 names is spam, not a mention). */
export const MAX_MENTIONS = 20;

/**
 * Resolves the `@username` mentions of a thread or reply and announces them once: on an edit,
 * only names that were not in the previous text; never the author; never `exclude` (e.g. the
 * thread's author, who is told about the reply anyway).
 */
export async function announceMentions(
  ctx: AppContext,
  opts: { actorId: number; text: string; previousText?: string; url: string; exclude?: number[] },
): Promise<number[]> {
  const before = new Set(opts.previousText ? extractMentions(opts.previousText) : []);
  const names = extractMentions(opts.text)
    .filter((n) => !before.has(n))
    .slice(0, MAX_MENTIONS);
  if (names.length === 0) return [];
  const skip = new Set([opts.actorId, ...(opts.exclude ?? [])]);
  const userIds = (await findUsersByLowerNames(ctx.db, names)).map((u) => u.id).filter((id) => !skip.has(id));
  if (userIds.length === 0) return [];
  await ctx.events.emit("member.mentioned", {
    actorId: opts.actorId,
    userIds,
    url: opts.url,
    excerpt: excerpt(opts.text, 140),
  });
  return userIds;
}
