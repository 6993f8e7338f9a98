import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "../../../common/notifications";
import { queryRows } from "../../db/connect";
import type { MailMessage } from "../../platform/mail";
import { createTestApp, randomTag, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.seed();
});
afterAll(async () => t?.close());

let seq = 0;
const unique = (text: string) => `${text} (#${++seq} ${randomTag(4)})`;

async function ok(res: { statusCode: number; body: string; json(): unknown }, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  // biome-ignore lint/suspicious/noExplicitAny: test convenience
  return res.json() as any;
}

async function login(m: TestMember, password = m.password) {
  const res = await t.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: m.username, password },
  });
  return { status: res.statusCode, cookie: String(res.headers["set-cookie"] ?? "").split(";")[0]! };
}

/** A multipart/form-data body with one file field. */
function multipart(file: Buffer, filename = "me.png", type = "image/png") {
  const boundary = `----agora${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

function captureMail(): { sent: MailMessage[]; restore(): void } {
  const sent: MailMessage[] = [];
  const original = t.ctx.mailer.send.bind(t.ctx.mailer);
  t.ctx.mailer.send = async (message) => {
    sent.push(message);
    return { status: "skipped" };
  };
  return {
    sent,
    restore: () => {
      t.ctx.mailer.send = original;
    },
  };
}

describe("notification preferences", () => {
  it("answers the defaults, applies partial updates and refuses bad input", async () => {
    const m = await t.register();
    const get = () => t.inject({ method: "GET", url: "/api/account/notification-preferences", as: m });
    expect(await ok(await get())).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    const put = (payload: unknown) =>
      t.inject({
        method: "PUT",
        url: "/api/account/notification-preferences",
        as: m,
        payload: payload as object,
      });
    const updated = await ok(await put({ like: { push: false }, mention: { email: false, inApp: false } }));
    expect(updated.like).toEqual({ inApp: true, email: false, push: false });
    expect(updated.mention).toEqual({ inApp: false, email: false, push: true });
    expect(updated.follow).toEqual(DEFAULT_NOTIFICATION_PREFERENCES.follow);
    expect(await ok(await get())).toEqual(updated);
    for (const bad of [
      { nope: { push: true } },
      { like: { push: "yes" } },
      { like: { sms: true } },
      { like: true },
    ]) {
      expect((await put(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.inject({ method: "GET", url: "/api/account/notification-preferences" })).statusCode).toBe(
      401,
    );
  });
});

describe("email preferences reach the notification digest", () => {
  it("queues a follow digest item only for members who want follow emails", async () => {
    const quiet = await t.register();
    const chatty = await t.register();
    const fan = await t.register();
    await ok(
      await t.inject({
        method: "PUT",
        url: "/api/account/notification-preferences",
        as: quiet,
        payload: { follow: { email: false } },
      }),
    );
    for (const m of [quiet, chatty])
      await ok(await t.inject({ method: "POST", url: `/api/users/${m.id}/follow`, as: fan }));
    const queued = async (userId: number) =>
      Number(
        (
          await queryRows<{ n: number }>(
            t.ctx.db,
            sql`SELECT count(*)::int AS n FROM mail_digest_items WHERE user_id = ${userId} AND kind = 'follow'`,
          )
        )[0]!.n,
      );
    expect(await queued(quiet.id)).toBe(0);
    expect(await queued(chatty.id)).toBe(1);
  });
});

describe("email change", () => {
  it("needs the current password, refuses taken addresses and tells the old address", async () => {
    const m = await t.register();
    const other = await t.register();
    const change = (payload: object) =>
      t.inject({ method: "PUT", url: "/api/account/email", as: m, payload });
    const wrong = await change({ email: "new@example.com", password: "not-my-password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("Your current password is not correct");
    expect((await change({ email: other.email.toUpperCase(), password: m.password })).statusCode).toBe(409);
    expect((await change({ email: m.email, password: m.password })).statusCode).toBe(400);
    expect((await change({ email: "not-an-email", password: m.password })).json().message).toBe(
      "Please enter a valid email address",
    );
    const mail = captureMail();
    try {
      const fresh = `fresh${seq++}${randomTag(4)}@example.com`;
      const res = await ok(await change({ email: fresh.toUpperCase(), password: m.password }));
      expect(res.email).toBe(fresh);
      expect((await ok(await t.inject({ method: "GET", url: "/api/auth/me", as: m }))).email).toBe(fresh);
      // The old address hears of the change; the new one gets its verification link (issue 25).
      expect(mail.sent.map((s) => s.to).sort()).toEqual([m.email, fresh].sort());
      expect(mail.sent.find((s) => s.to === m.email)!.text).toContain(fresh);
      expect(mail.sent.find((s) => s.to === fresh)!.subject).toMatch(/Verify your/);
    } finally {
      mail.restore();
    }
  });
});

describe("password change", () => {
  it("checks the current password, signs out other devices and keeps this one", async () => {
    const m = await t.register();
    const second = await login(m);
    expect(second.status).toBe(200);
    const change = (payload: object) =>
      t.inject({ method: "PUT", url: "/api/account/password", as: m, payload });
    expect((await change({ currentPassword: "wrong-one", newPassword: "another1" })).statusCode).toBe(400);
    expect((await change({ currentPassword: m.password, newPassword: "123" })).json().message).toBe(
      "Password must be at least 6 characters",
    );
    expect((await change({ currentPassword: m.password, newPassword: m.password })).statusCode).toBe(400);
    await ok(await change({ currentPassword: m.password, newPassword: "brand-new-pass" }));
    expect((await t.inject({ method: "GET", url: "/api/auth/me", as: m })).statusCode).toBe(200);
    expect(
      (await t.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: second.cookie } })).statusCode,
    ).toBe(401);
    expect((await login(m)).status).toBe(401);
    expect((await login(m, "brand-new-pass")).status).toBe(200);
  });
});

describe("account deletion", () => {
  it("refuses without the password or the confirmation word", async () => {
    const m = await t.register();
    const del = (payload: object) => t.inject({ method: "DELETE", url: "/api/account", as: m, payload });
    expect((await del({ password: "wrong-pass", confirm: "DELETE" })).statusCode).toBe(400);
    expect((await del({ password: m.password })).json().message).toBe("Type DELETE to confirm");
    expect((await del({ password: m.password, confirm: "delete" })).statusCode).toBe(400);
    expect(
      (
        await t.inject({
          method: "DELETE",
          url: "/api/account",
          payload: { password: "x", confirm: "DELETE" },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.inject({ method: "GET", url: "/api/auth/me", as: m })).statusCode).toBe(200);
  });

  it("deletes the member and what they wrote, and recomputes every counter others see", async () => {
    const victim = await t.register();
    const alice = await t.register();
    const bob = await t.register();

    // Follows both ways.
    await ok(await t.inject({ method: "POST", url: `/api/users/${alice.id}/follow`, as: victim }));
    await ok(await t.inject({ method: "POST", url: `/api/users/${victim.id}/follow`, as: bob }));
    await ok(await t.inject({ method: "POST", url: `/api/users/${alice.id}/follow`, as: bob }));

    // Likes and comments on someone else's post; the victim's own post with others' activity.
    const alicePost = await ok(
      await t.inject({
        method: "POST",
        url: "/api/posts",
        as: alice,
        payload: { content: unique("Alice writes") },
      }),
      201,
    );
    for (const m of [victim, bob])
      await ok(await t.inject({ method: "POST", url: `/api/posts/${alicePost.id}/like`, as: m }));
    await ok(
      await t.inject({
        method: "POST",
        url: `/api/posts/${alicePost.id}/comments`,
        as: victim,
        payload: { content: unique("Victim comments") },
      }),
      201,
    );
    const victimPost = await ok(
      await t.inject({
        method: "POST",
        url: "/api/posts",
        as: victim,
        payload: { content: unique("Victim writes") },
      }),
      201,
    );
    await ok(await t.inject({ method: "POST", url: `/api/posts/${victimPost.id}/like`, as: alice }));

    // Forums: the victim joins Alice's forum, replies in her thread and starts a thread Bob replies to.
    const forum = await ok(
      await t.inject({
        method: "POST",
        url: "/api/forums",
        as: alice,
        payload: {
          name: unique("Deletion forum"),
          description: "Counting members and posts.",
          aiModel: "general",
        },
      }),
      201,
    );
    await t.inject({ method: "POST", url: `/api/forums/${forum.id}/join`, as: victim });
    const aliceThread = await ok(
      await t.inject({
        method: "POST",
        url: `/api/forums/${forum.id}/threads`,
        as: alice,
        payload: { title: "Alice asks", content: unique("What do you think about this?") },
      }),
      201,
    );
    for (const m of [victim, bob]) {
      await ok(
        await t.inject({
          method: "POST",
          url: `/api/threads/${aliceThread.id}/replies`,
          as: m,
          payload: { content: unique("A thoughtful reply here") },
        }),
        201,
      );
    }
    const victimThread = await ok(
      await t.inject({
        method: "POST",
        url: `/api/forums/${forum.id}/threads`,
        as: victim,
        payload: { title: "Victim asks", content: unique("Another opening message") },
      }),
      201,
    );
    await ok(
      await t.inject({
        method: "POST",
        url: `/api/threads/${victimThread.id}/replies`,
        as: bob,
        payload: { content: unique("Bob answers the victim") },
      }),
      201,
    );
    const forumBefore = await ok(await t.inject({ method: "GET", url: `/api/forums/${forum.id}` }));

    // Models: like, rate; like Alice's model comment.
    const models = await ok(await t.inject({ method: "GET", url: "/api/ai-models" }));
    const model = models[0];
    await ok(await t.inject({ method: "POST", url: `/api/ai-models/${model.id}/like`, as: victim }));
    await ok(
      await t.inject({
        method: "POST",
        url: `/api/ai-models/${model.id}/rate`,
        as: victim,
        payload: { rating: 5 },
      }),
    );
    await ok(
      await t.inject({
        method: "POST",
        url: `/api/ai-models/${model.id}/rate`,
        as: alice,
        payload: { rating: 2 },
      }),
    );
    const comment = await ok(
      await t.inject({
        method: "POST",
        url: `/api/ai-models/${model.id}/comments`,
        as: alice,
        payload: { content: unique("Alice on the model") },
      }),
      201,
    );
    await ok(
      await t.inject({ method: "POST", url: `/api/ai-models/comments/${comment.id}/like`, as: victim }),
    );
    const modelBefore = await ok(await t.inject({ method: "GET", url: `/api/ai-models/${model.slug}` }));

    // Prompts: like and copy Alice's prompt.
    const prompt = await ok(
      await t.inject({
        method: "POST",
        url: "/api/prompts",
        as: alice,
        payload: { title: unique("Alice prompt"), content: "Explain it like I am five." },
      }),
      201,
    );
    await ok(await t.inject({ method: "POST", url: `/api/prompts/${prompt.id}/like`, as: victim }));
    await ok(await t.inject({ method: "POST", url: `/api/prompts/${prompt.id}/download`, as: victim }));
    const promptBefore = await ok(await t.inject({ method: "GET", url: `/api/prompts/${prompt.id}` }));

    // An avatar file.
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#3366ff" } })
      .png()
      .toBuffer();
    const upload = await ok(
      await t.inject({ method: "POST", url: "/api/profile/avatar", as: victim, ...multipart(png) }),
    );
    const avatarFile = path.join(t.ctx.config.dataDir, "avatars", upload.avatar.split("/").pop());
    expect(fs.existsSync(avatarFile)).toBe(true);

    expect(
      (await ok(await t.inject({ method: "GET", url: "/api/notifications", as: alice }))).length,
    ).toBeGreaterThan(0);

    // --- delete ---
    const res = await t.inject({
      method: "DELETE",
      url: "/api/account",
      as: victim,
      payload: { password: victim.password, confirm: "DELETE" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers["set-cookie"])).toMatch(/agora_session=;/);

    expect((await t.inject({ method: "GET", url: "/api/auth/me", as: victim })).statusCode).toBe(401);
    expect((await login(victim)).status).toBe(401);
    expect((await t.inject({ method: "GET", url: `/api/users/${victim.id}` })).statusCode).toBe(404);
    expect((await t.inject({ method: "GET", url: `/api/posts/${victimPost.id}` })).statusCode).toBe(404);
    expect(fs.existsSync(avatarFile)).toBe(false);

    // Followers / following of the others.
    expect(await ok(await t.inject({ method: "GET", url: `/api/users/${alice.id}` }))).toMatchObject({
      followersCount: 1,
      followingCount: 0,
    });
    expect(await ok(await t.inject({ method: "GET", url: `/api/users/${bob.id}` }))).toMatchObject({
      followersCount: 0,
      followingCount: 1,
    });
    // Alice's post: Bob's like stays, the victim's like and comment are gone.
    expect(await ok(await t.inject({ method: "GET", url: `/api/posts/${alicePost.id}` }))).toMatchObject({
      likes: 1,
      comments: 0,
    });
    // Forum: one member, one thread and one reply fewer... and the victim's thread with Bob's reply.
    const forumAfter = await ok(await t.inject({ method: "GET", url: `/api/forums/${forum.id}` }));
    expect(forumAfter.memberCount).toBe(forumBefore.memberCount - 1);
    expect(forumAfter.threadCount).toBe(forumBefore.threadCount - 1);
    expect(forumAfter.postCount).toBe(forumBefore.postCount - 3);
    const [thread] = await queryRows<{ reply_count: number }>(
      t.ctx.db,
      sql`SELECT reply_count FROM forum_threads WHERE id = ${aliceThread.id}`,
    );
    expect(Number(thread!.reply_count)).toBe(1);
    // Model: the like and the 5-star rating are gone from the averages.
    const modelAfter = await ok(await t.inject({ method: "GET", url: `/api/ai-models/${model.slug}` }));
    expect(modelAfter.likes).toBe(modelBefore.likes - 1);
    expect(modelAfter.reviewCount).toBe(modelBefore.reviewCount - 1);
    expect(modelAfter.rating).toBe(2);
    const [commentRow] = await queryRows<{ likes: number }>(
      t.ctx.db,
      sql`SELECT likes FROM model_comments WHERE id = ${comment.id}`,
    );
    expect(Number(commentRow!.likes)).toBe(0);
    // Prompt counters.
    const promptAfter = await ok(await t.inject({ method: "GET", url: `/api/prompts/${prompt.id}` }));
    expect(promptAfter.likes).toBe(promptBefore.likes - 1);
    expect(promptAfter.downloads).toBe(promptBefore.downloads - 1);
    // Alice's notifications about the victim are gone.
    const aliceNotes = await ok(await t.inject({ method: "GET", url: "/api/notifications", as: alice }));
    expect(
      aliceNotes.some((n: { relatedUser: { id: number } | null }) => n.relatedUser?.id === victim.id),
    ).toBe(false);
    // No row anywhere still points at the member.
    const [left] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`SELECT (SELECT count(*) FROM posts WHERE author_id = ${victim.id})
               + (SELECT count(*) FROM post_comments WHERE author_id = ${victim.id})
               + (SELECT count(*) FROM follows WHERE follower_id = ${victim.id} OR followee_id = ${victim.id})
               + (SELECT count(*) FROM notifications WHERE user_id = ${victim.id} OR related_user_id = ${victim.id})
               + (SELECT count(*) FROM sessions WHERE user_id = ${victim.id}) AS n`,
    );
    expect(Number(left!.n)).toBe(0);
  });

  it("leaves no foreign key to users that would block or orphan a deletion", async () => {
    const rows = await queryRows<{ table_name: string; delete_rule: string }>(
      t.ctx.db,
      sql`SELECT tc.table_name, rc.delete_rule
          FROM information_schema.referential_constraints rc
          JOIN information_schema.table_constraints tc ON tc.constraint_name = rc.constraint_name
          JOIN information_schema.constraint_column_usage cu ON cu.constraint_name = rc.unique_constraint_name
          WHERE cu.table_name = 'users'`,
    );
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) expect(["CASCADE", "SET NULL"], r.table_name).toContain(r.delete_rule);
  });
});
