import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPubSub } from "../../platform/pubsub";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";
import { unreadChannel } from "./service";
import { streamRegistry } from "./stream";
import { eventually, listenOnce, openStream } from "../../test/notification-stream";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.seed();
});
afterAll(async () => t?.close());

let seq = 0;
const unique = (text: string) => `${text} (#${++seq} ${randomTag(4)})`;

interface Note {
  id: number;
  type: string;
  message: string;
  isRead: boolean;
  url: string | null;
  actorCount: number;
  relatedUser: { id: number; username: string; avatar: string | null } | null;
  createdAt: string;
}

async function notes(as: TestMember, query = ""): Promise<Note[]> {
  const res = await t.inject({ method: "GET", url: `/api/notifications${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function unread(as: TestMember): Promise<number> {
  const res = await t.inject({ method: "GET", url: "/api/notifications/unread-count", as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().count;
}
async function post(as: TestMember, content = unique("A post about language models")) {
  const res = await t.inject({ method: "POST", url: "/api/posts", as, payload: { content } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}
const like = (as: TestMember, postId: number) =>
  t.inject({ method: "POST", url: `/api/posts/${postId}/like`, as });

describe("notification sources", () => {
  it("notifies the owner of follows, likes, comments, replies, mentions, prompt likes and model comments", async () => {
    const owner = await t.register();
    const actor = await t.register();

    expect(
      (await t.inject({ method: "POST", url: `/api/users/${owner.id}/follow`, as: actor })).statusCode,
    ).toBe(200);

    const p = await post(owner);
    expect((await like(actor, p.id)).statusCode).toBe(200);
    const comment = await t.inject({
      method: "POST",
      url: `/api/posts/${p.id}/comments`,
      as: actor,
      payload: { content: unique("Great point, thanks for sharing") },
    });
    expect(comment.statusCode, comment.body).toBe(201);

    const forum = await t.inject({
      method: "POST",
      url: "/api/forums",
      as: owner,
      payload: { name: unique("Notify forum"), description: "Where replies are tested.", aiModel: "claude" },
    });
    expect(forum.statusCode, forum.body).toBe(201);
    const thread = await t.inject({
      method: "POST",
      url: `/api/forums/${forum.json().id}/threads`,
      as: owner,
      payload: {
        title: "Which model writes best?",
        content: unique("Tell me your favourite model for writing"),
      },
    });
    expect(thread.statusCode, thread.body).toBe(201);
    const reply = await t.inject({
      method: "POST",
      url: `/api/threads/${thread.json().id}/replies`,
      as: actor,
      payload: { content: unique("I like the one with long context") },
    });
    expect(reply.statusCode, reply.body).toBe(201);

    await post(actor, unique(`Hello @${owner.username} have a look at this`));

    const prompt = await t.inject({
      method: "POST",
      url: "/api/prompts",
      as: owner,
      payload: {
        title: unique("Summariser"),
        content: "Summarise the following text in three bullet points.",
      },
    });
    expect(prompt.statusCode, prompt.body).toBe(201);
    expect(
      (await t.inject({ method: "POST", url: `/api/prompts/${prompt.json().id}/like`, as: actor }))
        .statusCode,
    ).toBe(200);

    const models = (await t.inject({ method: "GET", url: "/api/ai-models" })).json() as {
      id: number;
      slug: string;
      name: string;
    }[];
    const model = models[0]!;
    for (const m of [owner, actor]) {
      const res = await t.inject({
        method: "POST",
        url: `/api/ai-models/${model.id}/comments`,
        as: m,
        payload: { content: unique("Useful model for drafting") },
      });
      expect(res.statusCode, res.body).toBe(201);
    }

    const list = await notes(owner);
    const byType = (type: string) => list.filter((n) => n.type === type);
    expect(list.map((n) => n.type)).toEqual([
      "comment",
      "like",
      "mention",
      "reply",
      "comment",
      "like",
      "follow",
    ]);
    expect(list.every((n) => !n.isRead)).toBe(true);
    expect(
      list.every((n) => n.relatedUser?.id === actor.id && n.relatedUser.username === actor.username),
    ).toBe(true);
    expect(byType("follow")[0]).toMatchObject({
      message: `${actor.username} started following you`,
      url: `/profile/${actor.id}`,
      actorCount: 1,
    });
    expect(byType("like").map((n) => n.message)).toEqual([
      `${actor.username} liked your prompt`,
      `${actor.username} liked your post`,
    ]);
    expect(byType("like")[1]!.url).toBe(`/post/${p.id}`);
    expect(byType("comment").map((n) => n.message)).toEqual([
      `${actor.username} also commented on ${model.name}`,
      `${actor.username} commented on your post`,
    ]);
    expect(byType("comment")[0]!.url).toBe(`/ai-models/${model.slug}`);
    expect(byType("reply")[0]!.message).toBe(
      `${actor.username} replied to your thread "Which model writes best?"`,
    );
    expect(byType("reply")[0]!.url).toBe(`/forums/${forum.json().id}?thread=${thread.json().id}`);
    expect(byType("mention")[0]!.message).toMatch(new RegExp(`^${actor.username} mentioned you: "Hello @`));
    expect(await unread(owner)).toBe(7);
    // Newest first by id; timestamps are ISO strings.
    expect([...list].sort((a, b) => b.id - a.id)).toEqual(list);
    expect(new Date(list[0]!.createdAt).toISOString()).toBe(list[0]!.createdAt);
    // The actor was told nothing about their own actions.
    expect(await notes(actor)).toEqual([]);
  });

  it("never notifies members of their own actions", async () => {
    const m = await t.register();
    const p = await post(m, unique(`Talking to myself @${m.username}`));
    await like(m, p.id);
    await t.inject({
      method: "POST",
      url: `/api/posts/${p.id}/comments`,
      as: m,
      payload: { content: unique("A comment on my own post") },
    });
    await t.ctx.events.emit("user.followed", { actorId: m.id, userId: m.id });
    expect(await notes(m)).toEqual([]);
    expect(await unread(m)).toBe(0);
  });

  it("groups a burst of likes on one post into one notification, each actor counted once", async () => {
    const owner = await t.register();
    const p = await post(owner);
    const fans = await Promise.all(Array.from({ length: 5 }, () => t.register()));
    await Promise.all(fans.map((f) => like(f, p.id)));
    // Unlike and like again: not a second notice, not a second count.
    await like(fans[0]!, p.id);
    await like(fans[0]!, p.id);
    let list = await notes(owner);
    expect(list).toHaveLength(1);
    expect(list[0]!.actorCount).toBe(5);
    expect(list[0]!.message).toMatch(/^\S+ and 4 others liked your post$/);
    expect(fans.map((f) => f.id)).toContain(list[0]!.relatedUser!.id);
    expect(await unread(owner)).toBe(1);

    // Once read, a new fan starts a new notice; a fan already counted does not.
    await t.inject({ method: "PUT", url: "/api/notifications/read-all", as: owner });
    await like(fans[1]!, p.id);
    await like(fans[1]!, p.id);
    const late = await t.register();
    await like(late, p.id);
    list = await notes(owner);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      isRead: false,
      actorCount: 1,
      message: `${late.username} liked your post`,
    });
    expect(list[1]).toMatchObject({ isRead: true, actorCount: 5 });
  });

  it("groups comments on one post while unread (every comment counts, each actor once)", async () => {
    const owner = await t.register();
    const p = await post(owner);
    const [a, b] = [await t.register(), await t.register()];
    for (const m of [a, b, a]) {
      await t.inject({
        method: "POST",
        url: `/api/posts/${p.id}/comments`,
        as: m,
        payload: { content: unique("Interesting take on this") },
      });
    }
    const list = await notes(owner);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: "comment",
      actorCount: 2,
      relatedUser: { id: a.id },
      message: `${a.username} and 1 other commented on your post`,
    });
  });

  it("respects in-app preferences per kind, from the next notice on", async () => {
    const owner = await t.register();
    const [fan, late, again] = [await t.register(), await t.register(), await t.register()];
    const setLikes = async (inApp: boolean) => {
      const res = await t.inject({
        method: "PUT",
        url: "/api/account/notification-preferences",
        as: owner,
        payload: { like: { inApp } },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // A first like is told (the owner's choices are now read and kept in memory)...
    const first = await post(owner);
    await like(fan, first.id);
    expect((await notes(owner)).map((n) => n.type)).toEqual(["like"]);
    // ...and turning likes off holds for the very next one: changing them forgets the kept ones.
    await setLikes(false);
    const p = await post(owner);
    await like(late, p.id);
    await t.inject({ method: "POST", url: `/api/users/${owner.id}/follow`, as: late });
    expect((await notes(owner)).map((n) => n.type)).toEqual(["follow", "like"]);
    await setLikes(true);
    await like(again, p.id);
    expect((await notes(owner)).map((n) => n.type)).toEqual(["like", "follow", "like"]);
  });
});

describe("read states", () => {
  it("marks one or all read, only one's own, and keeps the unread count exact", async () => {
    const owner = await t.register();
    const other = await t.register();
    const fans = await Promise.all(Array.from({ length: 3 }, () => t.register()));
    for (const f of fans) await t.inject({ method: "POST", url: `/api/users/${owner.id}/follow`, as: f });
    await t.inject({ method: "POST", url: `/api/users/${other.id}/follow`, as: fans[0]! });
    const list = await notes(owner);
    expect(list).toHaveLength(3);
    expect(await unread(owner)).toBe(3);

    const one = await t.inject({ method: "PUT", url: `/api/notifications/${list[1]!.id}/read`, as: owner });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ count: 2 });
    expect(
      (await t.inject({ method: "PUT", url: `/api/notifications/${list[1]!.id}/read`, as: owner })).json(),
    ).toEqual({
      count: 2,
    });
    expect((await notes(owner)).map((n) => n.isRead)).toEqual([false, true, false]);

    const foreign = await t.inject({
      method: "PUT",
      url: `/api/notifications/${list[0]!.id}/read`,
      as: other,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("Notification not found");
    expect(await unread(owner)).toBe(2);
    expect(
      (await t.inject({ method: "PUT", url: "/api/notifications/99999999/read", as: owner })).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: "PUT", url: "/api/notifications/abc/read", as: owner })).statusCode,
    ).toBe(400);

    const all = await t.inject({ method: "PUT", url: "/api/notifications/read-all", as: owner });
    expect(all.json()).toEqual({ count: 0 });
    expect((await notes(owner)).every((n) => n.isRead)).toBe(true);
    expect(await unread(owner)).toBe(0);
    // The other member's notice was untouched.
    expect(await unread(other)).toBe(1);
  });

  it("paginates newest first with limit and cursor", async () => {
    const owner = await t.register();
    const fans = await Promise.all(Array.from({ length: 5 }, () => t.register()));
    for (const f of fans) await t.inject({ method: "POST", url: `/api/users/${owner.id}/follow`, as: f });
    const first = await notes(owner, "?limit=2");
    const second = await notes(owner, `?limit=2&cursor=${first[1]!.id}`);
    const third = await notes(owner, `?limit=2&cursor=${second[1]!.id}`);
    expect([...first, ...second, ...third].map((n) => n.relatedUser!.id)).toEqual(
      fans.map((f) => f.id).reverse(),
    );
    expect((await t.inject({ method: "GET", url: "/api/notifications?limit=0", as: owner })).statusCode).toBe(
      400,
    );
    expect(
      (await t.inject({ method: "GET", url: "/api/notifications?cursor=x", as: owner })).statusCode,
    ).toBe(400);
  });

  it("lists the unread ones alone with filter=unread, newest first by cursor, current after a read", async () => {
    const owner = await t.register();
    const fans = await Promise.all(Array.from({ length: 5 }, () => t.register()));
    for (const f of fans) await t.inject({ method: "POST", url: `/api/users/${owner.id}/follow`, as: f });
    const all = await notes(owner);
    expect(all).toHaveLength(5);
    // The second newest and the oldest are read; the unread list skips them, page after page.
    for (const n of [all[1]!, all[4]!]) {
      expect(
        (await t.inject({ method: "PUT", url: `/api/notifications/${n.id}/read`, as: owner })).statusCode,
      ).toBe(200);
    }
    const first = await notes(owner, "?filter=unread&limit=2");
    const second = await notes(owner, `?filter=unread&limit=2&cursor=${first[1]!.id}`);
    expect([...first, ...second].map((n) => n.id)).toEqual([all[0]!.id, all[2]!.id, all[3]!.id]);
    expect([...first, ...second].every((n) => !n.isRead)).toBe(true);
    // The same list asked again after a read (a kept answer would be stale): the read one is gone.
    await t.inject({ method: "PUT", url: `/api/notifications/${all[0]!.id}/read`, as: owner });
    expect((await notes(owner, "?filter=unread&limit=2")).map((n) => n.id)).toEqual([all[2]!.id, all[3]!.id]);
    // "all" is the whole list, read ones included; a second member's unread list is their own.
    expect((await notes(owner, "?filter=all")).map((n) => n.id)).toEqual(all.map((n) => n.id));
    expect(await notes(fans[0]!, "?filter=unread")).toEqual([]);
    await t.inject({ method: "PUT", url: "/api/notifications/read-all", as: owner });
    expect(await notes(owner, "?filter=unread")).toEqual([]);

    const bad = await t.inject({ method: "GET", url: "/api/notifications?filter=everything", as: owner });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("validation_failed");
    expect(bad.json().message).toBe('filter must be "all" or "unread"');
  });

  it("needs a session", async () => {
    for (const [method, url] of [
      ["GET", "/api/notifications"],
      ["GET", "/api/notifications/unread-count"],
      ["PUT", "/api/notifications/1/read"],
      ["PUT", "/api/notifications/read-all"],
      ["GET", "/api/notifications/stream"],
    ] as const) {
      const res = await t.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe("Please log in to see your notifications");
    }
  });
});

describe("live stream (Server-Sent Events)", () => {
  it("counts a burst of notices once settled: the last count sent is the final one", async () => {
    const base = await listenOnce(t);
    const owner = await t.register();
    const fans = [await t.register(), await t.register(), await t.register(), await t.register()];
    const stream = await openStream(base, owner);
    try {
      expect(await stream.next()).toEqual({ event: "unread", data: JSON.stringify({ count: 0 }) });
      await Promise.all(
        fans.map((fan) => t.inject({ method: "POST", url: `/api/users/${owner.id}/follow`, as: fan })),
      );
      const counts: number[] = [];
      while (counts.at(-1) !== 4) counts.push(JSON.parse((await stream.next()).data).count);
      // Nothing older arrives after the final count. The final count may come twice: a change
      // counted after the next notice was stored already sees it, and the next change is counted
      // too (each change is announced: the list refreshes on each, even when the count is the same).
      for (;;) {
        const later = await stream.next(300).catch(() => null);
        if (!later) break;
        counts.push(JSON.parse(later.data).count);
      }
      expect(counts.at(-1)).toBe(4);
      expect(counts.every((c, i) => i === 0 || c >= counts[i - 1]!)).toBe(true);
    } finally {
      // Left open, a failed check would keep the stream registered and fail the tests after it.
      stream.close();
    }
  });

  it("sends the unread count at once and again when a notice is created or read", async () => {
    const base = await listenOnce(t);
    const owner = await t.register();
    const fan = await t.register();
    const denied = await fetch(`${base}/api/notifications/stream`);
    expect(denied.status).toBe(401);
    expect((await denied.json()).message).toBe("Please log in to see your notifications");

    const stream = await openStream(base, owner);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.headers.get("cache-control")).toMatch(/no-cache/);
    expect(await stream.next()).toEqual({ event: "unread", data: JSON.stringify({ count: 0 }) });

    await t.inject({ method: "POST", url: `/api/users/${owner.id}/follow`, as: fan });
    expect(await stream.next()).toEqual({ event: "unread", data: JSON.stringify({ count: 1 }) });
    const [n] = await notes(owner);
    await t.inject({ method: "PUT", url: `/api/notifications/${n!.id}/read`, as: owner });
    expect(await stream.next()).toEqual({ event: "unread", data: JSON.stringify({ count: 0 }) });
    stream.close();
  });

  it("releases listeners and registry entries after 1,000 connects and disconnects", async () => {
    const base = await listenOnce(t);
    // Five members with ten streams each at a time (the per-member cap), twenty rounds.
    const members = await Promise.all(Array.from({ length: 5 }, () => t.register()));
    const member = members[0]!;
    const pubsub = getPubSub(t.ctx);
    const registry = streamRegistry(t.ctx);
    await eventually(() => registry.size === 0);
    const listenersBefore = pubsub.listenerCount();
    const channelBefore = pubsub.listenerCount(unreadChannel(member.id));

    let opened = 0;
    for (let round = 0; round < 20; round++) {
      await Promise.all(
        members.flatMap((m) =>
          Array.from({ length: 10 }, async () => {
            const s = await openStream(base, m);
            expect((await s.next()).event).toBe("unread");
            opened += 1;
            s.close();
          }),
        ),
      );
    }
    expect(opened).toBe(1000);
    await eventually(() => registry.size === 0 && pubsub.listenerCount() === listenersBefore, 10_000);
    expect(pubsub.listenerCount(unreadChannel(member.id))).toBe(channelBefore);
    // Still fully working afterwards.
    const s = await openStream(base, member);
    expect(await s.next()).toEqual({ event: "unread", data: JSON.stringify({ count: 0 }) });
    expect(pubsub.listenerCount(unreadChannel(member.id))).toBe(channelBefore + 1);
    s.close();
    // Nothing is left behind: no stream in the registry and no subscriber on the channel.
    await eventually(() => registry.size === 0 && pubsub.listenerCount() === listenersBefore);
  }, 120_000);

  it("caps the streams one member holds open", async () => {
    const base = await listenOnce(t);
    const member = await t.register();
    const streams = [];
    for (let i = 0; i < 12; i++) {
      const s = await openStream(base, member);
      await s.next();
      streams.push(s);
    }
    expect(getPubSub(t.ctx).listenerCount(unreadChannel(member.id))).toBe(10);
    for (const s of streams) s.close();
    await eventually(() => getPubSub(t.ctx).listenerCount(unreadChannel(member.id)) === 0);
  });
});
