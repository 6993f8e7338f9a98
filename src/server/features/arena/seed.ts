import { eq, inArray, sql } from "drizzle-orm";
import type { ArenaChoice, ArenaTag } from "../../../common/arena";
import type { Generation } from "../../../common/constants";
import { aiModels, arenaBattles, arenaVotes, users } from "../../db/schema";
import type { SeedStep } from "../../db/seed";
import { recomputeBoards } from "./recompute";
import { seededRandom } from "./stats";

/**
 * Demo battles and votes (issue 22 item 6): enough across the four generations that a fresh start
 * shows a meaningful board. Deterministic (a seeded generator); each generation has its own taste,
 * so the generation views and their agreement differ. Runs once: skipped when battles exist.
 */

const MODELS = [
  "gpt-4o",
  "claude-3-5-sonnet",
  "gemini-1-5-pro",
  "llama-3-1-405b",
  "mistral-large-2",
  "qwen2-5-72b",
  "gpt-4o-mini",
  "claude-3-haiku",
] as const;

/** Log-strengths by generation, in MODELS order (the demo's "truth"). */
const TASTE: Record<Generation, number[]> = {
  genz: [0.6, 0.5, 0.3, 0.2, -0.1, 0.1, -0.3, -0.5],
  millennial: [0.5, 0.7, 0.2, 0.0, 0.0, -0.1, -0.4, -0.4],
  genx: [0.3, 0.6, 0.4, -0.2, 0.1, -0.2, -0.2, -0.3],
  boomer: [0.4, 0.3, 0.6, -0.3, 0.2, -0.4, 0.0, -0.2],
};

interface DemoPrompt {
  prompt: string;
  category: "Language Models" | "Code Generation";
  tags: ArenaTag[];
  answers: [string, string];
}

const PROMPTS: DemoPrompt[] = [
  {
    prompt: "Explain the difference between a list and a tuple in Python to a beginner.",
    category: "Code Generation",
    tags: ["coding", "education"],
    answers: [
      "A **list** can change after you create it (add, remove or replace items); a **tuple** cannot. Use a list for a shopping cart, a tuple for fixed things like coordinates `(x, y)`.",
      "Lists are mutable and use square brackets: `[1, 2, 3]`. Tuples are immutable and use parentheses: `(1, 2, 3)`. Tuples can be dictionary keys; lists cannot.",
    ],
  },
  {
    prompt: "Write a SQL query that returns the three customers with the highest total order value.",
    category: "Code Generation",
    tags: ["coding", "analysis"],
    answers: [
      "```sql\nSELECT customer_id, SUM(total) AS spent\nFROM orders\nGROUP BY customer_id\nORDER BY spent DESC\nLIMIT 3;\n```",
      "```sql\nSELECT c.name, SUM(o.total) AS total_value\nFROM customers c JOIN orders o ON o.customer_id = c.id\nGROUP BY c.name\nORDER BY total_value DESC\nFETCH FIRST 3 ROWS ONLY;\n```",
    ],
  },
  {
    prompt: "Write a short, warm note thanking a neighbor who watered my plants while I was away.",
    category: "Language Models",
    tags: ["writing", "everyday"],
    answers: [
      "Hi Sam, thank you so much for looking after my plants! They look happier than when I left. Coffee's on me this week.",
      "Dear Sam, I came home to thriving plants and a tidy porch. Thank you for your kindness; please let me return the favor anytime.",
    ],
  },
  {
    prompt:
      "A bat and a ball cost $1.10 together. The bat costs $1.00 more than the ball. How much is the ball?",
    category: "Language Models",
    tags: ["reasoning", "math"],
    answers: [
      "The ball costs $0.05. If the ball is x, the bat is x + 1.00, so 2x + 1.00 = 1.10 and x = 0.05.",
      "Let the ball be b. Then b + (b + 1) = 1.10, so b = $0.05 and the bat is $1.05. (Not $0.10: that would make the total $1.20.)",
    ],
  },
  {
    prompt: "Summarize the main causes of inflation in three bullet points for a high school class.",
    category: "Language Models",
    tags: ["education", "analysis"],
    answers: [
      "- Demand grows faster than what can be produced\n- Costs such as energy and wages rise\n- More money in circulation than goods to buy",
      "- **Demand-pull**: people want to buy more than the economy makes\n- **Cost-push**: making things gets more expensive\n- **Expectations**: if everyone expects prices to rise, they do",
    ],
  },
  {
    prompt: "Write a four-line poem about a city waking up in the rain.",
    category: "Language Models",
    tags: ["creative", "writing"],
    answers: [
      "Umbrellas bloom on gray-lit streets,\nThe buses sigh through puddled beats,\nA baker's window fogs with bread,\nThe rain hums softly overhead.",
      "Streetlights blink their last goodnight,\nRain rinses windows into light,\nCoffee steam and hurried feet,\nThe city stretches, damp and sweet.",
    ],
  },
  {
    prompt: "What should I check before signing a one-year apartment lease?",
    category: "Language Models",
    tags: ["everyday", "research"],
    answers: [
      "Check the rent and what it includes, the deposit and how it is returned, who fixes what, rules on guests and pets, the notice period, and the apartment's condition (take photos).",
      "1. Total monthly cost (rent, utilities, fees)\n2. Deposit terms\n3. Maintenance duties\n4. Early termination clause\n5. Renewal and rent increases\n6. A written move-in inspection",
    ],
  },
  {
    prompt:
      "Refactor this JavaScript to use async/await: fetch(url).then(r => r.json()).then(d => console.log(d)).catch(console.error)",
    category: "Code Generation",
    tags: ["coding"],
    answers: [
      "```js\nasync function show(url) {\n  try {\n    const r = await fetch(url);\n    console.log(await r.json());\n  } catch (err) {\n    console.error(err);\n  }\n}\n```",
      '```js\nconst show = async (url) => {\n  const response = await fetch(url);\n  if (!response.ok) throw new Error("HTTP " + response.status);\n  console.log(await response.json());\n};\nshow(url).catch(console.error);\n```',
    ],
  },
  {
    prompt: "Compare renting and buying a home for someone who may move in three years.",
    category: "Language Models",
    tags: ["analysis", "reasoning"],
    answers: [
      "With a three-year horizon, renting usually wins: buying has closing costs of several percent on each end that take years of appreciation to recover.",
      "It depends on local prices, but transaction costs (often 6-10% round trip) make buying risky for short stays. Run a rent-vs-buy calculator with your numbers.",
    ],
  },
  {
    prompt: "Explain photosynthesis to a ten-year-old in two sentences.",
    category: "Language Models",
    tags: ["education"],
    answers: [
      "Plants catch sunlight with their green leaves and use it to turn water and air into sugar, their food. While they do it, they breathe out the oxygen we need.",
      "Leaves are like tiny solar kitchens that cook sugar from sunlight, water and carbon dioxide. The leftover they release is oxygen, which is great news for us!",
    ],
  },
  {
    prompt: "Draft a polite email asking my manager for a day off next Friday.",
    category: "Language Models",
    tags: ["writing", "everyday"],
    answers: [
      "Subject: Day off request for Friday\n\nHi Jordan, could I take next Friday off? My tasks will be wrapped up by Thursday and Alex has agreed to cover anything urgent. Thank you!",
      "Hi Jordan,\n\nI'd like to request a personal day next Friday. I'll make sure my work is covered before then. Please let me know if that works.\n\nBest regards",
    ],
  },
  {
    prompt: "Give me three research questions about how older adults use voice assistants.",
    category: "Language Models",
    tags: ["research", "analysis"],
    answers: [
      "1. Which everyday tasks do adults over 65 delegate to voice assistants?\n2. How does perceived privacy risk affect their use?\n3. Does regular use change feelings of loneliness?",
      "- What barriers stop older adults from adopting voice assistants?\n- How do they recover from misunderstandings?\n- Do family members shape how the assistant is set up and used?",
    ],
  },
];

const BATTLES = 144;
/** Each demo member votes on this share of the battles they may vote on. */
const VOTE_SHARE = 0.85;

export const arenaDemoSeed: SeedStep = {
  name: "arena-demo",
  order: 260,
  demo: true,
  async run(ctx) {
    const [existing] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(arenaBattles);
    if ((existing?.n ?? 0) > 0) return;
    const members = await ctx.db
      .select({ id: users.id, generation: users.generation })
      .from(users)
      .where(eq(users.isDemo, 1))
      .orderBy(users.id);
    const models = await ctx.db
      .select({ id: aiModels.id, slug: aiModels.slug })
      .from(aiModels)
      .where(inArray(aiModels.slug, [...MODELS]));
    const idOf = new Map(models.map((m) => [m.slug, m.id]));
    const present = MODELS.map((slug, i) => ({ index: i, id: idOf.get(slug) })).filter(
      (m): m is { index: number; id: number } => m.id !== undefined,
    );
    if (members.length < 2 || present.length < 2) return;

    const random = seededRandom(22);
    const pickInt = (n: number) => Math.floor(random() * n);
    const start = ctx.now().getTime() - 30 * 86_400_000;
    const battles = Array.from({ length: BATTLES }, (_, k) => {
      const p = PROMPTS[k % PROMPTS.length]!;
      const first = pickInt(present.length);
      let second = pickInt(present.length - 1);
      if (second >= first) second++;
      const swap = random() < 0.5;
      const day = new Date(start + k * 4 * 3_600_000);
      return {
        submitterId: members[k % members.length]!.id,
        prompt: p.prompt,
        category: p.category,
        tags: p.tags,
        modelAId: present[first]!.id,
        modelBId: present[second]!.id,
        responseA: p.answers[swap ? 1 : 0],
        responseB: p.answers[swap ? 0 : 1],
        versionA: "",
        versionB: "",
        usedOnA: day.toISOString().slice(0, 10),
        usedOnB: day.toISOString().slice(0, 10),
        createdAt: day,
        truth: [present[first]!.index, present[second]!.index] as const,
      };
    });
    const inserted = await ctx.db
      .insert(arenaBattles)
      .values(battles.map(({ truth: _truth, ...b }) => b))
      .returning({ id: arenaBattles.id });

    const votes: Array<typeof arenaVotes.$inferInsert> = [];
    inserted.forEach(({ id }, k) => {
      const battle = battles[k]!;
      for (const member of members) {
        if (member.id === battle.submitterId || random() > VOTE_SHARE) continue;
        const taste = TASTE[member.generation as Generation] ?? TASTE.millennial;
        const [ia, ib] = battle.truth;
        const pa = 1 / (1 + Math.exp(taste[ib]! - taste[ia]!));
        const u = random();
        const choice: ArenaChoice = u < 0.08 ? "tie" : u < 0.12 ? "bad" : random() < pa ? "a" : "b";
        votes.push({
          battleId: id,
          voterId: member.id,
          choice,
          voterGeneration: member.generation,
          createdAt: new Date(battle.createdAt.getTime() + (1 + pickInt(48)) * 3_600_000),
        });
      }
    });
    for (let i = 0; i < votes.length; i += 1000) {
      await ctx.db.insert(arenaVotes).values(votes.slice(i, i + 1000));
    }
    await ctx.db.execute(
      sql`UPDATE arena_battles b SET vote_count = v.n
          FROM (SELECT battle_id, count(*)::int AS n FROM arena_votes GROUP BY battle_id) v
          WHERE v.battle_id = b.id`,
    );
    await recomputeBoards(ctx);
  },
};
