import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { parseMail } from "../src/server/test/mail-parse";
import { acrossSizesAndThemes } from "./a11y-matrix";
import { dismissOverlays, expect, randomIp, signedInPage, test, uniqueName } from "./fixtures";

/**
 * Model requests (issue 23 item 6, decisions 0111 and 0112): a member requests a model from the
 * directory's "Request a model" link, another member upvotes it (aria-pressed), and the admin
 * accepts it in the dashboard's Model Requests tab, where it waits as a draft until the admin
 * completes and publishes it into the directory; the requester is notified. The requests page and the admin tab are axe-clean at 390 and 1,280 px in both themes.
 *
 * The e2e server lists admin@e2e.test in ADMIN_EMAILS; as in admin.spec.ts, the journey registers
 * it once per server run (later journeys sign in) and follows its verification link.
 */
const ADMIN = { username: "e2e_admin", email: "admin@e2e.test", password: "password123" };
const PORT = Number(process.env.E2E_PORT ?? 5199);
const OUTBOX = path.join(os.tmpdir(), `agora-e2e-${PORT}`, "outbox");

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

test.describe("model requests", () => {
  // Two screens are checked by axe four times each (two widths, two themes).
  test.describe.configure({ timeout: 240_000 });

  test("a member requests a model, another upvotes it, the admin accepts and publishes it", async ({
    browser,
  }) => {
    const name = `Model ${uniqueName("req")}`;
    const requester = await signedInPage(browser);
    const page = requester.page;

    await page.goto("/ai-models");
    await page.getByRole("link", { name: "Request a model" }).click();
    await expect(page).toHaveURL(/\/ai-models\/requests$/);
    await expect(page.getByRole("heading", { name: "Model Requests", level: 1 })).toBeVisible();

    const form = page.getByRole("form", { name: "Request a model" });
    await form.getByLabel("Model name").fill(name);
    await form.getByLabel("Maker").fill("Example Labs");
    await form.getByLabel("Link").fill("ftp://example.com/model");
    await form.getByLabel("Why should it be in the directory?").fill("Members keep asking about it.");
    await form.getByRole("button", { name: "Submit request" }).click();
    await expect(form.getByText("link must start with http:// or https://")).toBeVisible();
    await expect(form.getByLabel("Link")).toBeFocused();

    await form.getByLabel("Link").fill("https://example.com/model");
    await form.getByRole("button", { name: "Submit request" }).click();
    await expect(page.getByRole("heading", { name, level: 3 })).toBeVisible();
    await expect(form.getByLabel("Model name")).toHaveValue("");

    // Asking again for the same model is refused, linking the existing request.
    await form.getByLabel("Model name").fill(name.toUpperCase());
    await form.getByLabel("Maker").fill("Example Labs");
    await form.getByLabel("Link").fill("https://example.com/model");
    await form
      .getByLabel("Why should it be in the directory?")
      .fill("I would like this one as well, please.");
    await form.getByRole("button", { name: "Submit request" }).click();
    await expect(form.getByText("has already been requested")).toBeVisible();
    await expect(form.getByRole("link", { name: "See the existing request" })).toBeVisible();

    // Another member upvotes it, once; the toggle says so.
    const voter = await signedInPage(browser);
    await voter.page.goto("/ai-models/requests?sort=new");
    const upvote = voter.page.getByRole("button", { name: `Upvote ${name}, 0 upvotes` });
    await expect(upvote).toHaveAttribute("aria-pressed", "false");
    await upvote.click();
    const upvoted = voter.page.getByRole("button", { name: `Upvote ${name}, 1 upvote` });
    await expect(upvoted).toHaveAttribute("aria-pressed", "true");
    await acrossSizesAndThemes(voter.page, async () => {
      await expect(voter.page.getByRole("button", { name: `Upvote ${name}, 1 upvote` })).toBeVisible();
    });
    await voter.context.close();

    // The admin accepts it: it leaves the open requests and waits as a draft.
    const admin = await adminPage(browser);
    const openTab = async () => {
      await admin.page.getByRole("tab", { name: "Model Requests" }).click();
      await expect(admin.page.getByRole("heading", { name: "Open requests" })).toBeVisible();
      await expect(admin.page.getByRole("heading", { name: "Draft models" })).toBeVisible();
    };
    await admin.page.goto("/admin");
    await openTab();
    await admin.page.getByRole("button", { name: `Accept ${name}`, exact: true }).click();
    await expect(admin.page.getByRole("button", { name: `Publish ${name}`, exact: true })).toBeVisible();
    // The accepted card left the list with the focused button: focus is on the list's heading.
    await expect(admin.page.getByRole("heading", { name: "Open requests" })).toBeFocused();
    await expect(admin.page.getByRole("button", { name: `Accept ${name}`, exact: true })).toHaveCount(0);
    await acrossSizesAndThemes(admin.page, openTab);

    // The admin completes the draft and publishes it: the model is in the directory.
    await admin.page.getByRole("button", { name: `Edit the draft of ${name}`, exact: true }).click();
    const draft = admin.page.getByRole("dialog", { name: `Draft: ${name}` });
    await draft.getByLabel("Description").fill("A model members asked for, now in the directory.");
    await draft.getByLabel("Category").selectOption("Language Models");
    await draft.getByLabel("Pricing").selectOption("Free");
    await draft.getByRole("button", { name: "Save draft" }).click();
    await expect(draft).toHaveCount(0);
    await admin.page.getByRole("button", { name: `Publish ${name}`, exact: true }).click();
    await expect(admin.page.getByText("Model published to the directory").first()).toBeVisible();
    await expect(admin.page.getByRole("button", { name: `Publish ${name}`, exact: true })).toHaveCount(0);
    await admin.page.goto(`/ai-models?search=${encodeURIComponent(name)}`);
    await expect(admin.page.getByRole("link", { name: new RegExp(name) }).first()).toBeVisible();
    await admin.context.close();

    // The requester is told.
    await expect
      .poll(async () =>
        JSON.stringify(await (await requester.context.request.get("/api/notifications")).json()),
      )
      .toContain(`Your model request “${name}” was accepted`);
    await requester.context.close();
  });
});
