import { type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { batched, intArray } from "../../db/batch";
import type { DbOrTx } from "../../db/connect";
import { preparedSql } from "../../db/prepared";
import { sqlName } from "../../db/sql-name";
import type { AppContext } from "../../platform/context";
import { memberCache } from "../../platform/member-cache";

/**
 * What a member's blocks and mutes take out of what they read (issue 21 item 2, decision 0092).
 * The sets are small (at most BLOCKS_MAX and MUTES_MAX): they are read once per member into this
 * instance's cache (one statement over three primary-key or index ranges), kept until any
 * member-changing write here or on another instance (platform/write-sync.ts; blocking and muting
 * are such writes) or FILTER_TTL_MS, and the lists filter with `<> ALL($ids)` in SQL. A visitor,
 * and a member with no block or mute, read exactly what they read before.
 */
export interface ViewerFilter {
  /** Members the viewer blocked. */
  blockedByMe: ReadonlySet<number>;
  /** Members who blocked the viewer (never shown to the viewer). */
  blockingMe: ReadonlySet<number>;
  /** Both of the above: whose named (not stealth) content the viewer never sees in lists. */
  hidden: readonly number[];
  mutedMembers: readonly number[];
  mutedThreads: readonly number[];
  mutedForums: readonly number[];
  /** Lower-case hashtags. */
  mutedTags: readonly string[];
  /** No block either way and no mute: every read is the public one. */
  empty: boolean;
}

export const NO_FILTER: ViewerFilter = {
  blockedByMe: new Set(),
  blockingMe: new Set(),
  hidden: [],
  mutedMembers: [],
  mutedThreads: [],
  mutedForums: [],
  mutedTags: [],
  empty: true,
};

export const FILTER_TTL_MS = 10_000;

const filters = memberCache((ctx, userId) => load(ctx, userId), { ttlMs: FILTER_TTL_MS });

/** The blocks plugin empties the cache on every member-changing write (here or elsewhere). */
export function registerFilterCache(app: FastifyInstance): void {
  filters.register(app);
}

/** Forgets these members' sets at once (a block changes both members'). */
export function forgetFilters(ctx: AppContext, userIds: number[]): void {
  filters.forget(ctx, userIds);
}

/**
 * Members asking at once are read together (db/batch.ts): one prepared statement for the blocks
 * and mutes of all of them (a member's Following page, read by thousands of members in turn, cost
 * a statement of its own here on every first read).
 */
function load(ctx: AppContext, userId: number): Promise<ViewerFilter> {
  return batched(ctx.db, "blocks_filters", loadMany)(userId);
}

async function loadMany(db: DbOrTx, userIds: number[]): Promise<ViewerFilter[]> {
  const rows = await filterRows(db).all({ users: intArray(userIds) });
  const byMember = userIds.map((): Array<{ k: string; t: string }> => []);
  for (const { i, k, t } of rows) byMember[i - 1]?.push({ k, t });
  return byMember.map(filterOf);
}

const filterRows = (db: DbOrTx) =>
  preparedSql<{ i: number; k: string; t: string }>(
    db,
    "blocks_filter_rows",
    () => sql`WITH v AS (SELECT id, i::int AS i FROM unnest(${sql.placeholder("users")}::int[]) WITH ORDINALITY AS u(id, i))
      SELECT v.i, 'by_me' AS k, b.blocked_id::text AS t FROM v JOIN blocks b ON b.blocker_id = v.id
      UNION ALL SELECT v.i, 'me', b.blocker_id::text FROM v JOIN blocks b ON b.blocked_id = v.id
      UNION ALL SELECT v.i, m.kind, m.target FROM v JOIN mutes m ON m.user_id = v.id`,
  );

function filterOf(rows: Array<{ k: string; t: string }>): ViewerFilter {
  if (rows.length === 0) return NO_FILTER;
  const blockedByMe = new Set<number>();
  const blockingMe = new Set<number>();
  const mutedMembers: number[] = [];
  const mutedThreads: number[] = [];
  const mutedForums: number[] = [];
  const mutedTags: string[] = [];
  for (const { k, t } of rows) {
    if (k === "by_me") blockedByMe.add(Number(t));
    else if (k === "me") blockingMe.add(Number(t));
    else if (k === "member") mutedMembers.push(Number(t));
    else if (k === "thread") mutedThreads.push(Number(t));
    else if (k === "forum") mutedForums.push(Number(t));
    else if (k === "hashtag") mutedTags.push(t);
  }
  return {
    blockedByMe,
    blockingMe,
    hidden: [...new Set([...blockedByMe, ...blockingMe])],
    mutedMembers,
    mutedThreads,
    mutedForums,
    mutedTags,
    empty: false,
  };
}

/** The viewer's filter (a visitor's is empty). */
export function viewerFilter(ctx: AppContext, viewer: { id: number } | null): Promise<ViewerFilter> {
  return viewer ? filters.get(ctx, viewer.id) : Promise.resolve(NO_FILTER);
}

/** Is there a block between these two members, either way? */
export async function blockedEitherWay(ctx: AppContext, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const filter = await viewerFilter(ctx, { id: a });
  return filter.blockedByMe.has(b) || filter.blockingMe.has(b);
}

/**
 * `author <> ALL(ids)`, or true when the set is empty. With `anonymous`, a stealth item is kept
 * whoever wrote it: hiding it would tell the reader who wrote it (decision 0092).
 */
export function notAuthoredBy(
  ids: readonly number[],
  author: SQL | string,
  anonymous?: SQL | string,
): SQL | undefined {
  if (ids.length === 0) return undefined;
  const a = typeof author === "string" ? sqlName(author) : author;
  const list = sql`${a} <> ALL(${intArray(ids)}::int[])`;
  if (anonymous === undefined) return list;
  const anon = typeof anonymous === "string" ? sqlName(anonymous) : anonymous;
  return sql`(${anon} OR ${list})`;
}

/** `id <> ALL(ids)`, or undefined when the set is empty. */
export function notAmong(ids: readonly number[], column: SQL | string): SQL | undefined {
  if (ids.length === 0) return undefined;
  const c = typeof column === "string" ? sqlName(column) : column;
  return sql`${c} <> ALL(${intArray(ids)}::int[])`;
}

/** The row's lower-case tags share none of these (a GIN-free filter on the rows read). */
export function noTagAmong(tags: readonly string[], tagKeys: SQL | string): SQL | undefined {
  if (tags.length === 0) return undefined;
  const c = typeof tagKeys === "string" ? sqlName(tagKeys) : tagKeys;
  return sql`NOT (${c} && ARRAY[${sql.join(
    tags.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[])`;
}

/** Named (not stealth) content of this author is hidden from this viewer. */
export function hidesAuthor(filter: ViewerFilter, authorId: number | null, anonymous = false): boolean {
  return (
    !anonymous && authorId !== null && (filter.blockedByMe.has(authorId) || filter.blockingMe.has(authorId))
  );
}

const FORUM_URL = /^\/forums\/(\d+)(?:\/threads\/(\d+)|\?thread=(\d+))?/;

/**
 * A notice the recipient's blocks and mutes silence: from a member blocked either way or muted
 * (a stealth actor is nobody: decision 0092), or about a muted thread or forum (by its address).
 */
export async function notificationSilenced(
  ctx: AppContext,
  n: { recipientId: number; actorId: number | null; anonymousActor?: boolean; url: string | null },
): Promise<boolean> {
  const filter = await viewerFilter(ctx, { id: n.recipientId });
  if (filter.empty) return false;
  if (n.actorId !== null && !n.anonymousActor) {
    if (hidesAuthor(filter, n.actorId) || filter.mutedMembers.includes(n.actorId)) return true;
  }
  const m = n.url ? FORUM_URL.exec(n.url) : null;
  if (m) {
    if (filter.mutedForums.includes(Number(m[1]))) return true;
    const thread = m[2] ?? m[3];
    if (thread && filter.mutedThreads.includes(Number(thread))) return true;
  }
  return false;
}
