import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../common/auth";
import { createTestApp, type TestApp } from "../../test/harness";

/** Issue 25, item 4: a username that looks like an existing member's is refused. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.register({ username: "root_sec" });
  await t.register({ username: "idor_bob" });
  await t.register({ username: "IIIadmin" });
});
afterAll(async () => t?.close());

let n = 0;
const register = (username: string) =>
  t.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { username, email: `c${++n}-${Date.now()}@example.com`, password: "password123" },
    remoteAddress: `10.91.${n}.1`,
  });

const confusable = { message: AUTH_MESSAGES.usernameConfusable, code: "username_confusable" };

describe("lookalike usernames", () => {
  it.each([
    "rоot_sec", // Cyrillic о
    "root_seс", // Cyrillic с
    "ｒｏｏｔ_sec", // fullwidth
    "ROOT_SEС",
    "ıdor_bob", // dotless i
    "ǀǀǀadmin", // U+01C0
    "llladmin",
    "r00t_sec",
  ])("refuses to register %s with 409 username_confusable", async (username) => {
    const res = await register(username);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual(confusable);
  });

  it("still says 'already taken' for the same name in another case, and accepts a distinct name", async () => {
    const same = await register("Root_Sec");
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(AUTH_MESSAGES.usernameTaken);
    expect((await register("root-sec")).statusCode).toBe(201);
  });

  it("refuses a rename to a lookalike, and lets a member change the case of their own name", async () => {
    const m = await t.register({ username: `mover${Date.now() % 100000}` });
    const rename = (username: string) =>
      t.inject({ method: "PUT", url: "/api/profile", payload: { username }, as: m });
    const res = await rename("ıdor_bob");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(confusable);
    expect((await rename(m.username.toUpperCase())).statusCode).toBe(200);
    expect((await rename("w0lf_pack")).statusCode).toBe(200);
    // Now "wolf_pack" is the lookalike.
    expect((await register("wolf_pack")).json()).toEqual(confusable);
  });

  it("lets only one of two lookalikes registered at the same moment through (unique index)", async () => {
    const [a, b] = await Promise.all([register("same_moment"), register("sаme_moment")]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });
});

describe("per-address limits on IPv6 (issue 25, item 5a)", () => {
  it("counts registrations from one IPv6 /64 together: 20 then 429", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 21; i++) {
      const res = await t.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: {
          username: `six${i}x${Date.now() % 10000}`,
          email: `six${i}-${Date.now()}@example.com`,
          password: "password123",
        },
        remoteAddress: `2001:db8:25:64:${i.toString(16)}::1`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another /64 is another client.
    const other = await t.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        username: `sixother${Date.now() % 10000}`,
        email: `sixo-${Date.now()}@example.com`,
        password: "password123",
      },
      remoteAddress: "2001:db8:25:65::1",
    });
    expect(other.statusCode).toBe(201);
  });
});
