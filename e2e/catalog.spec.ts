import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { parseMail } from "../src/server/test/mail-parse";
import { acrossSizesAndThemes } from "./a11y-matrix";
import { dismissOverlays, expect, expectNoAxeViolations, randomIp, test, uniqueName } from "./fixtures";

/**
 * Catalog editing and fresher facts (issue 23 items 5 and 7, decisions 0116 and 0117): the admin
 * creates a model in the dashboard's Models tab, finds it in the directory, edits it (a new
 * address: the old one redirects), sees "Last verified" and its sources on its page, and retires
 * it after confirming: it leaves the directory, its page says "Retired". The edit dialog is
 * axe-clean at 390 and 1,280 px in both themes; the tab and the retire dialog once each.
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

test.describe("catalog editing", () => {
  test.describe.configure({ timeout: 240_000 });

  test("an admin creates a model, sees it in the directory, edits it, and retires it", async ({
    browser,
  }) => {
    const tag = uniqueName("cat").replace(/_/g, " ");
    const name = `Nimbus ${tag}`;
    const { page, context } = await adminPage(browser);

    const openModels = async () => {
      await page.getByRole("tab", { name: "Models", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Review queue" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Models", exact: true })).toBeVisible();
    };
    await page.goto("/admin");
    await openModels();
    // The seed leaves some models unverified for over 90 days: the queue offers them.
    await expect(page.getByRole("button", { name: /^Mark .+ verified today$/ }).first()).toBeVisible();
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoAxeViolations(page, "Models tab at 390 px");
    await page.setViewportSize({ width: 1280, height: 900 });

    // Create: a bad source is refused on its field, then the model is created.
    await page.getByRole("button", { name: "New model" }).click();
    const dialog = page.getByRole("dialog", { name: "New model" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Company", { exact: true }).fill("Example Labs");
    await dialog.getByLabel("Description", { exact: true }).fill("A model created by the catalog journey.");
    await dialog.getByLabel("Category").selectOption("Code Generation");
    await dialog.getByLabel("Pricing", { exact: true }).selectOption("Paid");
    await dialog.getByLabel("Input price (USD per 1M tokens)").fill("3");
    await dialog.getByLabel("Output price (USD per 1M tokens)").fill("15");
    await dialog.getByLabel("Context window (tokens)").fill("200000");
    await dialog.getByLabel("License").fill("Proprietary");
    await dialog.getByLabel("Last verified").fill("2026-01-15");
    await dialog.getByLabel("Sources").fill("javascript:alert(1)");
    await dialog.getByRole("button", { name: "Create model" }).click();
    await expect(dialog.getByText("source must start with http:// or https://")).toBeVisible();
    await dialog.getByLabel("Sources").fill("https://example.com/nimbus-card");
    await dialog.getByRole("button", { name: "Create model" }).click();
    await expect(dialog).toBeHidden();

    // It is in the directory.
    await page.goto(`/ai-models?search=${encodeURIComponent(name)}`);
    const card = page.getByRole("link", { name, exact: true }).first();
    await expect(card).toBeVisible();
    const slug = name.toLowerCase().replace(/ /g, "-");
    await page.goto(`/ai-models/${slug}`);
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByText("Last verified January 15, 2026")).toBeVisible();
    await expect(page.getByRole("link", { name: "https://example.com/nimbus-card" })).toHaveAttribute(
      "rel",
      /nofollow/,
    );
    await expect(page.getByText("200,000 tokens")).toBeVisible();

    // Edit: a new pricing and a new address; the old address leads to the new one.
    await page.goto("/admin");
    await openModels();
    await page.getByLabel("Search models").fill(tag);
    await page.getByRole("button", { name: `Edit ${name}`, exact: true }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${name}` });
    await expect(edit.getByLabel("Name")).toHaveValue(name);
    await acrossSizesAndThemes(page, async () => {
      await openModels();
      await page.getByLabel("Search models").fill(tag);
      await page.getByRole("button", { name: `Edit ${name}`, exact: true }).click();
      await expect(page.getByRole("dialog", { name: `Edit ${name}` }).getByLabel("Name")).toHaveValue(name);
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    // Another admin saves the model while this form is open: this save is refused, what was
    // typed stays; opened again, the form shows their change and saves.
    const listed = await context.request.get(`/api/admin/catalog/models?search=${encodeURIComponent(tag)}`);
    const id = (await listed.json()).items[0].id as number;
    const current = await (await context.request.get(`/api/admin/catalog/models/${id}`)).json();
    const { id: _id, retiredAt: _retired, redirects: _redirects, updatedAt, ...facts } = current;
    const meanwhile = await context.request.put(`/api/admin/catalog/models/${id}`, {
      data: { ...facts, license: "Apache-2.0", expectedUpdatedAt: updatedAt },
    });
    expect(meanwhile.status(), await meanwhile.text()).toBe(200);
    await edit.getByLabel("Pricing", { exact: true }).selectOption("Freemium");
    await edit.getByLabel("Address (slug)").fill(`${slug}-2`);
    await edit.getByRole("button", { name: "Save model" }).click();
    await expect(edit.getByRole("alert")).toContainText(
      "Someone else changed this model after you opened it",
    );
    await expect(edit.getByLabel("Address (slug)")).toHaveValue(`${slug}-2`);
    await edit.getByRole("button", { name: "Cancel" }).click();
    await expect(edit).toBeHidden();
    await page.getByRole("button", { name: `Edit ${name}`, exact: true }).click();
    await expect(edit.getByLabel("License")).toHaveValue("Apache-2.0");
    await edit.getByLabel("Pricing", { exact: true }).selectOption("Freemium");
    await edit.getByLabel("Address (slug)").fill(`${slug}-2`);
    await edit.getByRole("button", { name: "Save model" }).click();
    await expect(edit).toBeHidden();
    await page.goto(`/ai-models/${slug}`);
    await expect(page).toHaveURL(new RegExp(`/ai-models/${slug}-2$`));
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByText("Freemium").first()).toBeVisible();

    // Retire, after confirming: out of the directory, the page says so.
    await page.goto("/admin");
    await openModels();
    await page.getByLabel("Search models").fill(tag);
    await page.getByRole("button", { name: `Retire ${name}`, exact: true }).click();
    const confirm = page.getByRole("dialog", { name: `Retire “${name}”?` });
    await confirm.getByLabel("Reason (optional)").fill("Replaced by its successor");
    await expectNoAxeViolations(page, "retire dialog");
    await confirm.getByRole("button", { name: "Retire model" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole("heading", { name: "Models", exact: true })).toBeFocused();
    await expect(page.getByRole("button", { name: `Restore ${name}`, exact: true })).toBeVisible();

    await page.goto(`/ai-models?search=${encodeURIComponent(name)}`);
    await expect(page.getByText("No models found")).toBeVisible();
    await page.goto(`/ai-models/${slug}-2`);
    await expect(page.getByText("This model is no longer listed in the directory")).toBeVisible();

    // The audit log has each change.
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Audit Log" }).click();
    await expect(page.getByText(`Retired the model “${name}”`)).toBeVisible();
    await expect(page.getByText(`Edited the model “${name}”: slug, pricing`)).toBeVisible();
    await context.close();
  });
});
