import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERATION_DEFAULTS } from "../../../common/moderation";
import { queryRows } from "../../db/connect";
import type { SessionUser } from "../../platform/context";
import { getPubSub } from "../../platform/pubsub";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";
import { getModerationSettings } from "../moderation/public";
import { createMemberActions } from "./members";
import { SETTINGS_CHANNEL } from "./settings-sync";

let t: TestApp;
let admin: TestMember;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp({ adminEmails: ["chief@example.com"] });
  await t.seed();
  admin = await t.register();
  await t.makeAdmin(admin);
  member = await t.register();
});
afterAll(async () => t?.close());

let seq = 0;
const text = (prefix = "A thoughtful post about AI models") =>
  `${prefix} number ${++seq} ${String(Date.now())}`;

const post = (as: TestMember | undefined, content = text()) =>
  t.inject({ method: "POST", url: "/api/posts", payload: { content }, as });

const settings = (over: Record<string, unknown> = {}) => ({ ...MODERATION_DEFAULTS, ...over });

async function count(table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.ctx.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return row!.n;
}

async function putSettings(body: Record<string, unknown>, as: TestMember = admin) {
  return t.inject({ method: "PUT", url: "/api/admin/moderation-settings", payload: body, as });
}

describe("authorization of every admin call", () => {
  /** Each admin call with a valid input; `setup` prepares what the admin's call needs. */
  type Call = { method: "GET" | "PUT" | "POST" | "DELETE"; url: string; payload?: unknown };
  let victim: TestMember;
  let reported: number;
  let calls: Call[];

  beforeAll(async () => {
    victim = await t.register();
    const reporter = await t.register();
    const p = await post(victim);
    reported = p.json().id;
    const r = await t.inject({
      method: "POST",
      url: "/api/reports",
      payload: { targetType: "post", targetId: reported, reason: "spam" },
      as: reporter,
    });
    expect(r.statusCode).toBe(201);
    calls = [
      { method: "GET", url: "/api/admin/moderation-stats" },
      { method: "GET", url: "/api/admin/moderation-actions" },
      { method: "GET", url: "/api/admin/moderation-settings" },
      { method: "PUT", url: "/api/admin/moderation-settings", payload: settings({ maxLength: 1999 }) },
      { method: "GET", url: "/api/admin/audit-log" },
      { method: "GET", url: "/api/admin/users" },
      { method: "POST", url: `/api/admin/users/${victim.id}/ban`, payload: { reason: "Spamming" } },
      { method: "POST", url: `/api/admin/users/${victim.id}/unban`, payload: {} },
      {
        method: "POST",
        url: `/api/admin/users/${victim.id}/rate-limit`,
        payload: { hours: 2, reason: "Flood" },
      },
      { method: "DELETE", url: `/api/admin/users/${victim.id}/rate-limit` },
      { method: "POST", url: `/api/admin/users/${victim.id}/warn`, payload: { message: "Please be kind" } },
      { method: "GET", url: "/api/admin/reports" },
      {
        method: "POST",
        url: "/api/admin/reports/resolve",
        payload: { action: "dismiss", targetType: "post", targetId: reported },
      },
      { method: "GET", url: "/api/admin/feature-flags" },
      { method: "PUT", url: "/api/admin/feature-flags/ai_assistant", payload: { enabled: true } },
    ];
  });

  it("covers every admin route of this feature, and every /api/admin route refuses non-admins", async () => {
    const doc = (await t.inject({ method: "GET", url: "/api/docs" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/admin"))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const tested = calls
      .map(
        (c) =>
          `${c.method} ${c.url
            .replace(/\/users\/\d+/, "/users/{id}")
            .replace(/feature-flags\/\w+$/, "feature-flags/{key}")}`,
      )
      .sort();
    for (const call of tested) expect(documented).toContain(call);
    expect(tested.length).toBeGreaterThanOrEqual(15);
    // Whoever adds an /api/admin route, it refuses visitors and members.
    for (const entry of documented) {
      const [method, path] = entry.split(" ") as [Call["method"], string];
      const url = path.replace("{id}", String(member.id)).replace("{key}", "ai_assistant");
      expect((await t.inject({ method, url })).statusCode, entry).toBe(401);
      expect((await t.inject({ method, url, as: member })).statusCode, entry).toBe(403);
    }
  });

  it("answers 401 signed out and 403 to members, and nothing changes", async () => {
    const before = {
      audit: await count("admin_audit_log"),
      settings: (await t.inject({ method: "GET", url: "/api/admin/moderation-settings", as: admin })).json(),
      flags: (await t.inject({ method: "GET", url: "/api/admin/feature-flags", as: admin })).json(),
      openReports: await count("reports WHERE status = 'open'"),
      restricted: await count("users WHERE banned_at IS NOT NULL OR rate_limited_until IS NOT NULL"),
      notifications: await count("notifications"),
    };
    for (const c of calls) {
      const anon = await t.inject({ method: c.method, url: c.url, payload: c.payload as object });
      expect(anon.statusCode, `${c.method} ${c.url}`).toBe(401);
      const asMember = await t.inject({
        method: c.method,
        url: c.url,
        payload: c.payload as object,
        as: member,
      });
      expect(asMember.statusCode, `${c.method} ${c.url}`).toBe(403);
      expect(asMember.json().message).toMatch(/admin/i);
      // Even an invalid body is refused for its sender, not for its content.
      if (c.payload) {
        const bad = await t.inject({ method: c.method, url: c.url, payload: { nonsense: true }, as: member });
        expect(bad.statusCode).toBe(403);
      }
    }
    expect(await count("admin_audit_log")).toBe(before.audit);
    expect(
      (await t.inject({ method: "GET", url: "/api/admin/moderation-settings", as: admin })).json(),
    ).toEqual(before.settings);
    expect((await t.inject({ method: "GET", url: "/api/admin/feature-flags", as: admin })).json()).toEqual(
      before.flags,
    );
    expect(await count("reports WHERE status = 'open'")).toBe(before.openReports);
    expect(await count("users WHERE banned_at IS NOT NULL OR rate_limited_until IS NOT NULL")).toBe(
      before.restricted,
    );
    expect(await count("notifications")).toBe(before.notifications);
  });

  it("answers 200 to an admin, and writes an audit entry for every change", async () => {
    const auditBefore = await count("admin_audit_log");
    let changes = 0;
    for (const c of calls) {
      const res = await t.inject({ method: c.method, url: c.url, payload: c.payload as object, as: admin });
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(200);
      if (c.method !== "GET") changes += 1;
    }
    expect(await count("admin_audit_log")).toBe(auditBefore + changes);
    const log = (
      await t.inject({ method: "GET", url: `/api/admin/audit-log?limit=${changes}`, as: admin })
    ).json();
    expect(log).toHaveLength(changes);
    expect(log.map((e: { action: string }) => e.action)).toEqual([
      "flag.update",
      "report.dismiss",
      "user.warn",
      "user.lift_rate_limit",
      "user.rate_limit",
      "user.unban",
      "user.ban",
      "settings.update",
    ]);
    for (const e of log) {
      expect(e.admin).toBe(admin.username);
      expect(Date.parse(e.createdAt)).not.toBeNaN();
    }
    expect(log.find((e: { action: string }) => e.action === "user.ban")).toMatchObject({
      reason: "Spamming",
      summary: `Banned ${victim.username}`,
      targetType: "user",
      targetId: victim.id,
    });
    expect(log.find((e: { action: string }) => e.action === "settings.update").summary).toContain(
      "maximum length 2000 → 1999",
    );
    // Put things back for the other tests.
    await putSettings(settings());
    await t.inject({
      method: "PUT",
      url: "/api/admin/feature-flags/ai_assistant",
      payload: { enabled: false },
      as: admin,
    });
  });

  it("lets a verified ADMIN_EMAILS account in, and pages the audit log", async () => {
    const chief = await t.register({ email: "chief@example.com" });
    // Issue 25: the listed address grants nothing until the link mailed to it is followed.
    expect((await t.inject({ method: "GET", url: "/api/admin/audit-log", as: chief })).statusCode).toBe(403);
    await t.verifyEmail(chief);
    const res = await t.inject({ method: "GET", url: "/api/admin/audit-log?limit=2", as: chief });
    expect(res.statusCode).toBe(200);
    const first = res.json();
    expect(first).toHaveLength(2);
    const next = (
      await t.inject({ method: "GET", url: `/api/admin/audit-log?limit=2&cursor=${first[1].id}`, as: chief })
    ).json();
    expect(next[0].id).toBeLessThan(first[1].id);
    expect(
      (await t.inject({ method: "GET", url: "/api/admin/audit-log?limit=0", as: chief })).statusCode,
    ).toBe(400);
  });
});

describe("moderation settings", () => {
  it("answers the stored settings (SPEC §5 defaults)", async () => {
    const res = await t.inject({ method: "GET", url: "/api/admin/moderation-settings", as: admin });
    expect(res.json()).toEqual(MODERATION_DEFAULTS);
  });

  it("refuses values outside sane bounds with 400 and keeps the old ones", async () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [settings({ minLength: 50, maxLength: 40 }), /cannot be greater than maximum/],
      [settings({ minLength: 0 }), /Minimum length/],
      [settings({ minLength: -5 }), /Minimum length/],
      [settings({ maxLength: 10_001 }), /Maximum length/],
      [settings({ postsPerMinute: 0 }), /Posts per minute/],
      [settings({ postsPerMinute: -1 }), /Posts per minute/],
      [settings({ postsPerMinute: 101 }), /Posts per minute/],
      [settings({ postsPerMinute: 2.5 }), /Posts per minute/],
      [settings({ profanityFilter: "yes" }), /profanityFilter/],
      [{ ...settings(), extra: 1 }, /Unknown field/],
      [{ minLength: 5 }, /./],
    ];
    for (const [body, message] of bad) {
      const res = await putSettings(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(
      (await t.inject({ method: "GET", url: "/api/admin/moderation-settings", as: admin })).json(),
    ).toEqual(MODERATION_DEFAULTS);
  });

  it("applies a lower maximum length at once: a longer post gets 422 too long", async () => {
    const author = await t.register();
    const long =
      `${text("A long post")} about language models and how people use them in everyday work and study`.slice(
        0,
        90,
      );
    expect(long).toHaveLength(90);
    // Warm the 5 s settings cache with the old values first.
    expect((await getModerationSettings(t.ctx)).maxLength).toBe(2000);
    const res = await putSettings(settings({ maxLength: 80, reason: "Testing short posts" }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(settings({ maxLength: 80 }));
    const refused = await post(author, long);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/too long/);
    expect(refused.json().message).toContain("80");
    expect((await post(author, long.slice(0, 80))).statusCode).toBe(201);
    await putSettings(settings());
    expect((await post(author, long)).statusCode).toBe(201);
  });

  it("applies the other settings at once too", async () => {
    const author = await t.register();
    await putSettings(settings({ minLength: 30 }));
    const short = await post(author, "Short but fine otherwise");
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toMatch(/too short/);
    await putSettings(settings({ profanityFilter: false }));
    expect((await post(author, `This is shit, honestly ${++seq}`)).statusCode).toBe(201);
    await putSettings(settings());
    expect((await post(author, `This is shit, honestly ${++seq}`)).statusCode).toBe(422);
    await putSettings(settings({ postsPerMinute: 1 }));
    const other = await t.register();
    expect((await post(other)).statusCode).toBe(201);
    const second = await post(other);
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toMatch(/rate limit/);
    await putSettings(settings());
  });

  it("tells every instance through pub/sub", async () => {
    const heard: unknown[] = [];
    const off = getPubSub(t.ctx).subscribe(SETTINGS_CHANNEL, (m) => heard.push(m));
    await putSettings(settings());
    off();
    expect(heard).toHaveLength(1);
  });
});

describe("stats and recent actions", () => {
  it("counts posts, blocked texts, rate-limited and banned members from the database", async () => {
    const stats = async () =>
      (await t.inject({ method: "GET", url: "/api/admin/moderation-stats", as: admin })).json();
    const before = await stats();
    expect(Object.keys(before).sort()).toEqual([
      "bannedUsers",
      "blockedPosts",
      "rateLimitedUsers",
      "totalPosts",
    ]);
    expect(before.totalPosts).toBe(await count("posts"));

    const author = await t.register();
    expect((await post(author)).statusCode).toBe(201);
    expect((await post(author, "bad")).statusCode).toBe(422);
    const limited = await t.register();
    await t.inject({
      method: "POST",
      url: `/api/admin/users/${limited.id}/rate-limit`,
      payload: { hours: 1, reason: "x" },
      as: admin,
    });
    const banned = await t.register();
    await t.inject({
      method: "POST",
      url: `/api/admin/users/${banned.id}/ban`,
      payload: { reason: "x" },
      as: admin,
    });

    const after = await stats();
    expect(after.totalPosts).toBe(before.totalPosts + 1);
    expect(after.blockedPosts).toBe(before.blockedPosts + 1);
    expect(after.rateLimitedUsers).toBe(before.rateLimitedUsers + 1);
    expect(after.bannedUsers).toBe(before.bannedUsers + 1);

    // A member refused for posting too fast counts as rate limited for 24 hours.
    await putSettings(settings({ postsPerMinute: 1 }));
    const fast = await t.register();
    await post(fast);
    expect((await post(fast)).statusCode).toBe(429);
    await putSettings(settings());
    expect((await stats()).rateLimitedUsers).toBe(after.rateLimitedUsers + 1);
    t.setNow(new Date(Date.now() + 25 * 60 * 60 * 1000));
    try {
      // The moderation log ages out, and so does the admin's one-hour limit.
      expect((await stats()).rateLimitedUsers).toBe(0);
    } finally {
      t.setNow(undefined);
    }
  });

  it("lists the pipeline's refusals newest first with the member's name, paginated", async () => {
    const author = await t.register();
    await post(author, "tiny");
    const res = await t.inject({ method: "GET", url: "/api/admin/moderation-actions?limit=5", as: admin });
    expect(res.statusCode).toBe(200);
    const [latest] = res.json();
    expect(latest).toMatchObject({
      action: "Post blocked",
      user: author.username,
      reason: "Content too short",
      content: "tiny",
    });
    expect(Date.parse(latest.timestamp)).not.toBeNaN();
    const page2 = (
      await t.inject({
        method: "GET",
        url: `/api/admin/moderation-actions?limit=5&cursor=${latest.id}`,
        as: admin,
      })
    ).json();
    expect(page2.every((a: { id: number }) => a.id < latest.id)).toBe(true);
    expect(
      (await t.inject({ method: "GET", url: "/api/admin/moderation-actions?cursor=abc", as: admin }))
        .statusCode,
    ).toBe(400);
  });
});

describe("bans", () => {
  it("ends the member's sessions at once, blocks sign-in and posting; unban restores", async () => {
    const bad = await t.register();
    expect((await t.inject({ method: "GET", url: "/api/auth/me", as: bad })).statusCode).toBe(200);
    const ban = await t.inject({
      method: "POST",
      url: `/api/admin/users/${bad.id}/ban`,
      payload: { reason: "Abuse" },
      as: admin,
    });
    expect(ban.statusCode).toBe(200);
    expect(ban.json()).toMatchObject({ id: bad.id, username: bad.username, role: "member" });
    expect(ban.json().bannedAt).not.toBeNull();
    expect(await count(`sessions WHERE user_id = ${bad.id}`)).toBe(0);

    expect((await t.inject({ method: "GET", url: "/api/auth/me", as: bad })).statusCode).toBe(401);
    expect((await post(bad)).statusCode).toBe(401);
    const login = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: bad.username, password: bad.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe("This account has been suspended");
    expect(login.headers["set-cookie"]).toBeUndefined();
    // A wrong password still says only that the credentials are wrong.
    const wrong = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: bad.username, password: "nope-nope" },
    });
    expect(wrong.statusCode).toBe(401);

    const listed = (await t.inject({ method: "GET", url: "/api/admin/users", as: admin })).json();
    expect(listed.some((u: { id: number }) => u.id === bad.id)).toBe(true);

    const unban = await t.inject({
      method: "POST",
      url: `/api/admin/users/${bad.id}/unban`,
      payload: { reason: "Appeal accepted" },
      as: admin,
    });
    expect(unban.statusCode).toBe(200);
    expect(unban.json().bannedAt).toBeNull();
    const again = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: bad.username, password: bad.password },
    });
    expect(again.statusCode).toBe(200);
    const cookie = String(again.headers["set-cookie"]).split(";")[0]!;
    expect((await post({ ...bad, cookie })).statusCode).toBe(201);
  });

  it("refuses banning oneself, the last administrator, or nobody", async () => {
    const self = await t.inject({
      method: "POST",
      url: `/api/admin/users/${admin.id}/ban`,
      payload: { reason: "oops" },
      as: admin,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe("You cannot ban yourself");
    expect((await t.inject({ method: "GET", url: "/api/auth/me", as: admin })).statusCode).toBe(200);

    const missing = await t.inject({
      method: "POST",
      url: "/api/admin/users/999999/ban",
      payload: { reason: "x" },
      as: admin,
    });
    expect(missing.statusCode).toBe(404);
    const noReason = await t.inject({
      method: "POST",
      url: `/api/admin/users/${member.id}/ban`,
      payload: { reason: "  " },
      as: admin,
    });
    expect(noReason.statusCode).toBe(400);
    expect(
      (
        await t.inject({
          method: "POST",
          url: "/api/admin/users/abc/ban",
          payload: { reason: "x" },
          as: admin,
        })
      ).statusCode,
    ).toBe(400);

    // Two admins: one may ban the other. The one left is the last administrator: the rule holds
    // even for a caller the session layer would no longer let in (a ban racing another ban).
    const lone = await createTestApp();
    try {
      const a = await lone.register();
      await lone.makeAdmin(a);
      const b = await lone.register();
      await lone.makeAdmin(b);
      const first = await lone.inject({
        method: "POST",
        url: `/api/admin/users/${b.id}/ban`,
        payload: { reason: "x" },
        as: a,
      });
      expect(first.statusCode).toBe(200);
      const back = await lone.inject({
        method: "POST",
        url: `/api/admin/users/${a.id}/ban`,
        payload: { reason: "x" },
        as: b,
      });
      expect(back.statusCode).toBe(401);
      const stale = { id: b.id, username: b.username, isAdmin: true } as unknown as SessionUser;
      await expect(createMemberActions(lone.ctx).ban(stale, a.id, "coup")).rejects.toMatchObject({
        status: 400,
        message: "You cannot ban the last administrator",
      });
      expect((await lone.inject({ method: "GET", url: "/api/auth/me", as: a })).statusCode).toBe(200);
    } finally {
      await lone.close();
    }
  });
});

describe("rate limits and warnings", () => {
  it("refuses the member's new content with 429 until the period ends; lifting restores", async () => {
    const noisy = await t.register();
    const res = await t.inject({
      method: "POST",
      url: `/api/admin/users/${noisy.id}/rate-limit`,
      payload: { hours: 24, reason: "Flooding the feed" },
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().rateLimitedUntil) - Date.now()).toBeGreaterThan(23 * 3600_000);
    const refused = await post(noisy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/rate limit/);
    const comment = await t.inject({
      method: "POST",
      url: `/api/posts/${(await post(member)).json().id}/comments`,
      payload: { content: text("A comment") },
      as: noisy,
    });
    expect(comment.statusCode).toBe(429);
    // They were told, in their notifications.
    const notes = (await t.inject({ method: "GET", url: "/api/notifications", as: noisy })).json();
    expect(JSON.stringify(notes)).toMatch(/rate limit/);

    t.setNow(new Date(Date.now() + 25 * 3600_000));
    try {
      expect((await post(noisy)).statusCode).toBe(201);
    } finally {
      t.setNow(undefined);
    }
    await t.inject({
      method: "POST",
      url: `/api/admin/users/${noisy.id}/rate-limit`,
      payload: { hours: 1, reason: "again" },
      as: admin,
    });
    expect((await post(noisy)).statusCode).toBe(429);
    const lift = await t.inject({
      method: "DELETE",
      url: `/api/admin/users/${noisy.id}/rate-limit`,
      as: admin,
    });
    expect(lift.json().rateLimitedUntil).toBeNull();
    expect((await post(noisy)).statusCode).toBe(201);

    for (const hours of [0, -1, 721, 1.5]) {
      const bad = await t.inject({
        method: "POST",
        url: `/api/admin/users/${noisy.id}/rate-limit`,
        payload: { hours, reason: "x" },
        as: admin,
      });
      expect(bad.statusCode).toBe(400);
    }
  });

  it("warns a member through a notification", async () => {
    const target = await t.register();
    const res = await t.inject({
      method: "POST",
      url: `/api/admin/users/${target.id}/warn`,
      payload: { message: "Please keep it civil" },
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    const notes = (await t.inject({ method: "GET", url: "/api/notifications", as: target })).json();
    expect(JSON.stringify(notes)).toContain("Please keep it civil");
    const empty = await t.inject({
      method: "POST",
      url: `/api/admin/users/${target.id}/warn`,
      payload: { message: "" },
      as: admin,
    });
    expect(empty.statusCode).toBe(400);
  });
});
