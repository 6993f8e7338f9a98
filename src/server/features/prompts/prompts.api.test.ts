import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_MODEL_IDS } from "../../../common/models";
import { PROMPT_CATEGORIES } from "../../../common/prompts";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";
import { starterPrompts } from "./starter-prompts";

let t: TestApp;
const likedEvents: { actorId: number; promptId: number; ownerId: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({ demo: false });
  t.ctx.events.on("prompt.liked", async (payload) => {
    likedEvents.push(payload);
  });
});
afterAll(async () => t?.close());

type PromptJson = {
  id: number;
  title: string;
  category: string;
  aiModel: string;
  difficulty: string;
  tags: string[];
  likes: number;
  downloads: number;
  liked: boolean;
  downloaded: boolean;
  author: { id: number; username: string };
};

const list = async (query = "", as?: TestMember) => {
  const res = await t.inject({ method: "GET", url: `/api/prompts${query ? `?${query}` : ""}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PromptJson[];
};

let contentSeq = 0;
async function share(as: TestMember, overrides: Record<string, unknown> = {}) {
  const res = await t.inject({
    method: "POST",
    url: "/api/prompts",
    as,
    payload: {
      title: `Prompt ${randomTag(6)}`,
      content: `Explain [TOPIC] to a curious twelve-year-old in five sentences (variant ${++contentSeq}).`,
      description: "Short explanations",
      category: "education",
      aiModel: "any",
      difficulty: "beginner",
      tags: ["explain", "kids"],
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PromptJson;
}

describe("the starter library", () => {
  it("holds at least 30 prompts across the six categories, authored by the system member", async () => {
    const all = await list("limit=100");
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(all.length).toBe(starterPrompts.length);
    expect(new Set(all.map((p) => p.category))).toEqual(new Set(PROMPT_CATEGORIES));
    expect(new Set(all.map((p) => p.author.username))).toEqual(new Set(["agora_team"]));
    const stats = (await t.inject({ method: "GET", url: "/api/stats" })).json();
    expect(stats.prompts).toBe(starterPrompts.length);
  });

  it("is not duplicated by seeding again", async () => {
    await t.seed({ demo: false });
    expect((await list("limit=100")).length).toBe(starterPrompts.length);
  });

  it("the system author cannot sign in", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "agora_team", password: "password123" },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("filters, sort and pagination", () => {
  it("filters by category, difficulty, model and search", async () => {
    const coding = await list("category=coding&limit=100");
    expect(coding.length).toBe(starterPrompts.filter((p) => p.category === "coding").length);
    expect(coding.every((p) => p.category === "coding")).toBe(true);
    const advanced = await list("difficulty=advanced&limit=100");
    expect(advanced.length).toBeGreaterThan(0);
    expect(advanced.every((p) => p.difficulty === "advanced")).toBe(true);
    const claude = await list("aiModel=claude&limit=100");
    expect(claude.every((p) => p.aiModel === "claude")).toBe(true);
    const both = await list("category=writing&difficulty=beginner&limit=100");
    expect(both.every((p) => p.category === "writing" && p.difficulty === "beginner")).toBe(true);
    const search = await list(`search=${encodeURIComponent("cold EMAIL")}`);
    expect(search.map((p) => p.title)).toContain("Cold Email That Gets Replies");
    const byTag = await list("search=outreach");
    expect(byTag.map((p) => p.title)).toContain("Cold Email That Gets Replies");
    expect(await list("search=no-such-prompt-anywhere")).toEqual([]);
    expect((await list("category=")).length).toBe(20);
  });

  it("search finds the words of the title, description and content, their prefixes and other forms, and a tag", async () => {
    const m = await t.register();
    const word = `zyx${randomTag(8)
      .toLowerCase()
      .replace(/[^a-z]/g, "q")}`;
    const inContent = await share(m, {
      title: "Onboarding checklist",
      content: `Write an onboarding checklist for a ${word} team of [SIZE] people.`,
    });
    const inTitle = await share(m, { title: `Weekly ${word} digest`, category: "writing" });
    const inDescription = await share(m, {
      description: `Summaries for ${word} readers`,
      category: "writing",
    });
    const ids = (rows: PromptJson[]) => rows.map((p) => p.id).sort((a, b) => a - b);
    const all = [inContent.id, inTitle.id, inDescription.id].sort((a, b) => a - b);
    // The content is searched too (the library matched only title and description before).
    expect(ids(await list(`search=${word}`))).toEqual(all);
    // A word's beginning finds it; so does another form of a word ("emails" → "Cold Email…").
    expect(ids(await list(`search=${word.slice(0, 6)}`))).toEqual(all);
    expect((await list("search=emails")).map((p) => p.title)).toContain("Cold Email That Gets Replies");
    // Every word of the term must match; filters and sorts combine with it, and the cursor pages.
    expect(ids(await list(`search=${encodeURIComponent(`weekly ${word}`)}`))).toEqual([inTitle.id]);
    expect(ids(await list(`search=${word}&category=writing`))).toEqual(
      [inTitle.id, inDescription.id].sort((a, b) => a - b),
    );
    const first = await list(`search=${word}&sort=likes&limit=2`);
    const rest = await list(`search=${word}&sort=likes&limit=2&cursor=${first.at(-1)!.id}`);
    expect(ids([...first, ...rest])).toEqual(all);
    // Punctuation alone, or a stop word, matches nothing rather than failing.
    for (const term of ["%_\\", "'\"&|!:*()", "the"]) {
      expect(await list(`search=${encodeURIComponent(term)}`)).toEqual([]);
    }
  });

  it.each([
    ["category=poetry", "Category must be one of writing, coding, business, creative, analysis, education"],
    ["difficulty=expert", "Difficulty must be one of beginner, intermediate, advanced"],
    ["aiModel=gpt-9", `AI model must be one of ${AI_MODEL_IDS.join(", ")}`],
    ["sort=random", "sort must be one of newest, likes, downloads"],
    ["limit=101", "limit must be at most 100"],
    ["cursor=-1", "cursor must be positive"],
  ])("refuses %s with 400 naming the allowed values", async (query, message) => {
    const res = await t.inject({ method: "GET", url: `/api/prompts?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("newest first, and the cursor walks the whole library without overlap", async () => {
    const all = await list("limit=100");
    const ids = all.map((p) => p.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const seen: number[] = [];
    let cursor: number | undefined;
    for (;;) {
      const page = await list(`limit=7${cursor ? `&cursor=${cursor}` : ""}`);
      if (page.length === 0) break;
      seen.push(...page.map((p) => p.id));
      cursor = page.at(-1)!.id;
    }
    expect(seen).toEqual(ids);
  });

  it("sorts by likes and by downloads, with keyset pages in that order", async () => {
    const members = await Promise.all([t.register(), t.register(), t.register()]);
    const all = await list("limit=100");
    const [p1, p2, p3] = [all[5]!, all[10]!, all[15]!];
    for (const m of members) await t.inject({ method: "POST", url: `/api/prompts/${p1.id}/like`, as: m });
    for (const m of members.slice(0, 2))
      await t.inject({ method: "POST", url: `/api/prompts/${p2.id}/like`, as: m });
    await t.inject({ method: "POST", url: `/api/prompts/${p3.id}/like`, as: members[0]! });
    await t.inject({ method: "POST", url: `/api/prompts/${p3.id}/download`, as: members[0]! });
    await t.inject({ method: "POST", url: `/api/prompts/${p3.id}/download`, as: members[1]! });

    const byLikes = await list("sort=likes&limit=3");
    expect(byLikes.map((p) => p.id)).toEqual([p1.id, p2.id, p3.id]);
    expect(byLikes.map((p) => p.likes)).toEqual([3, 2, 1]);
    const fullLikes = await list("sort=likes&limit=100");
    const walked: number[] = [];
    let cursor: number | undefined;
    for (;;) {
      const page = await list(`sort=likes&limit=6${cursor ? `&cursor=${cursor}` : ""}`);
      if (page.length === 0) break;
      walked.push(...page.map((p) => p.id));
      cursor = page.at(-1)!.id;
    }
    expect(walked).toEqual(fullLikes.map((p) => p.id));
    expect(new Set(walked).size).toBe(walked.length);

    const byDownloads = await list("sort=downloads&limit=1");
    expect(byDownloads[0]).toMatchObject({ id: p3.id, downloads: 2 });
  });
});

describe("sharing a prompt", () => {
  it("needs a session", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/prompts",
      payload: { title: "T", content: "Some content" },
    });
    expect(res.statusCode).toBe(401);
  });

  it("creates it with trimmed comma separated tags and sensible defaults", async () => {
    const m = await t.register();
    const res = await t.inject({
      method: "POST",
      url: "/api/prompts",
      as: m,
      payload: {
        title: "  Haiku generator ",
        content: " Write a haiku about [SUBJECT]. ",
        tags: " poetry, ,short ,, #Haiku, POETRY ",
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: "Haiku generator",
      content: "Write a haiku about [SUBJECT].",
      description: "",
      category: "writing",
      aiModel: "any",
      difficulty: "beginner",
      tags: ["poetry", "short", "Haiku"],
      likes: 0,
      downloads: 0,
      liked: false,
      isOwn: true,
      canDelete: true,
      author: { id: m.id, username: m.username },
    });
    expect((await list("limit=1"))[0]!.id).toBe(res.json().id);
  });

  it("keeps HTML as text", async () => {
    const m = await t.register();
    const p = await share(m, {
      title: "<b>Bold</b> title",
      content: "<script>alert('x')</script> then explain",
    });
    const detail = (await t.inject({ method: "GET", url: `/api/prompts/${p.id}` })).json();
    expect(detail.title).toBe("<b>Bold</b> title");
    expect(detail.content).toBe("<script>alert('x')</script> then explain");
  });

  it.each([
    [{ content: "Some content" }, "Please fill in the title and content."],
    [{ title: "Title" }, "Please fill in the title and content."],
    [{ title: "   ", content: "Some content" }, "Please fill in the title and content."],
    [{ title: "Title", content: "  \n " }, "Please fill in the title and content."],
    [
      { title: "Title", content: "Content", category: "poetry" },
      "Category must be one of writing, coding, business, creative, analysis, education",
    ],
    [
      { title: "Title", content: "Content", difficulty: "expert" },
      "Difficulty must be one of beginner, intermediate, advanced",
    ],
    [
      { title: "Title", content: "Content", aiModel: "Any model" },
      `AI model must be one of ${AI_MODEL_IDS.join(", ")}`,
    ],
    [{ title: "Title", content: "Content", tags: "a,b,c,d,e,f,g,h,i,j,k" }, "Too many tags: at most 10"],
    [
      { title: "Title", content: "Content", tags: ["x".repeat(31)] },
      "Each tag must be at most 30 characters",
    ],
    [
      { title: "Title", content: "Content", tags: Array.from({ length: 10_000 }, (_, i) => `t${i}`) },
      "Too many tags",
    ],
    [
      {
        title: "Title",
        content: "Content",
        tags: Array.from({ length: 10_000 }, (_, i) => `t${i}`).join(","),
      },
      "Too many tags",
    ],
    [{ title: "Title", content: "Content", tags: 42 }, "Tags must be"],
    [{ title: "Title", content: "x".repeat(10_001) }, "Prompt content must be at most 10,000 characters"],
    [{ title: "x".repeat(121), content: "Content" }, "Title must be at most 120 characters"],
    [{ title: "Title", content: "Content", likes: 1000 }, "Unknown field"],
    [{ title: "Title\u0007", content: "Content" }, "not allowed"],
  ])("refuses bad input %# with 400", async (payload, message) => {
    const m = await t.register();
    const before = (await t.inject({ method: "GET", url: "/api/stats" })).json().prompts;
    const res = await t.inject({ method: "POST", url: "/api/prompts", as: m, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await t.inject({ method: "GET", url: "/api/stats" })).json().prompts).toBe(before);
  });

  it("refuses a 1 MB prompt with 413, not 500", async () => {
    const m = await t.register();
    const res = await t.inject({
      method: "POST",
      url: "/api/prompts",
      as: m,
      payload: { title: "Huge", content: "x".repeat(1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
  });
});

describe("likes", () => {
  it("toggle with an exact count and announce the like to the author", async () => {
    const [author, fan] = [await t.register(), await t.register()];
    const p = await share(author);
    likedEvents.length = 0;
    const like = await t.inject({ method: "POST", url: `/api/prompts/${p.id}/like`, as: fan });
    expect(like.json()).toEqual({ liked: true, likes: 1 });
    expect(likedEvents).toEqual([{ actorId: fan.id, promptId: p.id, ownerId: author.id }]);
    expect((await t.inject({ method: "GET", url: `/api/prompts/${p.id}`, as: fan })).json()).toMatchObject({
      liked: true,
      likes: 1,
    });
    const unlike = await t.inject({ method: "POST", url: `/api/prompts/${p.id}/like`, as: fan });
    expect(unlike.json()).toEqual({ liked: false, likes: 0 });
    expect(likedEvents).toHaveLength(1);

    likedEvents.length = 0;
    await t.inject({ method: "POST", url: `/api/prompts/${p.id}/like`, as: author });
    expect(likedEvents).toEqual([]);
  });

  it("stay exact under concurrency", async () => {
    const author = await t.register();
    const p = await share(author);
    const fans = await Promise.all(Array.from({ length: 8 }, () => t.register()));
    const results = await Promise.all(
      fans.map((m) => t.inject({ method: "POST", url: `/api/prompts/${p.id}/like`, as: m })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect((await t.inject({ method: "GET", url: `/api/prompts/${p.id}` })).json().likes).toBe(8);

    // The same member toggling twice at once: the count always equals the likes that exist.
    const doubles = await Promise.all(
      [0, 1, 2].map(() => t.inject({ method: "POST", url: `/api/prompts/${p.id}/like`, as: fans[0]! })),
    );
    const detail = (await t.inject({ method: "GET", url: `/api/prompts/${p.id}`, as: fans[0]! })).json();
    expect(detail.likes).toBe(detail.liked ? 8 : 7);
    expect(doubles.every((r) => r.statusCode === 200)).toBe(true);
  });

  it("need a session and an existing prompt", async () => {
    expect((await t.inject({ method: "POST", url: "/api/prompts/1/like" })).statusCode).toBe(401);
    const m = await t.register();
    expect((await t.inject({ method: "POST", url: "/api/prompts/999999/like", as: m })).statusCode).toBe(404);
  });
});

describe("copies (downloads)", () => {
  it("count once per member per prompt", async () => {
    const [author, a, b] = [await t.register(), await t.register(), await t.register()];
    const p = await share(author);
    const first = await t.inject({ method: "POST", url: `/api/prompts/${p.id}/download`, as: a });
    expect(first.json()).toEqual({ counted: true, downloads: 1 });
    const again = await t.inject({ method: "POST", url: `/api/prompts/${p.id}/download`, as: a });
    expect(again.json()).toEqual({ counted: false, downloads: 1 });
    const concurrent = await Promise.all(
      [0, 1, 2].map(() => t.inject({ method: "POST", url: `/api/prompts/${p.id}/download`, as: b })),
    );
    expect(concurrent.filter((r) => r.json().counted)).toHaveLength(1);
    const detail = (await t.inject({ method: "GET", url: `/api/prompts/${p.id}`, as: b })).json();
    expect(detail).toMatchObject({ downloads: 2, downloaded: true });
    expect((await t.inject({ method: "POST", url: `/api/prompts/${p.id}/download` })).statusCode).toBe(401);
    expect((await t.inject({ method: "POST", url: "/api/prompts/999999/download", as: a })).statusCode).toBe(
      404,
    );
  });
});

describe("per-model votes", () => {
  it("record one up or down per member and model, shown with counts", async () => {
    const [author, a, b] = [await t.register(), await t.register(), await t.register()];
    const p = await share(author);
    const url = `/api/prompts/${p.id}/model-votes`;
    const fresh = (await t.inject({ method: "GET", url: `/api/prompts/${p.id}` })).json();
    expect(fresh.modelVotes.map((v: { model: string }) => v.model)).toEqual([
      "chatgpt",
      "claude",
      "gemini",
      "llama",
    ]);
    expect(
      fresh.modelVotes.every(
        (v: { up: number; down: number; myVote: null }) => v.up === 0 && v.down === 0 && v.myVote === null,
      ),
    ).toBe(true);

    const up = await t.inject({ method: "POST", url, as: a, payload: { model: "claude", vote: "up" } });
    expect(up.statusCode).toBe(200);
    expect(up.json().find((v: { model: string }) => v.model === "claude")).toEqual({
      model: "claude",
      label: "Claude",
      up: 1,
      down: 0,
      myVote: "up",
    });
    await t.inject({ method: "POST", url, as: b, payload: { model: "claude", vote: "down" } });
    await t.inject({ method: "POST", url, as: b, payload: { model: "gemini", vote: "up" } });
    // Changing one's mind replaces the vote; null takes it back.
    await t.inject({ method: "POST", url, as: a, payload: { model: "claude", vote: "down" } });
    let votes = (await t.inject({ method: "GET", url: `/api/prompts/${p.id}`, as: a })).json().modelVotes;
    expect(votes.find((v: { model: string }) => v.model === "claude")).toMatchObject({
      up: 0,
      down: 2,
      myVote: "down",
    });
    expect(votes.find((v: { model: string }) => v.model === "gemini")).toMatchObject({
      up: 1,
      down: 0,
      myVote: null,
    });
    await t.inject({ method: "POST", url, as: a, payload: { model: "claude", vote: null } });
    votes = (await t.inject({ method: "GET", url: `/api/prompts/${p.id}` })).json().modelVotes;
    expect(votes.find((v: { model: string }) => v.model === "claude")).toMatchObject({
      up: 0,
      down: 1,
      myVote: null,
    });
  });

  it.each([
    [{ model: "gpt-9", vote: "up" }, "model must be one of chatgpt, claude, gemini, llama"],
    [{ model: "claude", vote: "maybe" }, 'vote must be "up", "down" or null'],
    [{ model: "claude" }, 'vote must be "up", "down" or null'],
    [{ model: "claude", vote: "up", weight: 10 }, "Unknown field"],
  ])("refuse bad input %# with 400", async (payload, message) => {
    const m = await t.register();
    const [p] = await list("limit=1");
    const res = await t.inject({ method: "POST", url: `/api/prompts/${p!.id}/model-votes`, as: m, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("need a session and an existing prompt", async () => {
    expect(
      (
        await t.inject({
          method: "POST",
          url: "/api/prompts/1/model-votes",
          payload: { model: "claude", vote: "up" },
        })
      ).statusCode,
    ).toBe(401);
    const m = await t.register();
    const res = await t.inject({
      method: "POST",
      url: "/api/prompts/999999/model-votes",
      as: m,
      payload: { model: "claude", vote: "up" },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("deleting a prompt", () => {
  it("is for its author or an administrator", async () => {
    const [author, other, admin] = [await t.register(), await t.register(), await t.register()];
    await t.makeAdmin(admin);
    const p1 = await share(author);
    const p2 = await share(author);
    expect((await t.inject({ method: "DELETE", url: `/api/prompts/${p1.id}`, as: other })).statusCode).toBe(
      403,
    );
    expect((await t.inject({ method: "DELETE", url: `/api/prompts/${p1.id}` })).statusCode).toBe(401);
    expect((await t.inject({ method: "DELETE", url: `/api/prompts/${p1.id}`, as: author })).statusCode).toBe(
      200,
    );
    expect((await t.inject({ method: "GET", url: `/api/prompts/${p1.id}` })).statusCode).toBe(404);
    expect((await t.inject({ method: "DELETE", url: `/api/prompts/${p2.id}`, as: admin })).statusCode).toBe(
      200,
    );
    expect((await t.inject({ method: "DELETE", url: `/api/prompts/${p2.id}`, as: admin })).statusCode).toBe(
      404,
    );
  });
});

describe("demo activity", () => {
  it("hands the starter prompts to demo members and adds likes with exact counts", async () => {
    await t.seed({ demo: true });
    await t.seed({ demo: true });
    const all = await list("limit=100");
    const starters = all.filter((p) => starterPrompts.some((s) => s.title === p.title));
    expect(starters).toHaveLength(starterPrompts.length);
    expect(starters.some((p) => p.author.username === "agora_team")).toBe(false);
    expect(starters.some((p) => p.likes > 0)).toBe(true);
    const fan = await t.register();
    const target = starters.find((p) => p.likes > 0)!;
    const res = await t.inject({ method: "POST", url: `/api/prompts/${target.id}/like`, as: fan });
    expect(res.json()).toEqual({ liked: true, likes: target.likes + 1 });
  });
});

describe("moderation (the same pipeline as posts)", () => {
  it("refuses prohibited language in a prompt's text, title or tags, and prompts over the length limit", async () => {
    const m = await t.register();
    for (const payload of [
      { title: "Clean", content: "Write a fucking poem about spring." },
      { title: "Shit prompt", content: "Write a poem about spring." },
      { title: "Clean", content: "Write a poem about autumn.", tags: "poetry, fuck" },
    ]) {
      const res = await t.inject({ method: "POST", url: "/api/prompts", as: m, payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toContain("prohibited");
    }
    const long = await t.inject({
      method: "POST",
      url: "/api/prompts",
      as: m,
      payload: { title: "Long", content: Array.from({ length: 400 }, (_, i) => `step${i} please`).join(" ") },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toContain("too long");
  });
});

describe("editing a prompt (issue 25 item 16)", () => {
  const edit = (as: TestMember | undefined, id: number, payload: Record<string, unknown>) =>
    t.inject({ method: "PUT", url: `/api/prompts/${id}`, as, payload });
  const changes = {
    title: "  A sharper title  ",
    content: "Rewrite [TEXT] as a friendly email of at most 120 words.",
    description: "Friendlier emails",
    category: "business",
    aiModel: "claude",
    difficulty: "advanced",
    tags: " email, tone ,",
  };

  it("lets the author change every field of the share form, and says isOwn", async () => {
    const author = await t.register();
    const prompt = await share(author);
    const res = await edit(author, prompt.id, changes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: prompt.id,
      title: "A sharper title",
      content: changes.content,
      description: "Friendlier emails",
      category: "business",
      aiModel: "claude",
      difficulty: "advanced",
      tags: ["email", "tone"],
      isOwn: true,
    });
    const shown = await t.inject({ method: "GET", url: `/api/prompts/${prompt.id}` });
    expect(shown.json()).toMatchObject({ title: "A sharper title", aiModel: "claude", isOwn: false });
    const mine = await t.inject({ method: "GET", url: `/api/prompts/${prompt.id}`, as: author });
    expect(mine.json().isOwn).toBe(true);
  });

  it("is for the author only: another member or an admin gets 403 and nothing changes", async () => {
    const [author, other, admin] = [await t.register(), await t.register(), await t.register()];
    await t.makeAdmin(admin);
    const prompt = await share(author);
    for (const intruder of [other, admin]) {
      const res = await edit(intruder, prompt.id, changes);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Only the author can edit this prompt");
    }
    expect((await edit(undefined, prompt.id, changes)).statusCode).toBe(401);
    expect((await edit(author, 9_999_999, changes)).statusCode).toBe(404);
    const after = await t.inject({ method: "GET", url: `/api/prompts/${prompt.id}` });
    expect(after.json()).toMatchObject({ title: prompt.title, category: "education", aiModel: "any" });
  });

  it("validates like sharing: required fields, the lists, unknown fields, moderation", async () => {
    const author = await t.register();
    const prompt = await share(author);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...changes, title: " " }, 400, "Please fill in the title and content."],
      [{ ...changes, content: "" }, 400, "Please fill in the title and content."],
      [{ ...changes, category: "poetry" }, 400, "Category must be one of"],
      [{ ...changes, aiModel: "ChatGPT" }, 400, "AI model must be one of"],
      [{ ...changes, difficulty: "expert" }, 400, "Difficulty must be one of"],
      [{ ...changes, likes: 1000 }, 400, ""],
      [{ ...changes, title: "Total shit prompt" }, 422, "prohibited"],
    ];
    for (const [payload, status, message] of cases) {
      const res = await edit(author, prompt.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    const after = await t.inject({ method: "GET", url: `/api/prompts/${prompt.id}` });
    expect(after.json()).toMatchObject({ title: prompt.title, likes: 0 });
  });
});
