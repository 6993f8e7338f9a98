import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { PromptCategory } from "../../../common/prompts";
import { PROMPT_VOTE_MODELS } from "../../../common/prompts";
import type { Db } from "../../db/connect";
import { promptDownloads, promptLikes, promptModelVotes, prompts, users } from "../../db/schema";
import type { SeedStep } from "../../db/seed";
import { usernameSkeleton } from "../../platform/username-skeleton";
import { starterPrompts } from "./starter-prompts";

/**
 * The starter library is reference data: it exists with or without demo members. Its author is
 * "agora_team", a system member that cannot sign in (unusable password hash, reserved
 * `.invalid` address). With demo data on, the prompts are handed to demo members who fit them.
 */
export const SYSTEM_AUTHOR = { username: "agora_team", email: "agora_team@system.aiagora.invalid" } as const;

const HOUR = 60 * 60 * 1000;

export function seedKey(title: string): string {
  return `starter:${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;
}

async function systemAuthorId(db: Db): Promise<number | undefined> {
  await db
    .insert(users)
    .values({
      username: SYSTEM_AUTHOR.username,
      usernameSkeleton: usernameSkeleton(SYSTEM_AUTHOR.username),
      email: SYSTEM_AUTHOR.email,
      passwordHash: `!system$${randomBytes(16).toString("base64")}`,
      bio: "The AI Agora team. We curate the starter prompt library; this account cannot sign in.",
      generation: "millennial",
    })
    .onConflictDoNothing();
  // Looked up by the reserved address, never by the name a person could have registered.
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, SYSTEM_AUTHOR.email))
    .limit(1);
  return row?.id;
}

/** Round-robin over the categories, so the newest page of a fresh library mixes every kind. */
export function interleaveByCategory<T extends { category: string }>(items: T[]): T[] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  const out: T[] = [];
  for (let round = 0; out.length < items.length; round++) {
    for (const group of groups.values()) if (group[round]) out.push(group[round]!);
  }
  return out;
}

const promptsSeed: SeedStep = {
  name: "prompts",
  order: 30,
  demo: false,
  async run(ctx) {
    const authorId = await systemAuthorId(ctx.db);
    if (!authorId) {
      ctx.log.warn("prompt seed skipped: the system author could not be created");
      return;
    }
    const base = ctx.now().getTime() - starterPrompts.length * 5 * HOUR;
    for (const [i, p] of interleaveByCategory(starterPrompts).entries()) {
      await ctx.db
        .insert(prompts)
        .values({
          authorId,
          title: p.title,
          description: p.description,
          content: p.content,
          category: p.category,
          aiModel: p.aiModel,
          difficulty: p.difficulty,
          tags: p.tags,
          seedKey: seedKey(p.title),
          createdAt: new Date(base + i * 5 * HOUR),
        })
        .onConflictDoNothing();
    }
  },
};

/** Demo members who would plausibly have written each kind of prompt (see demo-content.ts). */
const DEMO_AUTHORS: Record<PromptCategory, string[]> = {
  writing: ["zoe_writes", "rachel_pm"],
  coding: ["maya_codes", "dave_devops"],
  business: ["tom_builds", "rachel_pm"],
  creative: ["jaylen_draws", "lena_designs", "walt_photog"],
  analysis: ["nurse_dana", "frank_retired", "tom_builds"],
  education: ["mr_okafor", "grandma_judy"],
};

/** A small deterministic spread (no randomness: reseeding gives the same figures). */
const pick = (i: number, j: number, mod: number) => (i * 7 + j * 13 + 3) % mod;

const promptDemoActivitySeed: SeedStep = {
  name: "prompt-demo-activity",
  order: 220,
  demo: true,
  async run(ctx) {
    const names = [...new Set(Object.values(DEMO_AUTHORS).flat())];
    const demo = await ctx.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.username, names));
    if (demo.length === 0) return;
    const idOf = new Map(demo.map((m) => [m.username, m.id]));
    const [system] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, SYSTEM_AUTHOR.email))
      .limit(1);
    const rows = await ctx.db
      .select({ id: prompts.id, seedKey: prompts.seedKey, authorId: prompts.authorId })
      .from(prompts)
      .where(isNotNull(prompts.seedKey));
    const byKey = new Map(rows.map((r) => [r.seedKey, r]));
    const touched = new Set<number>();

    for (const [i, p] of starterPrompts.entries()) {
      const row = byKey.get(seedKey(p.title));
      if (!row) continue;
      const candidates = DEMO_AUTHORS[p.category]
        .map((n) => idOf.get(n))
        .filter((id): id is number => id !== undefined);
      let authorId = row.authorId;
      if (system && row.authorId === system.id && candidates.length > 0) {
        authorId = candidates[i % candidates.length]!;
        await ctx.db
          .update(prompts)
          .set({ authorId })
          .where(and(eq(prompts.id, row.id), eq(prompts.authorId, system.id)));
      }
      // Likes, copies and "worked on" votes from a few members, never the author.
      for (const [j, member] of demo.entries()) {
        if (member.id === authorId || pick(i, j, 4) !== 0) continue;
        const liked = await ctx.db
          .insert(promptLikes)
          .values({ promptId: row.id, userId: member.id })
          .onConflictDoNothing()
          .returning({ id: promptLikes.promptId });
        const copied = await ctx.db
          .insert(promptDownloads)
          .values({ promptId: row.id, userId: member.id })
          .onConflictDoNothing()
          .returning({ id: promptDownloads.promptId });
        const model = PROMPT_VOTE_MODELS[pick(i, j, PROMPT_VOTE_MODELS.length)]!;
        await ctx.db
          .insert(promptModelVotes)
          .values({ promptId: row.id, userId: member.id, model, vote: pick(j, i, 5) === 0 ? -1 : 1 })
          .onConflictDoNothing();
        if (liked.length > 0 || copied.length > 0) touched.add(row.id);
      }
    }

    // Counters are recomputed only for prompts that received demo activity in this run.
    if (touched.size > 0) {
      await ctx.db.execute(sql`
        update prompts p set
          likes_count = (select count(*)::int from prompt_likes l where l.prompt_id = p.id),
          downloads_count = (select count(*)::int from prompt_downloads d where d.prompt_id = p.id)
        where p.id in (${sql.join(
          [...touched].map((id) => sql`${id}`),
          sql`, `,
        )})`);
    }
  },
};

/** This feature's seed steps, declared on the app's registry by its plugin (index.ts). */
export const seedSteps: readonly SeedStep[] = [promptsSeed, promptDemoActivitySeed];
