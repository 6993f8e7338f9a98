import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/connect";
import { createTestApp, type TestApp, type TestMember } from "../test/harness";
import { type Cast, createFixture, requestFor } from "../test/fixture";
import { type Fixture, type RoutePolicy, routePolicy } from "../test/route-policy";

/**
 * The authorization matrix (issue 13 §1): every registered /api route is called as anonymous,
 * a member, another member (for owned resources) and an admin, with a valid request, and the
 * status must match the route's entry in `src/server/test/route-policy.ts`.
 */

let t: TestApp;
let cast: Cast;
let f: Fixture;

beforeAll(async () => {
  // A row's snapshot is every column: the Hot and Top ranks' refresh (decision 0147) rewrites a
  // new post's ranks in the background, which would land between two snapshots under load.
  t = await createTestApp({ rankRefreshMs: 3_600_000 });
  ({ cast, f } = await createFixture(t));
});
afterAll(async () => t?.close());

async function adminOfOwn(): Promise<TestMember> {
  const admin = await t.register();
  await t.makeAdmin(admin);
  return admin;
}

async function call(key: string, policy: RoutePolicy, as?: TestMember) {
  return t.inject({ ...(await requestFor(key, policy, f)), as });
}

async function snapshot(guard: { table: string; id: number }) {
  const rows = await queryRows(
    t.ctx.db,
    sql`SELECT * FROM ${sql.identifier(guard.table)} WHERE id = ${guard.id}`,
  );
  return JSON.stringify(rows);
}

const serverError = (status: number, policy: RoutePolicy) =>
  status >= 500 && !(status === 503 && policy.may503);

it("every registered /api route has an entry in the policy table, and every entry a route", () => {
  const registered = t.routes.filter((r) => r.url.startsWith("/api")).map((r) => `${r.method} ${r.url}`);
  const missing = registered.filter((key) => !(key in routePolicy));
  expect(missing, "classify these routes in src/server/test/route-policy.ts").toEqual([]);
  const stale = Object.keys(routePolicy).filter((key) => !registered.includes(key));
  expect(stale, "these policy entries name no registered route").toEqual([]);
});

// Owner routes are exercised in an order where edits come before deletions and children are
// deleted before their parents, so the owner's own (successful) calls do not break later ones.
const entries = Object.entries(routePolicy).sort(([a], [b]) => {
  const rank = (key: string) => (key.startsWith("DELETE") ? 1 : 0);
  return rank(a) - rank(b) || b.length - a.length;
});

describe.each(entries.filter(([, p]) => p.access === "public"))("%s (public)", (key, policy) => {
  it("is open to anonymous callers", async () => {
    const res = await call(key, policy);
    expect(serverError(res.statusCode, policy), res.body).toBe(false);
    expect(res.statusCode, res.body).not.toBe(403);
    if (res.statusCode === 401) expect(policy.anonymous ?? []).toContain(401);
  });
  it("answers a member and an admin", async () => {
    // A call that ends the session (logout) is made by throwaway members, not the shared cast.
    const callers = policy.endsSession ? [await t.register(), await adminOfOwn()] : [cast.other, cast.admin];
    for (const who of callers) {
      const res = await call(key, policy, who);
      expect(serverError(res.statusCode, policy), res.body).toBe(false);
      expect(res.statusCode, res.body).not.toBe(403);
    }
  });
});

describe.each(entries.filter(([, p]) => p.access === "member"))("%s (member)", (key, policy) => {
  it("refuses anonymous callers with 401", async () => {
    const res = await call(key, policy);
    expect(res.statusCode, res.body).toBe(401);
  });
  // The notification stream never ends, so it cannot be injected; its member access is tested
  // against a listening server in src/server/features/notifications.
  if (policy.stream) return;
  it("lets a member through (never 5xx)", async () => {
    const res = await call(key, policy, cast.other);
    expect(serverError(res.statusCode, policy), res.body).toBe(false);
    // A wrong password on the account routes is a 400/401 answer about the password, not the session.
    if (!key.includes("/api/account")) expect(res.statusCode, res.body).not.toBe(401);
  });
});

describe.each(entries.filter(([, p]) => p.access === "admin"))("%s (admin)", (key, policy) => {
  it("refuses anonymous callers with 401 and members with 403", async () => {
    expect((await call(key, policy)).statusCode).toBe(401);
    for (const who of [cast.owner, cast.other]) {
      const res = await call(key, policy, who);
      expect(res.statusCode, res.body).toBe(403);
    }
  });
  it("lets an admin through", async () => {
    const res = await call(key, policy, cast.admin);
    expect(serverError(res.statusCode, policy), res.body).toBe(false);
    expect([401, 403]).not.toContain(res.statusCode);
  });
});

describe.each(entries.filter(([, p]) => p.access === "webhook"))("%s (webhook)", (key, policy) => {
  it("never accepts an unsigned call, with or without a session", async () => {
    for (const who of [undefined, cast.other, cast.admin]) {
      const res = await call(key, policy, who);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(serverError(res.statusCode, policy), res.body).toBe(false);
    }
  });
});

describe.each(entries.filter(([, p]) => p.access === "owner"))("%s (owner)", (key, policy) => {
  it("refuses anonymous callers (401) and other members (403/404), changing nothing", async () => {
    expect(policy.guards, "owner routes name the row they guard").toBeDefined();
    const guard = policy.guards!(f);
    const before = await snapshot(guard);
    expect(before).not.toBe("[]");
    const anonymous = await call(key, policy);
    expect(anonymous.statusCode, anonymous.body).toBe(401);
    const other = await call(key, policy, cast.other);
    expect([403, 404], other.body).toContain(other.statusCode);
    expect(await snapshot(guard)).toBe(before);
  });
  it("lets the owner do it (the refused request was valid)", async () => {
    const res = await call(key, policy, cast.owner);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, res.body).toBeLessThan(300);
  });
});
