import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ promoDeadline: new Date("2000-01-01T00:00:00Z") });
});
afterAll(async () => t?.close());

async function onPlan(m: TestMember, tier: string): Promise<void> {
  await t.exec(
    `UPDATE users SET subscription_tier = '${tier}', subscription_status = 'active', subscription_expires_at = now() + interval '30 days' WHERE id = ${Number(m.id)}`,
  );
}

const open = (m: TestMember | undefined, payload: unknown) =>
  t.inject({ method: "POST", url: "/api/support/tickets", as: m, payload: payload as object });

const ticket = { subject: "Billing question", message: "How do I change the card my plan is billed to?" };

describe("POST /api/support/tickets", () => {
  it.each([
    ["free", "normal"],
    ["basic", "priority"],
    ["pro", "priority"],
    ["premium", "dedicated"],
  ])("flags a %s member's ticket as %s", async (tier, priority) => {
    const m = await t.register();
    if (tier !== "free") await onPlan(m, tier);
    const res = await open(m, ticket);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ ...ticket, priority, status: "open" });
    const mine = await t.inject({ method: "GET", url: "/api/support/tickets", as: m });
    expect(mine.json().map((x: { id: number }) => x.id)).toEqual([res.json().id]);
  });

  it("a lapsed plan gives a normal ticket", async () => {
    const m = await t.register();
    await t.exec(
      `UPDATE users SET subscription_tier = 'premium', subscription_expires_at = now() - interval '1 day' WHERE id = ${Number(m.id)}`,
    );
    expect((await open(m, ticket)).json().priority).toBe("normal");
  });

  it.each([
    [{ subject: "Hi", message: ticket.message }, "too short"],
    [{ subject: ticket.subject, message: "short" }, "too short"],
    [{ subject: "x".repeat(151), message: ticket.message }, "too long"],
    [{ subject: ticket.subject }, "Message is required"],
    [{ ...ticket, priority: "dedicated" }, "Unknown field"],
    [{ subject: "Hello\u0000there", message: ticket.message }, "not allowed"],
  ])("refuses bad input %# with 400", async (payload, message) => {
    const res = await open(await t.register(), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("needs a session and shows members only their own tickets", async () => {
    expect((await open(undefined, ticket)).statusCode).toBe(401);
    expect((await t.inject({ method: "GET", url: "/api/support/tickets" })).statusCode).toBe(401);
    const a = await t.register();
    const b = await t.register();
    await open(a, ticket);
    expect((await t.inject({ method: "GET", url: "/api/support/tickets", as: b })).json()).toEqual([]);
  });

  it("limits how many tickets a member opens per hour", async () => {
    const m = await t.register();
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) codes.push((await open(m, ticket)).statusCode);
    expect(codes.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(codes[5]).toBe(429);
  });
});
