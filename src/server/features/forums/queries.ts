import { and, asc, desc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/connect";
import { prepared } from "../../db/prepared";
import { forumMembers, forumReplies, forums, forumThreads, users } from "../../db/schema";
import { visible } from "../moderation/public";

/** `%term%` for ILIKE with the pattern characters of the term escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const authorColumns = {
  authorId: users.id,
  authorUsername: users.username,
  authorAvatar: users.avatar,
  authorGeneration: users.generation,
};

// ---------------------------------------------------------------- forums

function forumColumns(viewerId: number | null) {
  return {
    forum: forums,
    isMember: viewerId
      ? sql<boolean>`exists (select 1 from ${forumMembers} where ${forumMembers.forumId} = ${forums.id} and ${forumMembers.userId} = ${viewerId})`
      : sql<boolean>`false`,
  };
}
export type ForumWithViewer = { forum: typeof forums.$inferSelect; isMember: boolean };

export async function listForums(
  db: DbOrTx,
  opts: { search?: string; limit: number; cursor?: number; viewerId: number | null; exclude?: SQL },
): Promise<ForumWithViewer[]> {
  const where: SQL[] = [];
  if (opts.exclude) where.push(opts.exclude);
  if (opts.search)
    where.push(sql`(${forums.name} || ' ' || ${forums.description}) ILIKE ${likePattern(opts.search)}`);
  if (opts.cursor) where.push(gt(forums.id, opts.cursor));
  return db
    .select(forumColumns(opts.viewerId))
    .from(forums)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(forums.id))
    .limit(opts.limit);
}

export async function findForum(
  db: DbOrTx,
  id: number,
  viewerId: number | null,
): Promise<ForumWithViewer | undefined> {
  const [row] = await db.select(forumColumns(viewerId)).from(forums).where(eq(forums.id, id)).limit(1);
  return row;
}

export async function findForumByName(db: DbOrTx, name: string) {
  const [row] = await db
    .select({ id: forums.id })
    .from(forums)
    .where(sql`lower(${forums.name}) = lower(${name})`)
    .limit(1);
  return row;
}

export async function insertForum(
  db: DbOrTx,
  values: { name: string; description: string; aiModel: string; createdBy: number | null; now: Date },
) {
  const [row] = await db
    .insert(forums)
    .values({
      name: values.name,
      description: values.description,
      aiModel: values.aiModel,
      createdBy: values.createdBy,
      lastActivityAt: values.now,
      createdAt: values.now,
    })
    .returning();
  return row!;
}

/** Adds a membership; answers whether a row was added (false when already a member). */
export async function insertMembership(
  db: DbOrTx,
  forumId: number,
  userId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(forumMembers)
    .values({ forumId, userId, joinedAt: now })
    .onConflictDoNothing()
    .returning({ forumId: forumMembers.forumId });
  return rows.length > 0;
}

export async function deleteMembership(db: DbOrTx, forumId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(forumMembers)
    .where(and(eq(forumMembers.forumId, forumId), eq(forumMembers.userId, userId)))
    .returning({ forumId: forumMembers.forumId });
  return rows.length > 0;
}

/** Adds to a forum's counters in SQL (exact under concurrency); answers the new row, if any. */
export async function bumpForum(
  db: DbOrTx,
  forumId: number,
  delta: { posts?: number; threads?: number; members?: number; activityAt?: Date },
) {
  const [row] = await db
    .update(forums)
    .set({
      postCount: sql`${forums.postCount} + ${delta.posts ?? 0}`,
      threadCount: sql`${forums.threadCount} + ${delta.threads ?? 0}`,
      memberCount: sql`${forums.memberCount} + ${delta.members ?? 0}`,
      ...(delta.activityAt
        ? {
            lastActivityAt: sql`greatest(${forums.lastActivityAt}, ${delta.activityAt.toISOString()}::timestamptz)`,
          }
        : {}),
    })
    .where(eq(forums.id, forumId))
    .returning({ id: forums.id, memberCount: forums.memberCount, postCount: forums.postCount });
  return row;
}

// ---------------------------------------------------------------- threads

const lastReplier = alias(users, "last_replier");

function threadColumns() {
  return {
    thread: forumThreads,
    forumName: forums.name,
    ...authorColumns,
    lastReplyAuthor: lastReplier.username,
  };
}
export type ThreadJoined = {
  thread: typeof forumThreads.$inferSelect;
  forumName: string;
  authorId: number;
  authorUsername: string;
  authorAvatar: string | null;
  authorGeneration: string;
  lastReplyAuthor: string | null;
};

function threadQuery(db: DbOrTx) {
  return db
    .select(threadColumns())
    .from(forumThreads)
    .innerJoin(forums, eq(forums.id, forumThreads.forumId))
    .innerJoin(users, eq(users.id, forumThreads.authorId))
    .leftJoin(lastReplier, eq(lastReplier.id, forumThreads.lastReplyAuthorId));
}

/** A forum's threads by latest activity; the cursor is the last thread id seen. */
export async function listThreads(
  db: DbOrTx,
  forumId: number,
  opts: { limit: number; cursor?: number },
  exclude?: SQL,
): Promise<ThreadJoined[]> {
  // Threads hidden pending review (reports, issue 8) leave the list.
  const where: SQL[] = [eq(forumThreads.forumId, forumId), visible.thread()];
  if (exclude) where.push(exclude);
  if (opts.cursor) {
    where.push(
      sql`(${forumThreads.lastActivityAt}, ${forumThreads.id}) < (select c.last_activity_at, c.id from ${forumThreads} c where c.id = ${opts.cursor})`,
    );
  }
  if (!exclude) {
    // Every visitor's and most members' pages: prepared statements (db/prepared.ts).
    return opts.cursor
      ? threadsAfter(db).execute({ forumId, cursor: opts.cursor, limit: opts.limit })
      : threadsFirst(db).execute({ forumId, limit: opts.limit });
  }
  return threadQuery(db)
    .where(and(...where))
    .orderBy(desc(forumThreads.lastActivityAt), desc(forumThreads.id))
    .limit(opts.limit);
}

const threadsFirst = (db: DbOrTx) =>
  prepared(db, "forums_threads_first", (db, name) =>
    threadQuery(db)
      .where(and(eq(forumThreads.forumId, sql.placeholder("forumId")), visible.thread()))
      .orderBy(desc(forumThreads.lastActivityAt), desc(forumThreads.id))
      .limit(sql.placeholder("limit"))
      .prepare(name),
  );

const threadsAfter = (db: DbOrTx) =>
  prepared(db, "forums_threads_after", (db, name) =>
    threadQuery(db)
      .where(
        and(
          eq(forumThreads.forumId, sql.placeholder("forumId")),
          visible.thread(),
          sql`(${forumThreads.lastActivityAt}, ${forumThreads.id}) < (select c.last_activity_at, c.id from ${forumThreads} c where c.id = ${sql.placeholder("cursor")})`,
        ),
      )
      .orderBy(desc(forumThreads.lastActivityAt), desc(forumThreads.id))
      .limit(sql.placeholder("limit"))
      .prepare(name),
  );

const threadById = (db: DbOrTx) =>
  prepared(db, "forums_thread_by_id", (db, name) =>
    threadQuery(db)
      .where(eq(forumThreads.id, sql.placeholder("id")))
      .limit(1)
      .prepare(name),
  );

export async function findThread(db: DbOrTx, id: number): Promise<ThreadJoined | undefined> {
  const [row] = await threadById(db).execute({ id });
  return row;
}

export async function insertThread(
  db: DbOrTx,
  values: { forumId: number; authorId: number; title: string; content: string; now: Date },
) {
  const [row] = await db
    .insert(forumThreads)
    .values({
      forumId: values.forumId,
      authorId: values.authorId,
      title: values.title,
      content: values.content,
      lastActivityAt: values.now,
      createdAt: values.now,
    })
    .returning();
  return row!;
}

/** Updates a thread; `authorId` (null for an administrator) names the owner in the WHERE clause. */
export async function updateThread(
  db: DbOrTx,
  id: number,
  authorId: number | null,
  values: { title?: string; content?: string; editedAt: Date },
) {
  const [row] = await db
    .update(forumThreads)
    .set(values)
    .where(and(eq(forumThreads.id, id), authorId === null ? undefined : eq(forumThreads.authorId, authorId)))
    .returning({ id: forumThreads.id });
  return row;
}

export async function deleteThread(db: DbOrTx, id: number, authorId: number | null) {
  const [row] = await db
    .delete(forumThreads)
    .where(and(eq(forumThreads.id, id), authorId === null ? undefined : eq(forumThreads.authorId, authorId)))
    .returning({ forumId: forumThreads.forumId, replyCount: forumThreads.replyCount });
  return row;
}

/** Counts a new reply on its thread (locks the thread row); undefined when the thread is gone. */
export async function bumpThreadForReply(db: DbOrTx, threadId: number, replierId: number, now: Date) {
  const [row] = await db
    .update(forumThreads)
    .set({
      replyCount: sql`${forumThreads.replyCount} + 1`,
      lastActivityAt: sql`greatest(${forumThreads.lastActivityAt}, ${now.toISOString()}::timestamptz)`,
      lastReplyAuthorId: replierId,
    })
    .where(eq(forumThreads.id, threadId))
    .returning({ forumId: forumThreads.forumId, authorId: forumThreads.authorId, title: forumThreads.title });
  return row;
}

export async function unbumpThreadForReply(db: DbOrTx, threadId: number) {
  const [row] = await db
    .update(forumThreads)
    .set({ replyCount: sql`${forumThreads.replyCount} - 1` })
    .where(eq(forumThreads.id, threadId))
    .returning({ forumId: forumThreads.forumId });
  return row;
}

// ---------------------------------------------------------------- replies

export type ReplyJoined = {
  reply: typeof forumReplies.$inferSelect;
  authorId: number;
  authorUsername: string;
  authorAvatar: string | null;
  authorGeneration: string;
};

function replyQuery(db: DbOrTx) {
  return db
    .select({ reply: forumReplies, ...authorColumns })
    .from(forumReplies)
    .innerJoin(users, eq(users.id, forumReplies.authorId));
}

/** A thread's replies in the order they were written; the cursor is the last reply id seen. */
export async function listReplies(
  db: DbOrTx,
  threadId: number,
  opts: { limit: number; cursor?: number },
  exclude?: SQL,
): Promise<ReplyJoined[]> {
  if (!exclude) {
    return repliesPage(db).execute({ threadId, cursor: opts.cursor ?? 0, limit: opts.limit });
  }
  return replyQuery(db)
    .where(
      and(
        eq(forumReplies.threadId, threadId),
        opts.cursor ? gt(forumReplies.id, opts.cursor) : undefined,
        visible.reply(),
        exclude,
      ),
    )
    .orderBy(asc(forumReplies.id))
    .limit(opts.limit);
}

const repliesPage = (db: DbOrTx) =>
  prepared(db, "forums_replies_page", (db, name) =>
    replyQuery(db)
      .where(
        and(
          eq(forumReplies.threadId, sql.placeholder("threadId")),
          gt(forumReplies.id, sql.placeholder("cursor")),
          visible.reply(),
        ),
      )
      .orderBy(asc(forumReplies.id))
      .limit(sql.placeholder("limit"))
      .prepare(name),
  );

export async function findReply(
  db: DbOrTx,
  threadId: number,
  replyId: number,
): Promise<ReplyJoined | undefined> {
  const [row] = await replyQuery(db)
    .where(and(eq(forumReplies.id, replyId), eq(forumReplies.threadId, threadId)))
    .limit(1);
  return row;
}

export async function insertReply(
  db: DbOrTx,
  values: { threadId: number; authorId: number; content: string; now: Date },
) {
  const [row] = await db
    .insert(forumReplies)
    .values({
      threadId: values.threadId,
      authorId: values.authorId,
      content: values.content,
      createdAt: values.now,
    })
    .returning();
  return row!;
}

export async function updateReply(
  db: DbOrTx,
  threadId: number,
  replyId: number,
  authorId: number | null,
  values: { content: string; editedAt: Date },
) {
  const [row] = await db
    .update(forumReplies)
    .set(values)
    .where(
      and(
        eq(forumReplies.id, replyId),
        eq(forumReplies.threadId, threadId),
        authorId === null ? undefined : eq(forumReplies.authorId, authorId),
      ),
    )
    .returning({ id: forumReplies.id });
  return row;
}

export async function deleteReply(db: DbOrTx, threadId: number, replyId: number, authorId: number | null) {
  const [row] = await db
    .delete(forumReplies)
    .where(
      and(
        eq(forumReplies.id, replyId),
        eq(forumReplies.threadId, threadId),
        authorId === null ? undefined : eq(forumReplies.authorId, authorId),
      ),
    )
    .returning({ id: forumReplies.id });
  return row;
}

// ---------------------------------------------------------------- members by name (mentions)

export async function findUsersByLowerNames(db: DbOrTx, names: string[]) {
  if (names.length === 0) return [];
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, names));
}
