import { sql } from "drizzle-orm";
import { AI_MODEL_IDS } from "../../../common/models";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/connect";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";
import { starterForums } from "./starter-forums";

let t: TestApp;
const mentioned: { actorId: number; userIds: number[]; url: string; excerpt: string }[] = [];
const replied: { actorId: number; threadId: number; replyId: number; forumId: number; ownerId: number }[] =
  [];

beforeAll(async () => {
  t = await createTestApp();
  await t.seed({ demo: false });
  t.ctx.events.on("member.mentioned", async (payload) => {
    mentioned.push(payload);
  });
  t.ctx.events.on("thread.replied", async (payload) => {
    replied.push(payload);
  });
});
afterAll(async () => t?.close());

let forumSeq = 0;
async function newForum(as: TestMember, overrides: Record<string, unknown> = {}) {
  forumSeq += 1;
  const res = await t.inject({
    method: "POST",
    url: "/api/forums",
    as,
    payload: {
      name: `Test forum ${forumSeq} ${randomTag(5)}`,
      description: "A place to test the forum rules properly.",
      aiModel: "claude",
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: number;
    name: string;
    memberCount: number;
    postCount: number;
    isMember: boolean;
  };
}

let textSeq = 0;
/** Unique text each time: the spam rule refuses the same text posted twice by one member. */
const unique = (text: string) => `${text} (#${++textSeq})`;

async function newThread(
  as: TestMember,
  forumId: number,
  title = "A thread title",
  content = unique("An opening message that is long enough."),
) {
  const res = await t.inject({
    method: "POST",
    url: `/api/forums/${forumId}/threads`,
    as,
    payload: { title, content },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; forumId: number; replyCount: number; author: { id: number } };
}

async function newReply(
  as: TestMember,
  threadId: number,
  content = unique("A reply that is long enough to pass."),
) {
  const res = await t.inject({
    method: "POST",
    url: `/api/threads/${threadId}/replies`,
    as,
    payload: { content },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; threadId: number };
}

const getForum = async (id: number, as?: TestMember) =>
  (await t.inject({ method: "GET", url: `/api/forums/${id}`, as })).json();

describe("forum list", () => {
  it("is seeded with a forum per major model family and general topics, readable signed out", async () => {
    const res = await t.inject({ method: "GET", url: "/api/forums?limit=100" });
    expect(res.statusCode).toBe(200);
    const names = res.json().map((f: { name: string }) => f.name);
    for (const f of starterForums) expect(names).toContain(f.name);
    const models = new Set(res.json().map((f: { aiModel: string }) => f.aiModel));
    for (const m of ["chatgpt", "claude", "gemini", "llama", "midjourney", "stable-diffusion", "general"]) {
      expect(models).toContain(m);
    }
    const first = res.json()[0];
    expect(first).toMatchObject({ postCount: 0, memberCount: 0, isMember: false });
    expect(Object.keys(first).sort()).toEqual(
      [
        "aiModel",
        "createdAt",
        "description",
        "id",
        "isMember",
        "lastActivityAt",
        "memberCount",
        "name",
        "postCount",
        "threadCount",
      ].sort(),
    );
  });

  it("searches name and description ignoring case, and escapes pattern characters", async () => {
    const res = await t.inject({ method: "GET", url: "/api/forums?search=MIDJOURNEY" });
    expect(res.json().map((f: { name: string }) => f.name)).toContain("Midjourney");
    const none = await t.inject({ method: "GET", url: "/api/forums?search=zzzz-no-such-forum" });
    expect(none.json()).toEqual([]);
    const percent = await t.inject({ method: "GET", url: `/api/forums?search=${encodeURIComponent("%")}` });
    expect(percent.statusCode).toBe(200);
    expect(percent.json()).toEqual([]);
  });

  it("paginates with limit and cursor (the last id seen)", async () => {
    const first = (await t.inject({ method: "GET", url: "/api/forums?limit=4" })).json();
    expect(first).toHaveLength(4);
    const next = (await t.inject({ method: "GET", url: `/api/forums?limit=4&cursor=${first[3].id}` })).json();
    expect(next[0].id).toBeGreaterThan(first[3].id);
    expect(next.map((f: { id: number }) => f.id)).not.toContain(first[0].id);
  });

  it.each([
    ["limit=0", "limit must be at least 1"],
    ["limit=1000", "limit must be at most 100"],
    ["cursor=abc", "cursor must be a number"],
    [`search=${"x".repeat(101)}`, "search must be at most 100 characters"],
  ])("refuses bad query %s with 400", async (query, message) => {
    const res = await t.inject({ method: "GET", url: `/api/forums?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe("forum creation", () => {
  it("needs a session", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/forums",
      payload: { name: "Signed out forum", description: "Nope", aiModel: "claude" },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ description: "d", aiModel: "claude" }, "Please fill in all fields."],
    [{ name: "   ", description: "Some words", aiModel: "claude" }, "Please fill in all fields."],
    [{ name: "Valid name", description: "", aiModel: "claude" }, "Please fill in all fields."],
    [{ name: "Valid name", description: "Some words", aiModel: "" }, "Please fill in all fields."],
    [{ name: "Valid name", description: "Some words" }, "Please fill in all fields."],
    [
      { name: "Valid name", description: "Some words", aiModel: "gpt-9" },
      `AI model must be one of ${AI_MODEL_IDS.join(", ")}`,
    ],
    [{ name: "ab", description: "Some words", aiModel: "claude" }, "at least 3 characters"],
    [{ name: "x".repeat(61), description: "Some words", aiModel: "claude" }, "at most 60 characters"],
    [{ name: "Valid name", description: "x".repeat(501), aiModel: "claude" }, "at most 500 characters"],
    [{ name: "Bad\u0000name", description: "Some words", aiModel: "claude" }, "not allowed"],
    [{ name: "Valid name", description: "Some words", aiModel: "claude", memberCount: 99 }, "Unknown field"],
  ])("refuses bad input %# with 400", async (payload, message) => {
    const m = await t.register();
    const res = await t.inject({ method: "POST", url: "/api/forums", as: m, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("creates a forum whose creator is its first member, trimmed", async () => {
    const m = await t.register();
    const res = await t.inject({
      method: "POST",
      url: "/api/forums",
      as: m,
      payload: {
        name: "  Local Models Corner  ",
        description: "  Running models at home.  ",
        aiModel: "llama",
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Local Models Corner",
      description: "Running models at home.",
      aiModel: "llama",
      memberCount: 1,
      postCount: 0,
      isMember: true,
    });
  });

  it("refuses a name already taken, ignoring case, with 409", async () => {
    const m = await t.register();
    const seeded = await t.inject({
      method: "POST",
      url: "/api/forums",
      as: m,
      payload: { name: "cLAUDE", description: "Duplicate of a seeded forum", aiModel: "claude" },
    });
    expect(seeded.statusCode).toBe(409);
    expect(seeded.json().message).toBe("A forum with this name already exists");
    const mine = await newForum(m);
    const again = await t.inject({
      method: "POST",
      url: "/api/forums",
      as: m,
      payload: { name: mine.name.toUpperCase(), description: "Another one", aiModel: "general" },
    });
    expect(again.statusCode).toBe(409);
  });

  it("keeps the name unique when two members race for it", async () => {
    const [a, b] = [await t.register(), await t.register()];
    const payload = { name: "Race Condition Forum", description: "Who wins?", aiModel: "general" };
    const results = await Promise.all([
      t.inject({ method: "POST", url: "/api/forums", as: a, payload }),
      t.inject({
        method: "POST",
        url: "/api/forums",
        as: b,
        payload: { ...payload, name: "race condition forum" },
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("answers 404 for a forum that does not exist and 400 for a bad id", async () => {
    expect((await t.inject({ method: "GET", url: "/api/forums/999999" })).statusCode).toBe(404);
    expect((await t.inject({ method: "GET", url: "/api/forums/999999" })).json().message).toBe(
      "Forum not found",
    );
    expect((await t.inject({ method: "GET", url: "/api/forums/abc" })).statusCode).toBe(400);
    expect((await t.inject({ method: "GET", url: "/api/forums/999999/threads" })).statusCode).toBe(404);
  });
});

describe("membership", () => {
  it("join and leave keep the member count exact, also when repeated or concurrent", async () => {
    const owner = await t.register();
    const forum = await newForum(owner);
    const members = await Promise.all([t.register(), t.register(), t.register(), t.register()]);
    const joins = await Promise.all(
      [...members, members[0]!, members[0]!].map((m) =>
        t.inject({ method: "POST", url: `/api/forums/${forum.id}/join`, as: m }),
      ),
    );
    expect(joins.every((r) => r.statusCode === 200)).toBe(true);
    expect((await getForum(forum.id)).memberCount).toBe(5);
    expect((await getForum(forum.id, members[1]!)).isMember).toBe(true);

    const leave = await t.inject({ method: "DELETE", url: `/api/forums/${forum.id}/join`, as: members[1]! });
    expect(leave.json()).toEqual({ isMember: false, memberCount: 4 });
    const leaveAgain = await t.inject({
      method: "DELETE",
      url: `/api/forums/${forum.id}/join`,
      as: members[1]!,
    });
    expect(leaveAgain.json()).toEqual({ isMember: false, memberCount: 4 });
    const rejoin = await t.inject({ method: "POST", url: `/api/forums/${forum.id}/join`, as: members[1]! });
    expect(rejoin.json()).toEqual({ isMember: true, memberCount: 5 });
    const [row] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from forum_members where forum_id = ${forum.id}`,
    );
    expect(row!.n).toBe(5);
  });

  it("needs a session and an existing forum", async () => {
    expect((await t.inject({ method: "POST", url: "/api/forums/1/join" })).statusCode).toBe(401);
    const m = await t.register();
    expect((await t.inject({ method: "POST", url: "/api/forums/999999/join", as: m })).statusCode).toBe(404);
  });
});

describe("threads", () => {
  it("validates the title and message", async () => {
    const m = await t.register();
    const forum = await newForum(m);
    for (const [payload, message] of [
      [{ title: "", content: "Some content here" }, "Please fill in the title and message."],
      [{ title: "Title", content: "   " }, "Please fill in the title and message."],
      [{ content: "Some content here" }, "Please fill in the title and message."],
      [{ title: "x".repeat(151), content: "Some content here" }, "at most 150 characters"],
      [{ title: "Title", content: "x".repeat(10_001) }, "at most 10000 characters"],
      [{ title: "Title", content: "Some content", pinned: true }, "Unknown field"],
    ] as const) {
      const res = await t.inject({ method: "POST", url: `/api/forums/${forum.id}/threads`, as: m, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await getForum(forum.id)).postCount).toBe(0);
  });

  it("refuses a body over 1 MB with 413, not 500", async () => {
    const m = await t.register();
    const forum = await newForum(m);
    const res = await t.inject({
      method: "POST",
      url: `/api/forums/${forum.id}/threads`,
      as: m,
      payload: { title: "Huge", content: "x".repeat(1024 * 1024 + 10) },
    });
    expect(res.statusCode).toBe(413);
  });

  it("needs a session to start one; anybody can read", async () => {
    const m = await t.register();
    const forum = await newForum(m);
    const res = await t.inject({
      method: "POST",
      url: `/api/forums/${forum.id}/threads`,
      payload: { title: "T", content: "Hello there" },
    });
    expect(res.statusCode).toBe(401);
    const thread = await newThread(m, forum.id);
    const read = await t.inject({ method: "GET", url: `/api/threads/${thread.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ isOwn: false, canEdit: false, forumName: forum.name });
    expect((await t.inject({ method: "GET", url: `/api/threads/${thread.id}/replies` })).statusCode).toBe(
      200,
    );
    expect((await t.inject({ method: "GET", url: "/api/threads/999999" })).json().message).toBe(
      "Thread not found",
    );
  });

  it("keeps text as typed (HTML is not interpreted or stripped)", async () => {
    const m = await t.register();
    const forum = await newForum(m);
    const html = '<img src=x onerror="alert(1)"> <b>bold</b> & more text';
    const thread = await newThread(m, forum.id, "<script>alert('x')</script>", html);
    const res = (await t.inject({ method: "GET", url: `/api/threads/${thread.id}` })).json();
    expect(res.title).toBe("<script>alert('x')</script>");
    expect(res.content).toBe(html);
  });

  it("lists threads by latest activity, paginated by cursor", async () => {
    const [a, b] = [await t.register(), await t.register()];
    const forum = await newForum(a);
    const base = Date.now();
    t.setNow(new Date(base + 1_000));
    const first = await newThread(a, forum.id, "First thread", "An opening message that is long enough.");
    t.setNow(new Date(base + 2_000));
    const second = await newThread(a, forum.id, "Second thread");
    t.setNow(new Date(base + 3_000));
    const third = await newThread(a, forum.id, "Third thread");
    t.setNow(new Date(base + 4_000));
    await newReply(b, first.id);
    t.setNow(undefined);

    const list = (await t.inject({ method: "GET", url: `/api/forums/${forum.id}/threads` })).json();
    expect(list.map((x: { id: number }) => x.id)).toEqual([first.id, third.id, second.id]);
    expect(list[0]).toMatchObject({ replyCount: 1, lastReplyAuthor: b.username, title: "First thread" });
    expect(list[0].excerpt).toBe("An opening message that is long enough.");

    const page1 = (await t.inject({ method: "GET", url: `/api/forums/${forum.id}/threads?limit=2` })).json();
    expect(page1.map((x: { id: number }) => x.id)).toEqual([first.id, third.id]);
    const page2 = (
      await t.inject({ method: "GET", url: `/api/forums/${forum.id}/threads?limit=2&cursor=${third.id}` })
    ).json();
    expect(page2.map((x: { id: number }) => x.id)).toEqual([second.id]);

    const f = await getForum(forum.id);
    expect(f).toMatchObject({ postCount: 4, threadCount: 3 });
  });
});

describe("replies", () => {
  it("come in the order written, paginated, and the counts stay exact", async () => {
    const [a, b, c] = [await t.register(), await t.register(), await t.register()];
    const forum = await newForum(a);
    const thread = await newThread(a, forum.id);
    const r1 = await newReply(b, thread.id, "First reply in the thread");
    const r2 = await newReply(c, thread.id, "Second reply in the thread");
    const r3 = await newReply(b, thread.id, "Third reply in the thread");
    const all = (await t.inject({ method: "GET", url: `/api/threads/${thread.id}/replies`, as: b })).json();
    expect(all.map((r: { id: number }) => r.id)).toEqual([r1.id, r2.id, r3.id]);
    expect(all[0]).toMatchObject({ isOwn: true, canEdit: true, content: "First reply in the thread" });
    expect(all[1]).toMatchObject({ isOwn: false, canEdit: false });
    const page = (
      await t.inject({ method: "GET", url: `/api/threads/${thread.id}/replies?limit=2&cursor=${r1.id}` })
    ).json();
    expect(page.map((r: { id: number }) => r.id)).toEqual([r2.id, r3.id]);
    expect((await t.inject({ method: "GET", url: `/api/threads/${thread.id}` })).json().replyCount).toBe(3);
    expect((await getForum(forum.id)).postCount).toBe(4);
  });

  it("validates the reply and needs an existing thread", async () => {
    const m = await t.register();
    const forum = await newForum(m);
    const thread = await newThread(m, forum.id);
    const empty = await t.inject({
      method: "POST",
      url: `/api/threads/${thread.id}/replies`,
      as: m,
      payload: { content: "  " },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Please write a reply.");
    const missing = await t.inject({
      method: "POST",
      url: "/api/threads/999999/replies",
      as: m,
      payload: { content: "Hello there" },
    });
    expect(missing.statusCode).toBe(404);
    const signedOut = await t.inject({
      method: "POST",
      url: `/api/threads/${thread.id}/replies`,
      payload: { content: "Hi there" },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe("edit and delete", () => {
  it("only the author or an administrator can change a thread (403), a missing one is 404", async () => {
    const [author, other, admin] = [await t.register(), await t.register(), await t.register()];
    await t.makeAdmin(admin);
    const forum = await newForum(author);
    const thread = await newThread(author, forum.id, "Original title");

    const denied = await t.inject({
      method: "PUT",
      url: `/api/threads/${thread.id}`,
      as: other,
      payload: { title: "Hijacked" },
    });
    expect(denied.statusCode).toBe(403);
    const deniedDelete = await t.inject({ method: "DELETE", url: `/api/threads/${thread.id}`, as: other });
    expect(deniedDelete.statusCode).toBe(403);
    expect(
      (await t.inject({ method: "PUT", url: "/api/threads/999999", as: author, payload: { title: "X" } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: "PUT", url: `/api/threads/${thread.id}`, payload: { title: "X" } }))
        .statusCode,
    ).toBe(401);
    const nothing = await t.inject({
      method: "PUT",
      url: `/api/threads/${thread.id}`,
      as: author,
      payload: {},
    });
    expect(nothing.statusCode).toBe(400);

    const edited = await t.inject({
      method: "PUT",
      url: `/api/threads/${thread.id}`,
      as: author,
      payload: { title: "Better title", content: "A clearer opening message." },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: "Better title",
      content: "A clearer opening message.",
      isOwn: true,
      canEdit: true,
    });
    expect(edited.json().editedAt).not.toBeNull();

    const byAdmin = await t.inject({
      method: "PUT",
      url: `/api/threads/${thread.id}`,
      as: admin,
      payload: { title: "Moderated title" },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ title: "Moderated title", isOwn: false, canEdit: true });
    expect(byAdmin.json().author.id).toBe(author.id);
  });

  it("deleting a thread removes its replies from the forum's post count", async () => {
    const [author, other, admin] = [await t.register(), await t.register(), await t.register()];
    await t.makeAdmin(admin);
    const forum = await newForum(author);
    const keep = await newThread(author, forum.id, "Stays");
    const doomed = await newThread(author, forum.id, "Goes away");
    await newReply(other, doomed.id);
    await newReply(other, doomed.id, "Another reply that is fine");
    expect((await getForum(forum.id)).postCount).toBe(4);

    const del = await t.inject({ method: "DELETE", url: `/api/threads/${doomed.id}`, as: author });
    expect(del.statusCode).toBe(200);
    expect(await getForum(forum.id)).toMatchObject({ postCount: 1, threadCount: 1 });
    expect((await t.inject({ method: "GET", url: `/api/threads/${doomed.id}` })).statusCode).toBe(404);
    expect(
      (await t.inject({ method: "DELETE", url: `/api/threads/${doomed.id}`, as: author })).statusCode,
    ).toBe(404);

    const byAdmin = await t.inject({ method: "DELETE", url: `/api/threads/${keep.id}`, as: admin });
    expect(byAdmin.statusCode).toBe(200);
    expect(await getForum(forum.id)).toMatchObject({ postCount: 0, threadCount: 0 });
  });

  it("only the author or an administrator can change a reply", async () => {
    const [author, replier, other, admin] = [
      await t.register(),
      await t.register(),
      await t.register(),
      await t.register(),
    ];
    await t.makeAdmin(admin);
    const forum = await newForum(author);
    const thread = await newThread(author, forum.id);
    const reply = await newReply(replier, thread.id, "My first take on this");
    const url = `/api/threads/${thread.id}/replies/${reply.id}`;

    expect(
      (await t.inject({ method: "PUT", url, as: other, payload: { content: "Not mine to edit" } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.inject({
          method: "PUT",
          url,
          as: author,
          payload: { content: "Thread owner is not reply owner" },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.inject({ method: "DELETE", url, as: other })).statusCode).toBe(403);
    expect(
      (
        await t.inject({
          method: "PUT",
          url: `/api/threads/${thread.id}/replies/999999`,
          as: replier,
          payload: { content: "Hello there" },
        })
      ).statusCode,
    ).toBe(404);

    const edited = await t.inject({
      method: "PUT",
      url,
      as: replier,
      payload: { content: "My revised take on this" },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ content: "My revised take on this", isOwn: true });
    expect(edited.json().editedAt).not.toBeNull();
    const byAdmin = await t.inject({
      method: "PUT",
      url,
      as: admin,
      payload: { content: "Edited by a moderator" },
    });
    expect(byAdmin.json()).toMatchObject({ content: "Edited by a moderator", isOwn: false, canEdit: true });

    expect((await getForum(forum.id)).postCount).toBe(2);
    expect((await t.inject({ method: "DELETE", url, as: admin })).statusCode).toBe(200);
    expect((await getForum(forum.id)).postCount).toBe(1);
    expect((await t.inject({ method: "GET", url: `/api/threads/${thread.id}` })).json().replyCount).toBe(0);
    expect((await t.inject({ method: "DELETE", url, as: replier })).statusCode).toBe(404);
  });

  it("a reply id of another thread is not found", async () => {
    const m = await t.register();
    const forum = await newForum(m);
    const t1 = await newThread(m, forum.id, "One");
    const t2 = await newThread(m, forum.id, "Two");
    const reply = await newReply(m, t1.id);
    const res = await t.inject({ method: "DELETE", url: `/api/threads/${t2.id}/replies/${reply.id}`, as: m });
    expect(res.statusCode).toBe(404);
  });
});

describe("mentions and reply events", () => {
  it("a thread mentioning @username announces each existing member once, never the author", async () => {
    const author = await t.register();
    const bob = await t.register();
    const forum = await newForum(author);
    mentioned.length = 0;
    const thread = await newThread(
      author,
      forum.id,
      "Calling people",
      `Hey @${bob.username}, and again @${bob.username.toUpperCase()}. Also @${author.username} and @nobody_here_at_all.`,
    );
    expect(mentioned).toHaveLength(1);
    expect(mentioned[0]).toMatchObject({
      actorId: author.id,
      userIds: [bob.id],
      url: `/forums/${forum.id}/threads/${thread.id}`,
    });
    expect(mentioned[0]!.excerpt).toContain("Hey @");
  });

  it("an email address is not a mention", async () => {
    const author = await t.register();
    const bob = await t.register();
    const forum = await newForum(author);
    mentioned.length = 0;
    await newThread(author, forum.id, "Mail", `Write to me at someone@${bob.username}.com please`);
    expect(mentioned).toHaveLength(0);
  });

  it("a reply tells the thread's author once (thread.replied) and mentions others", async () => {
    const [owner, replier, carol] = [await t.register(), await t.register(), await t.register()];
    const forum = await newForum(owner);
    const thread = await newThread(owner, forum.id);
    mentioned.length = 0;
    replied.length = 0;
    const reply = await newReply(
      replier,
      thread.id,
      `@${owner.username} I agree, and @${carol.username} said so too.`,
    );
    expect(replied).toEqual([
      { actorId: replier.id, threadId: thread.id, replyId: reply.id, forumId: forum.id, ownerId: owner.id },
    ]);
    expect(mentioned).toHaveLength(1);
    expect(mentioned[0]).toMatchObject({
      userIds: [carol.id],
      url: `/forums/${forum.id}/threads/${thread.id}#reply-${reply.id}`,
    });

    replied.length = 0;
    await newReply(owner, thread.id, "Replying in my own thread is fine.");
    expect(replied).toEqual([]);
  });

  it("an edit announces only newly mentioned members", async () => {
    const [author, bob, dave] = [await t.register(), await t.register(), await t.register()];
    const forum = await newForum(author);
    const thread = await newThread(author, forum.id, "Edit mentions", `Hello @${bob.username}`);
    mentioned.length = 0;
    const res = await t.inject({
      method: "PUT",
      url: `/api/threads/${thread.id}`,
      as: author,
      payload: { content: `Hello @${bob.username} and @${dave.username}` },
    });
    expect(res.statusCode).toBe(200);
    expect(mentioned).toHaveLength(1);
    expect(mentioned[0]!.userIds).toEqual([dave.id]);
  });
});

describe("demo discussions", () => {
  it("seed the starter threads by demo members with exact counts, idempotently", async () => {
    await t.seed({ demo: true });
    await t.seed({ demo: true });
    const forums = (await t.inject({ method: "GET", url: "/api/forums?limit=100" })).json();
    const chatgpt = forums.find((f: { name: string }) => f.name === starterForums[0]!.name);
    const starter = starterForums[0]!;
    const replies = starter.threads.reduce((n, th) => n + th.replies.length, 0);
    expect(chatgpt).toMatchObject({
      threadCount: starter.threads.length,
      postCount: starter.threads.length + replies,
    });
    expect(chatgpt.memberCount).toBeGreaterThan(0);
    const threads = (await t.inject({ method: "GET", url: `/api/forums/${chatgpt.id}/threads` })).json();
    expect(threads).toHaveLength(starter.threads.length);
    const times = threads.map((x: { lastActivityAt: string }) => Date.parse(x.lastActivityAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const replyList = (
      await t.inject({ method: "GET", url: `/api/threads/${threads[0].id}/replies` })
    ).json();
    expect(replyList.length).toBe(threads[0].replyCount);
  });
});

describe("moderation (the same pipeline as posts)", () => {
  it("refuses prohibited language in a thread's message or title with 422 and records it", async () => {
    const m = await t.register();
    const forum = await newForum(m);
    const body = await t.inject({
      method: "POST",
      url: `/api/forums/${forum.id}/threads`,
      as: m,
      payload: { title: "Clean title", content: "This is fucking ridiculous, honestly." },
    });
    expect(body.statusCode).toBe(422);
    expect(body.json().message).toContain("prohibited");
    const title = await t.inject({
      method: "POST",
      url: `/api/forums/${forum.id}/threads`,
      as: m,
      payload: { title: "What the fuck", content: "A perfectly polite opening message." },
    });
    expect(title.statusCode).toBe(422);
    expect(title.json().message).toContain("prohibited");
    expect((await getForum(forum.id)).postCount).toBe(0);
    const [row] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from moderation_actions where user_id = ${m.id} and action = 'Thread blocked'`,
    );
    expect(row!.n).toBe(2);
  });

  it("refuses replies that are too short or too long, and edits with prohibited language", async () => {
    const m = await t.register();
    const forum = await newForum(m);
    const thread = await newThread(m, forum.id);
    const short = await t.inject({
      method: "POST",
      url: `/api/threads/${thread.id}/replies`,
      as: m,
      payload: { content: "ok" },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toContain("too short");
    const long = await t.inject({
      method: "POST",
      url: `/api/threads/${thread.id}/replies`,
      as: m,
      payload: { content: "word ".repeat(500) },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toMatch(/too long|suspicious/);
    const reply = await newReply(m, thread.id);
    const edit = await t.inject({
      method: "PUT",
      url: `/api/threads/${thread.id}/replies/${reply.id}`,
      as: m,
      payload: { content: "Edited into shit talk" },
    });
    expect(edit.statusCode).toBe(422);
    const titleEdit = await t.inject({
      method: "PUT",
      url: `/api/threads/${thread.id}`,
      as: m,
      payload: { title: "fuck this" },
    });
    expect(titleEdit.statusCode).toBe(422);
    expect((await getForum(forum.id)).postCount).toBe(2);
  });

  it("refuses the same message twice and more than five threads a minute (429, rate limit)", async () => {
    const m = await t.register();
    const forum = await newForum(m);
    await newThread(m, forum.id, "Once", "Exactly the same words every time.");
    const dup = await t.inject({
      method: "POST",
      url: `/api/forums/${forum.id}/threads`,
      as: m,
      payload: { title: "Twice", content: "Exactly the same words every time." },
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().message).toContain("suspicious");
    for (let i = 0; i < 4; i++) await newThread(m, forum.id, `Thread ${i}`);
    const sixth = await t.inject({
      method: "POST",
      url: `/api/forums/${forum.id}/threads`,
      as: m,
      payload: { title: "One too many", content: "Yet another distinct opening message." },
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toContain("rate limit");
  });

  it("refuses a repeated reply in another thread, after a missing thread's 404", async () => {
    const m = await t.register();
    const forum = await newForum(await t.register());
    const [a, b] = [
      await newThread(await t.register(), forum.id),
      await newThread(await t.register(), forum.id),
    ];
    const content = unique("The same reply under two threads, word for word.");
    const reply = (threadId: number, as: TestMember) =>
      t.inject({ method: "POST", url: `/api/threads/${threadId}/replies`, as, payload: { content } });
    expect((await reply(a.id, m)).statusCode).toBe(201);
    // The thread is looked for first: a missing one answers 404, whatever the text.
    expect((await reply(2_000_000_000, m)).statusCode).toBe(404);
    const again = await reply(b.id, m);
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe("content_suspicious");
    // Nothing stored; another member may say the same thing.
    const replies = (await t.inject({ method: "GET", url: `/api/threads/${b.id}/replies` })).json();
    expect(replies).toHaveLength(0);
    expect((await reply(b.id, await t.register())).statusCode).toBe(201);
  });

  it("refuses prohibited forum names and descriptions", async () => {
    const m = await t.register();
    const res = await t.inject({
      method: "POST",
      url: "/api/forums",
      as: m,
      payload: { name: "Shit models", description: "A forum", aiModel: "general" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain("prohibited");
  });
});

describe("API documentation", () => {
  it("documents the forum and thread routes", async () => {
    const res = await t.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      "/api/forums",
      "/api/forums/{id}/join",
      "/api/forums/{id}/threads",
      "/api/threads/{id}/replies/{replyId}",
    ]) {
      expect(paths).toContain(p);
    }
  });
});
