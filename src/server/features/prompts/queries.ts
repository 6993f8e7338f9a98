import { and, asc, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { PromptListQuery } from "../../../common/prompts";
import type { DbOrTx } from "../../db/connect";
import { promptDownloads, promptLikes, promptModelVotes, prompts, users } from "../../db/schema";
import { likePattern } from "../forums/public";
import { visible } from "../moderation/public";

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
 * The library with its filters. Keyset pagination: the cursor is the last prompt id seen; for
 * the likes and downloads orders the page continues after that prompt's (count, id) position.
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
  if (query.search) {
    where.push(
      sql`((${prompts.title} || ' ' || ${prompts.description}) ILIKE ${likePattern(query.search)} or ${prompts.tags} @> array[${query.search}]::text[])`,
    );
  }
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
  return db
    .select(promptColumns(viewerId))
    .from(prompts)
    .innerJoin(users, eq(users.id, prompts.authorId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(...order)
    .limit(query.limit);
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
