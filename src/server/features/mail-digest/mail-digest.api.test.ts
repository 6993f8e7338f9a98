import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink";
import { flushDigests } from "./service";

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ smtpUrl: sink.url });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});
afterEach(() => {
  t.setNow(undefined);
});

const MIN = 60 * 1000;
const digestsTo = (email: string) =>
  sink.messages.filter((m) => m.to.includes(email) && !/Welcome|Verify your/.test(m.subject));

async function flushAt(date: Date): Promise<number> {
  t.setNow(date);
  const sent = await flushDigests(t.ctx);
  await t.ctx.mailer.idle();
  return sent;
}

describe("notification digest emails", () => {
  it("batches followers, replies and mentions into at most one mail per member per hour", async () => {
    const base = new Date(Date.now() + 2 * 24 * 3600 * 1000);
    const [owner, alice, bob] = [await t.register(), await t.register(), await t.register()];
    t.setNow(base);
    await t.ctx.events.emit("user.followed", { actorId: alice.id, userId: owner.id });

    // A burst waits a few minutes so it lands in one mail.
    expect(await flushAt(new Date(base.getTime() + 1 * MIN))).toBe(0);
    expect(await flushAt(new Date(base.getTime() + 6 * MIN))).toBe(1);
    const first = digestsTo(owner.email);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe(`${alice.username} started following you on AI Agora`);
    expect(first[0]!.text).toContain(`${t.ctx.config.appUrl}/profile/${alice.id}`);

    t.setNow(new Date(base.getTime() + 10 * MIN));
    await t.ctx.events.emit("thread.replied", {
      actorId: bob.id,
      threadId: 7,
      replyId: 9,
      forumId: 3,
      ownerId: owner.id,
    });
    await t.ctx.events.emit("member.mentioned", {
      actorId: alice.id,
      userIds: [owner.id, alice.id],
      url: "/post/42",
      excerpt: `hey @${owner.username} <script>alert(1)</script>`,
    });
    // Within the hour nothing more is sent...
    expect(await flushAt(new Date(base.getTime() + 40 * MIN))).toBe(0);
    expect(digestsTo(owner.email)).toHaveLength(1);
    // ...then one mail with both.
    expect(await flushAt(new Date(base.getTime() + 67 * MIN))).toBe(1);
    const second = digestsTo(owner.email)[1]!;
    expect(second.subject).toBe("2 new updates on AI Agora");
    expect(second.text).toContain(`${bob.username} replied to your thread`);
    expect(second.text).toContain(`${alice.username} mentioned you`);
    expect(second.text).toContain(`${t.ctx.config.appUrl}/post/42`);
    expect(second.html).not.toContain("<script>");
    expect(second.html).toContain("&lt;script&gt;");
    // The actor is never notified of their own mention.
    expect(digestsTo(alice.email)).toHaveLength(0);
    expect(await flushAt(new Date(base.getTime() + 200 * MIN))).toBe(0);
  });

  it("respects the member's email preferences", async () => {
    const [owner, fan] = [await t.register(), await t.register()];
    const off = await t.inject({
      method: "PUT",
      url: "/api/account/notification-preferences",
      as: owner,
      payload: { follow: { email: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    const base = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    t.setNow(base);
    await t.ctx.events.emit("user.followed", { actorId: fan.id, userId: owner.id });
    await t.ctx.events.emit("user.followed", { actorId: owner.id, userId: owner.id });
    await flushAt(new Date(base.getTime() + 10 * MIN));
    expect(digestsTo(owner.email)).toHaveLength(0);
  });

  it("does not link outside the app", async () => {
    const [owner, other] = [await t.register(), await t.register()];
    const base = new Date(Date.now() + 8 * 24 * 3600 * 1000);
    t.setNow(base);
    await t.ctx.events.emit("member.mentioned", {
      actorId: other.id,
      userIds: [owner.id],
      url: "javascript:alert(1)",
      excerpt: "hi",
    });
    await flushAt(new Date(base.getTime() + 10 * MIN));
    const [mail] = digestsTo(owner.email);
    expect(mail).toBeDefined();
    expect(mail!.html).not.toContain("javascript:");
    expect(mail!.text).toContain(`${t.ctx.config.appUrl}/`);
  });
});
