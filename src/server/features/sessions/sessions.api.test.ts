import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestMember } from "../../test/harness";
import { describeUserAgent } from "./browser";

/** Issue 24 §4: the sessions a member sees and ends, and the new-browser email. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const CHROME_WINDOWS_NEWER = CHROME_WINDOWS.replace("131.0.0.0", "132.0.0.0");
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let n = 0;
const login = async (m: TestMember, userAgent: string, remoteAddress = `10.88.0.${++n}`) => {
  const res = await t.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: m.username, password: m.password },
    headers: { "user-agent": userAgent },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...m, cookie: String(res.headers["set-cookie"]).split(";")[0]! };
};
const list = async (as: TestMember) => {
  const res = await t.inject({ method: "GET", url: "/api/account/sessions", as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Array<Record<string, unknown>>;
};
const me = (as: TestMember) => t.inject({ method: "GET", url: "/api/auth/me", as });

describe("the user agent", () => {
  it("is read as browser and system, and unknown when missing", () => {
    expect(describeUserAgent(CHROME_WINDOWS)).toEqual({
      browser: "Chrome 131",
      system: "Windows 10",
      key: "chrome|windows",
    });
    expect(describeUserAgent(FIREFOX_LINUX)).toMatchObject({ browser: "Firefox 133", system: "Linux" });
    expect(describeUserAgent(SAFARI_IPHONE)).toMatchObject({ browser: "Safari 17", system: "iOS" });
    expect(describeUserAgent("")).toEqual({
      browser: "Unknown browser",
      system: "Unknown system",
      key: "unknown|unknown",
    });
  });
});

describe("the sessions page", () => {
  it("lists the member's sessions with browser, system, address and this device", async () => {
    const m = await t.register();
    const laptop = await login(m, CHROME_WINDOWS, "203.0.113.7");
    await login(m, FIREFOX_LINUX, "198.51.100.9");
    const items = await list(laptop);
    expect(items).toHaveLength(3);
    const current = items.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ browser: "Chrome 131", system: "Windows 10", ip: "203.0.113.7" });
    expect(items.find((s) => s.browser === "Firefox 133")).toMatchObject({
      ip: "198.51.100.9",
      current: false,
    });
    for (const s of items) {
      expect(Object.keys(s).sort()).toEqual([
        "browser",
        "createdAt",
        "current",
        "id",
        "ip",
        "lastSeenAt",
        "system",
      ]);
    }
    // Nothing of the token leaves.
    const raw = (await t.inject({ method: "GET", url: "/api/account/sessions", as: laptop })).body;
    expect(raw).not.toMatch(/token|hash/i);
  });

  it("pages by keyset, newest first", async () => {
    const m = await t.register();
    for (let i = 0; i < 3; i++) await login(m, FIREFOX_LINUX);
    const first = await t.inject({ method: "GET", url: "/api/account/sessions?limit=2", as: m });
    const page1 = first.json();
    expect(page1.items).toHaveLength(2);
    expect(page1.nextCursor).toBe(page1.items[1].id);
    const second = await t.inject({
      method: "GET",
      url: `/api/account/sessions?limit=2&cursor=${page1.nextCursor}`,
      as: m,
    });
    const ids = [...page1.items, ...second.json().items].map((s: { id: number }) => s.id);
    expect(ids).toHaveLength(4);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(second.json().nextCursor).toBeNull();
  });

  it("ends one other session; not this device's, and never another member's (404)", async () => {
    const m = await t.register();
    const phone = await login(m, SAFARI_IPHONE);
    const items = await list(m);
    const phoneRow = items.find((s) => !s.current)!;
    const thisRow = items.find((s) => s.current)!;

    const other = await t.register();
    const foreign = await t.inject({
      method: "DELETE",
      url: `/api/account/sessions/${phoneRow.id}`,
      as: other,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("not_found");
    expect((await me(phone)).statusCode).toBe(200);
    // Another member cannot see it either: their list is their own.
    expect((await list(other)).map((s) => s.id)).not.toContain(phoneRow.id);

    const self = await t.inject({ method: "DELETE", url: `/api/account/sessions/${thisRow.id}`, as: m });
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe("current_session");

    const ended = await t.inject({ method: "DELETE", url: `/api/account/sessions/${phoneRow.id}`, as: m });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(m)).statusCode).toBe(200);
    const again = await t.inject({ method: "DELETE", url: `/api/account/sessions/${phoneRow.id}`, as: m });
    expect(again.statusCode).toBe(404);
  });

  it("ends every other session at once, and only the member's", async () => {
    const m = await t.register();
    const a = await login(m, FIREFOX_LINUX);
    const b = await login(m, SAFARI_IPHONE);
    const other = await t.register();
    const res = await t.inject({ method: "DELETE", url: "/api/account/sessions", as: m });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2, message: "2 other sessions ended" });
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(m)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    expect(await list(m)).toHaveLength(1);
  });

  it("changing the password ends the other sessions", async () => {
    const m = await t.register({ password: "first-pass1" });
    const elsewhere = await login(m, FIREFOX_LINUX);
    const res = await t.inject({
      method: "PUT",
      url: "/api/account/password",
      as: m,
      payload: { currentPassword: "first-pass1", newPassword: "second-pass2" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(m)).statusCode).toBe(200);
  });
});

describe("the new-browser email", () => {
  const newBrowserMails = async (m: TestMember) => {
    try {
      return await t.latestMailTo(m.email, /New sign-in/);
    } catch {
      return null;
    }
  };

  it("tells a member of a sign-in from a new browser family or system, not a new version", async () => {
    const m = await t.register();
    // Registered with no user agent; the first browser known.
    await login(m, CHROME_WINDOWS);
    const first = await newBrowserMails(m);
    expect(first?.text).toContain("Chrome 131 on Windows 10");

    await login(m, CHROME_WINDOWS_NEWER);
    const afterUpdate = await newBrowserMails(m);
    expect(afterUpdate?.text).toBe(first?.text);

    await login(m, FIREFOX_LINUX, "198.51.100.44");
    const mail = await newBrowserMails(m);
    expect(mail?.subject).toBe("New sign-in to your AI Agora account");
    expect(mail?.text).toContain("Firefox 133 on Linux, from 198.51.100.44");
    expect(mail?.text).toContain("/settings/security");
  });

  it("is a preference, on by default, that the member can turn off", async () => {
    const m = await t.register();
    const prefs = await t.inject({ method: "GET", url: "/api/account/security-preferences", as: m });
    expect(prefs.json()).toEqual({ newBrowserEmail: true });
    const off = await t.inject({
      method: "PUT",
      url: "/api/account/security-preferences",
      as: m,
      payload: { newBrowserEmail: false },
    });
    expect(off.json()).toEqual({ newBrowserEmail: false });
    await login(m, SAFARI_IPHONE);
    await expect(t.latestMailTo(m.email, /New sign-in/)).rejects.toThrow();
    const bad = await t.inject({
      method: "PUT",
      url: "/api/account/security-preferences",
      as: m,
      payload: { newBrowserEmail: "yes" },
    });
    expect(bad.statusCode).toBe(400);
  });
});
