import { and, asc, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { PromptListQuery } from "../../../common/prompts";
import type { DbOrTx } from "../../db/connect";
import { promptDownloads, promptLikes, promptModelVotes, prompts, users } from "../../db/schema";
import { visible } from "../moderation/public";
import { tsQueries } from "../search/public";

export type PromptJoined = {
  prompt: typeof prompts.$inferSelect;
  authorUsername: string;
  authorAvatar: string | null;
  liked: boolean;
  downloaded: boolean;
};

function promptColumns(viewerId: number | null) {
  return {
    prompt: prompts,
    authorUsername: users.username,
    authorAvatar: users.avatar,
    liked: viewerId
      ? sql<boolean>`exists (select 1 from ${promptLikes} where ${promptLikes.promptId} = ${prompts.id} and ${promptLikes.userId} = ${viewerId})`
      : sql<boolean>`false`,
    downloaded: viewerId
      ? sql<boolean>`exists (select 1 from ${promptDownloads} where ${promptDownloads.promptId} = ${prompts.id} and ${promptDownloads.userId} = ${viewerId})`
      : sql<boolean>`false`,
  };
}

const SORT_COLUMN = {
  likes: prompts.likesCount,
  downloads: prompts.downloadsCount,
} as const;

/**
 * How many prompts, in the list's order from its cursor, a search looks through before it reads
 * the term's matches from the GIN indexes instead (decision 0152).
 */
export const SEARCH_WINDOW = 1000;

/**
 * The library with its filters. Keyset pagination: the cursor is the last prompt id seen; for
 * the likes and downloads orders the page continues after that prompt's (count, id) position.
 *
 * A search takes the cheaper of two paths, chosen at run time (as global search does: the
 * planner cannot estimate a rare word, and walked every prompt for one):
 * - window: the next SEARCH_WINDOW prompts in the list's order, from its own index; when they
 *   hold a page of matches, those are the page (the window is the order's beginning);
 * - matches: only when they do not (a term that thin has few matches, or the list ends), a
 *   second statement reads every match through the GIN indexes and sorts them; ordering by an
 *   expression keeps the planner off the order's index.
 */
export async function listPrompts(
  db: DbOrTx,
  query: PromptListQuery,
  viewerId: number | null,
  exclude?: SQL,
): Promise<PromptJoined[]> {
  // Prompts hidden pending review (reports, issue 8) leave the library.
  const where: SQL[] = [visible.prompt()];
  if (exclude) where.push(exclude);
  if (query.category) where.push(eq(prompts.category, query.category));
  if (query.difficulty) where.push(eq(prompts.difficulty, query.difficulty));
  if (query.aiModel) where.push(eq(prompts.aiModel, query.aiModel));
  if (query.cursor) {
    if (query.sort === "newest") where.push(lt(prompts.id, query.cursor));
    else {
      const col = SORT_COLUMN[query.sort];
      where.push(
        sql`(${col}, ${prompts.id}) < (select c.${sql.identifier(col.name)}, c.id from ${prompts} c where c.id = ${query.cursor})`,
      );
    }
  }
  const order =
    query.sort === "newest" ? [desc(prompts.id)] : [desc(SORT_COLUMN[query.sort]), desc(prompts.id)];
  const page = (conditions: SQL) =>
    db
      .select(promptColumns(viewerId))
      .from(prompts)
      .innerJoin(users, eq(users.id, prompts.authorId))
      .where(conditions)
      .orderBy(...order)
      .limit(query.limit);
  const base = and(...where)!;
  if (!query.search) return page(base);

  // The words of the term, each also as a word prefix, in the stored `search` vector (title,
  // description and content: decision 0152), or the term as one of the tags; both from GIN
  // indexes.
  const { web, prefix } = tsQueries(query.search);
  const match = sql`(${prompts.search} @@ ${web} or ${prompts.search} @@ ${prefix} or ${prompts.tags} @> array[${query.search}]::text[])`;
  const ordered = sql.join(order, sql`, `);
  // The window keeps the table's name as its alias, so the conditions' columns name its rows.
  const inWindow = await page(
    sql`${prompts.id} = any(array(select id from (select * from ${prompts} where ${base} order by ${ordered} limit ${SEARCH_WINDOW}) ${prompts}
      where ${match} order by ${ordered} limit ${query.limit}))`,
  );
  if (inWindow.length === query.limit) return inWindow;
  const unindexed =
    query.sort === "newest"
      ? sql`${prompts.id} + 0 desc`
      : sql`${SORT_COLUMN[query.sort]} + 0 desc, ${prompts.id} desc`;
  return page(
    sql`${prompts.id} = any(array(select id from ${prompts} where ${base} and ${match} order by ${unindexed} limit ${query.limit}))`,
  );
}

export async function findPrompt(
  db: DbOrTx,
  id: number,
  viewerId: number | null,
): Promise<PromptJoined | undefined> {
  const [row] = await db
    .select(promptColumns(viewerId))
    .from(prompts)
    .innerJoin(users, eq(users.id, prompts.authorId))
    .where(eq(prompts.id, id))
    .limit(1);
  return row;
}

/** What the share form sets (sharing and editing alike). */
export interface PromptValues {
  title: string;
  description: string;
  content: string;
  category: string;
  aiModel: string;
  difficulty: string;
  tags: string[];
}

export async function insertPrompt(db: DbOrTx, values: PromptValues & { authorId: number; createdAt: Date }) {
  const [row] = await db.insert(prompts).values(values).returning({ id: prompts.id });
  return row!;
}

/** The author's edit: every field the share form sets (owner in the WHERE clause). */
export async function updatePrompt(
  db: DbOrTx,
  id: number,
  authorId: number,
  values: PromptValues & { editedAt?: Date },
) {
  const [row] = await db
    .update(prompts)
    .set(values)
    .where(and(eq(prompts.id, id), eq(prompts.authorId, authorId)))
    .returning({ id: prompts.id });
  return row;
}

export async function deletePrompt(db: DbOrTx, id: number, authorId: number | null) {
  const [row] = await db
    .delete(prompts)
    .where(and(eq(prompts.id, id), authorId === null ? undefined : eq(prompts.authorId, authorId)))
    .returning({ id: prompts.id });
  return row;
}

export async function insertLike(db: DbOrTx, promptId: number, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .insert(promptLikes)
    .values({ promptId, userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ promptId: promptLikes.promptId });
  return rows.length > 0;
}

export async function deleteLike(db: DbOrTx, promptId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(promptLikes)
    .where(and(eq(promptLikes.promptId, promptId), eq(promptLikes.userId, userId)))
    .returning({ promptId: promptLikes.promptId });
  return rows.length > 0;
}

export async function insertDownload(
  db: DbOrTx,
  promptId: number,
  userId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(promptDownloads)
    .values({ promptId, userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ promptId: promptDownloads.promptId });
  return rows.length > 0;
}

/** Moves a prompt's counters in SQL (exact under concurrency); answers the new figures. */
export async function bumpPrompt(db: DbOrTx, id: number, delta: { likes?: number; downloads?: number }) {
  const [row] = await db
    .update(prompts)
    .set({
      likesCount: sql`${prompts.likesCount} + ${delta.likes ?? 0}`,
      downloadsCount: sql`${prompts.downloadsCount} + ${delta.downloads ?? 0}`,
    })
    .where(eq(prompts.id, id))
    .returning({ likes: prompts.likesCount, downloads: prompts.downloadsCount, authorId: prompts.authorId });
  return row;
}

export async function setModelVote(
  db: DbOrTx,
  promptId: number,
  userId: number,
  model: string,
  vote: 1 | -1,
  now: Date,
) {
  await db
    .insert(promptModelVotes)
    .values({ promptId, userId, model, vote, createdAt: now })
    .onConflictDoUpdate({
      target: [promptModelVotes.promptId, promptModelVotes.userId, promptModelVotes.model],
      set: { vote, createdAt: now },
    });
}

export async function clearModelVote(db: DbOrTx, promptId: number, userId: number, model: string) {
  await db
    .delete(promptModelVotes)
    .where(
      and(
        eq(promptModelVotes.promptId, promptId),
        eq(promptModelVotes.userId, userId),
        eq(promptModelVotes.model, model),
      ),
    );
}

/** Per model: thumbs up and down, and the viewer's own vote. */
export async function modelVoteTotals(db: DbOrTx, promptId: number, viewerId: number | null) {
  return db
    .select({
      model: promptModelVotes.model,
      up: sql<number>`count(*) filter (where ${promptModelVotes.vote} = 1)::int`,
      down: sql<number>`count(*) filter (where ${promptModelVotes.vote} = -1)::int`,
      mine: viewerId
        ? sql<
            number | null
          >`max(${promptModelVotes.vote}) filter (where ${promptModelVotes.userId} = ${viewerId})`
        : sql<number | null>`null`,
    })
    .from(promptModelVotes)
    .where(eq(promptModelVotes.promptId, promptId))
    .groupBy(promptModelVotes.model)
    .orderBy(asc(promptModelVotes.model));
}
