import type { AppContext } from "../../platform/context";
import { type DigestEntry, type DigestKind, digestMail } from "../../platform/mail-templates";
import { getNotificationPreferences } from "../notifications/public";
import {
  claimDigestSlot,
  findDueMembers,
  findRecipient,
  insertDigestItems,
  takeItems,
  usernamesById,
} from "./queries";

/**
 * Notification emails for new followers, replies and mentions, batched into a digest: at most
 * one mail per member per hour, and a burst waits a few minutes so it lands in one mail.
 */
export const DIGEST_INTERVAL_MS = 60 * 60 * 1000;
export const DIGEST_BATCH_DELAY_MS = 5 * 60 * 1000;
/** Entries listed in one mail; the rest are counted ("…and N more"). */
export const DIGEST_MAX_ENTRIES = 20;
const MEMBERS_PER_FLUSH = 100;

type MailPreferences = Record<DigestKind, boolean>;

/** Which kinds the member wants by email: the email channel of their notification preferences. */
async function mailPreferences(ctx: AppContext, userId: number): Promise<MailPreferences> {
  const prefs = await getNotificationPreferences(ctx.db, userId);
  return { follow: prefs.follow.email, reply: prefs.reply.email, mention: prefs.mention.email };
}

export interface DigestItemInput {
  kind: DigestKind;
  actorId: number;
  recipientIds: number[];
  url: string;
  excerpt?: string;
}

/** Queues an item for each recipient whose preferences allow this kind (never the actor). */
export async function queueDigestItem(ctx: AppContext, item: DigestItemInput): Promise<number> {
  const recipients = [...new Set(item.recipientIds)].filter((id) => id !== item.actorId);
  const allowed: number[] = [];
  for (const id of recipients) if ((await mailPreferences(ctx, id))[item.kind]) allowed.push(id);
  const now = ctx.now();
  await insertDigestItems(
    ctx.db,
    allowed.map((userId) => ({
      userId,
      kind: item.kind,
      actorId: item.actorId,
      url: item.url.slice(0, 2000),
      excerpt: (item.excerpt ?? "").slice(0, 500),
      createdAt: now,
    })),
  );
  return allowed.length;
}

/** Sends every digest that is due; answers how many mails were sent. */
export async function flushDigests(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const sentBefore = new Date(now.getTime() - DIGEST_INTERVAL_MS);
  const oldestBefore = new Date(now.getTime() - DIGEST_BATCH_DELAY_MS);
  const due = await findDueMembers(ctx.db, sentBefore, oldestBefore, MEMBERS_PER_FLUSH);
  let sent = 0;
  for (const userId of due) {
    try {
      if (await flushMember(ctx, userId, now, sentBefore)) sent += 1;
    } catch (err) {
      ctx.log.error({ err, userId }, "notification digest failed");
    }
  }
  return sent;
}

async function flushMember(ctx: AppContext, userId: number, now: Date, sentBefore: Date): Promise<boolean> {
  const items = await ctx.db.transaction(async (tx) => {
    if (!(await claimDigestSlot(tx, userId, now, sentBefore))) return [];
    return takeItems(tx, userId);
  });
  if (items.length === 0) return false;
  // Preferences may have changed since the items were queued.
  const prefs = await mailPreferences(ctx, userId);
  const seen = new Set<string>();
  const wanted = items.filter((i) => {
    const key = `${i.kind}:${i.actorId}:${i.url}`;
    if (!prefs[i.kind] || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const recipient = await findRecipient(ctx.db, userId);
  if (!recipient || wanted.length === 0) return false;
  const names = await usernamesById(ctx.db, [
    ...new Set(wanted.map((i) => i.actorId).filter((id) => id !== null)),
  ]);
  const entries: DigestEntry[] = wanted.slice(0, DIGEST_MAX_ENTRIES).map((i) => ({
    kind: i.kind,
    actorName: i.actorId === null ? null : (names.get(i.actorId) ?? null),
    url: i.url,
    excerpt: i.excerpt,
  }));
  const mail = digestMail({
    username: recipient.username,
    entries,
    more: wanted.length - entries.length,
    appUrl: ctx.config.appUrl,
  });
  await ctx.mailer.send({ to: recipient.email, ...mail });
  return true;
}
