import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { parseMail } from "../src/server/test/mail-parse";
import {
  dismissOverlays,
  expect,
  expectAccessible,
  randomIp,
  registerMember,
  signedInPage,
  test,
  uniqueName,
} from "./fixtures";

/**
 * The moderation dashboard (SPEC §2.16). The e2e server lists admin@e2e.test in ADMIN_EMAILS,
 * which makes its holder an administrator once the address is verified (issue 25): the journey
 * registers the account (once per server run; later journeys sign in) and follows the
 * verification link from the outbox (DATA_DIR/outbox, playwright.config.ts).
 */
const ADMIN = { username: "e2e_admin", email: "admin@e2e.test", password: "password123" };
const PORT = Number(process.env.E2E_PORT ?? 5199);
const OUTBOX = path.join(os.tmpdir(), `agora-e2e-${PORT}`, "outbox");

/** The token of the newest verification link mailed to `email`, if any. */
function verificationToken(email: string): string | undefined {
  if (!fs.existsSync(OUTBOX)) return undefined;
  const files = fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith(".eml"))
    .sort();
  for (const file of files.reverse()) {
    const raw = fs.readFileSync(path.join(OUTBOX, file), "utf8");
    if (!raw.includes(`To: ${email}`)) continue;
    const mail = parseMail(raw);
    if (!/Verify your/.test(mail.subject)) continue;
    const token = /\/verify-email\?token=([\w%-]+)/.exec(mail.text)?.[1];
    if (token) return decodeURIComponent(token);
  }
  return undefined;
}

async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const headers = { "x-forwarded-for": randomIp() };
  const registered = await context.request.post("/api/auth/register", {
    data: { ...ADMIN, generation: "millennial" },
    headers,
  });
  if (registered.status() !== 201) {
    expect(registered.status(), await registered.text()).toBe(409);
    const login = await context.request.post("/api/auth/login", {
      data: { username: ADMIN.username, password: ADMIN.password },
      headers,
    });
    expect(login.status(), await login.text()).toBe(200);
  }
  const me = await (await context.request.get("/api/auth/me")).json();
  if (me.role !== "admin") {
    // Not yet verified: the listed address grants nothing until its link is followed.
    expect(me.emailVerified).toBe(false);
    expect((await context.request.get("/api/admin/users")).status()).toBe(403);
    await expect.poll(() => verificationToken(ADMIN.email), { timeout: 15_000 }).toBeTruthy();
    const verified = await context.request.post("/api/auth/verify-email", {
      data: { token: verificationToken(ADMIN.email) },
      headers,
    });
    // A parallel journey may have followed the same link first.
    expect([200, 400], await verified.text()).toContain(verified.status());
    const after = await (await context.request.get("/api/auth/me")).json();
    expect(after).toMatchObject({ role: "admin", emailVerified: true });
  }
  const page = await context.newPage();
  await dismissOverlays(page);
  return { page, context };
}

test.describe("moderation dashboard", () => {
  test("a member sees a clear 'not authorized' screen", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Moderation dashboard" })).toHaveCount(0);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Not authorized" })).toBeVisible();
    await expect(page.getByText("You are not authorized to view this page")).toBeVisible();
    await expect(page.getByRole("tab")).toHaveCount(0);
    await expectAccessible(page);
    await context.close();
  });

  test("a member reports a post, the admin sees and dismisses it", async ({ browser }) => {
    // The author publishes through the API; another member reports it from the post's page.
    const authorContext = await browser.newContext();
    await registerMember(authorContext.request);
    const text = `A post that somebody will report ${uniqueName("txt")}`;
    const created = await authorContext.request.post("/api/posts", { data: { content: text } });
    expect(created.status()).toBe(201);
    const postId = (await created.json()).id as number;
    await authorContext.close();

    const { page, context } = await signedInPage(browser);
    await page.goto(`/post/${postId}`);
    const card = page.getByTestId("post-card").filter({ hasText: text });
    await card.getByRole("button", { name: "Report post" }).click();
    const dialog = page.getByRole("dialog", { name: "Report this post" });
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByText("Please choose a reason")).toBeVisible();
    await dialog.getByLabel("Spam or advertising").check();
    await dialog.getByLabel("Details (optional)").fill("Looks like an advert");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByText("Report sent", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await context.close();

    const admin = await adminPage(browser);
    await admin.page.goto("/admin");
    await expect(admin.page.getByRole("heading", { level: 1, name: "Moderation Dashboard" })).toBeVisible();
    await expect(admin.page.getByTestId("stat-totalPosts")).toContainText(/\d/);
    await admin.page.getByRole("tab", { name: "User Reports" }).click();
    const group = admin.page.getByTestId("report-group").filter({ hasText: text });
    await expect(group).toBeVisible();
    await expect(group).toContainText("Spam or advertising × 1");
    await expectAccessible(admin.page);
    await group.getByRole("button", { name: `Dismiss: post #${postId}` }).click();
    const confirm = admin.page.getByRole("dialog", { name: `Dismiss: post #${postId}` });
    await confirm.getByLabel(/Reason/).fill("Not an advert");
    await confirm.getByRole("button", { name: "Dismiss", exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(admin.page.getByTestId("report-group").filter({ hasText: text })).toHaveCount(0);

    await admin.page.getByRole("tab", { name: "Audit Log" }).click();
    await expect(
      admin.page.getByRole("cell", { name: `Dismissed 1 report on post #${postId}` }),
    ).toBeVisible();
    await admin.context.close();
  });

  test("the admin changes a moderation setting and sees it saved", async ({ browser }) => {
    const admin = await adminPage(browser);
    const { page } = admin;
    await page.goto("/");
    await page.getByRole("link", { name: "Moderation dashboard" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Moderation Dashboard" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Recent Actions" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { level: 2, name: "Recent Actions" })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("tab", { name: "Moderation Settings" }).click();
    const max = page.getByLabel("Maximum content length");
    await expect(max).toHaveValue(/\d+/);
    const original = await max.inputValue();
    const next = original === "1999" ? "2000" : "1999";

    // Out of bounds: refused before it leaves the browser.
    await page.getByLabel("Minimum content length").fill("3000");
    await max.fill("100");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Minimum length cannot be greater than maximum length")).toBeVisible();

    await page.getByLabel("Minimum content length").fill("5");
    await max.fill(next);
    await page.getByLabel(/Reason for the change/).fill("Journey test");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Moderation settings saved", { exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.reload();
    await page.getByRole("tab", { name: "Moderation Settings" }).click();
    await expect(page.getByLabel("Maximum content length")).toHaveValue(next);

    // Feature flags: the twelve of SPEC §9.
    await page.getByRole("tab", { name: "Feature Flags" }).click();
    await expect(page.getByTestId("feature-flag")).toHaveCount(12);
    await expect(page.getByRole("heading", { level: 3, name: "Advanced Search" })).toBeVisible();
    await expectAccessible(page);

    // Site-wide usage analytics (first-party, consented page views).
    await page.getByRole("tab", { name: "Site Analytics" }).click();
    await expect(page.getByText("Daily active members and page views")).toBeVisible();
    await expect(page.getByText("Top pages")).toBeVisible();

    // Put the maximum back.
    await page.getByRole("tab", { name: "Moderation Settings" }).click();
    await page.getByLabel("Maximum content length").fill("2000");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Moderation settings saved", { exact: true })).toBeVisible();
    await admin.context.close();
  });
});
