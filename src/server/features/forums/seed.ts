import { and, eq, inArray, sql } from "drizzle-orm";
import { forumMembers, forumReplies, forums, forumThreads, users } from "../../db/schema";
import type { SeedStep } from "../../db/seed";
import { starterForums } from "./starter-forums";

const HOUR = 60 * 60 * 1000;

/** Reference data: a forum per major model family plus general topics (no author, nobody joined). */
const forumsSeed: SeedStep = {
  name: "forums",
  order: 20,
  demo: false,
  async run(ctx) {
    for (const f of starterForums) {
      // The unique index on lower(name) makes this idempotent.
      await ctx.db
        .insert(forums)
        .values({ name: f.name, description: f.description, aiModel: f.aiModel })
        .onConflictDoNothing();
    }
  },
};

/**
 * Demo activity: the starter discussions, written by demo members at staggered times in the
 * last days so the forum pages look lived in. A thread already present (same forum and title)
 * is skipped; counters are recomputed only for forums that received something.
 */
const forumThreadsSeed: SeedStep = {
  name: "forum-threads",
  order: 210,
  demo: true,
  async run(ctx) {
    const names = [
      ...new Set(
        starterForums.flatMap((f) => f.threads.flatMap((t) => [t.author, ...t.replies.map((r) => r.author)])),
      ),
    ];
    const members = await ctx.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.username, names));
    const idOf = new Map(members.map((m) => [m.username, m.id]));
    const now = ctx.now().getTime();

    for (const [fi, f] of starterForums.entries()) {
      const [forum] = await ctx.db
        .select({ id: forums.id })
        .from(forums)
        .where(sql`lower(${forums.name}) = lower(${f.name})`)
        .limit(1);
      if (!forum) continue;
      let changed = false;

      for (const [ti, t] of f.threads.entries()) {
        const authorId = idOf.get(t.author);
        if (!authorId) continue;
        const [exists] = await ctx.db
          .select({ id: forumThreads.id })
          .from(forumThreads)
          .where(and(eq(forumThreads.forumId, forum.id), eq(forumThreads.title, t.title)))
          .limit(1);
        if (exists) continue;

        const startedAt = now - (((fi * 17 + ti * 29) % 96) + 30 + ti * 20) * HOUR;
        const replies = t.replies
          .map((r, ri) => ({
            ...r,
            authorId: idOf.get(r.author),
            at: new Date(startedAt + (ri + 1) * (2 + ((fi + ri) % 5)) * HOUR),
          }))
          .filter((r): r is typeof r & { authorId: number } => r.authorId !== undefined);
        const last = replies.at(-1);

        await ctx.db.transaction(async (tx) => {
          const [thread] = await tx
            .insert(forumThreads)
            .values({
              forumId: forum.id,
              authorId,
              title: t.title,
              content: t.body,
              replyCount: replies.length,
              lastActivityAt: last ? last.at : new Date(startedAt),
              lastReplyAuthorId: last ? last.authorId : null,
              createdAt: new Date(startedAt),
            })
            .returning({ id: forumThreads.id });
          for (const r of replies) {
            await tx
              .insert(forumReplies)
              .values({ threadId: thread!.id, authorId: r.authorId, content: r.body, createdAt: r.at });
          }
          for (const memberId of new Set([authorId, ...replies.map((r) => r.authorId)])) {
            await tx
              .insert(forumMembers)
              .values({ forumId: forum.id, userId: memberId, joinedAt: new Date(startedAt) })
              .onConflictDoNothing();
          }
        });
        changed = true;
      }

      if (changed) {
        await ctx.db.execute(sql`
          update forums f set
            thread_count = (select count(*)::int from forum_threads t where t.forum_id = f.id),
            post_count = (select count(*)::int from forum_threads t where t.forum_id = f.id)
              + (select count(*)::int from forum_replies r join forum_threads t on t.id = r.thread_id where t.forum_id = f.id),
            member_count = (select count(*)::int from forum_members m where m.forum_id = f.id),
            last_activity_at = greatest(f.last_activity_at, coalesce((select max(t.last_activity_at) from forum_threads t where t.forum_id = f.id), f.last_activity_at))
          where f.id = ${forum.id}`);
      }
    }
  },
};

/** This feature's seed steps, declared on the app's registry by its plugin (index.ts). */
export const seedSteps: readonly SeedStep[] = [forumsSeed, forumThreadsSeed];
