import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { parseMail } from "../src/server/test/mail-parse";
import { acrossSizesAndThemes } from "./a11y-matrix";
import { dismissOverlays, expect, randomIp, signedInPage, test, uniqueName } from "./fixtures";

/**
 * Model versions (issue 23 item 4, decisions 0114 and 0115): an admin adds versions to a model
 * from its Reviews tab ("Ratings by version"), a member reviews the newest one, and the page shows
 * the rating per version; the demo's Claude 3.5 Sonnet shows "Ratings changed since". The section
 * with the admin's form is axe-clean at 390 and 1,280 px in both themes.
 *
 * The e2e server lists admin@e2e.test in ADMIN_EMAILS; as in admin.spec.ts, the journey registers
 * it once per server run (later journeys sign in) and follows its verification link.
 */
const ADMIN = { username: "e2e_admin", email: "admin@e2e.test", password: "password123" };
const PORT = Number(process.env.E2E_PORT ?? 5199);
const OUTBOX = path.join(os.tmpdir(), `agora-e2e-${PORT}`, "outbox");
const SLUG = "whisper-large-v3";

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

test.describe("model versions", () => {
  // One screen is checked by axe four times (two widths, two themes).
  test.describe.configure({ timeout: 240_000 });

  test("add a version and see the rating split", async ({ browser }) => {
    const older = uniqueName("whisper-v2");
    const newer = uniqueName("whisper-v3");
    const admin = await adminPage(browser);
    const page = admin.page;

    await page.goto(`/ai-models/${SLUG}?reviews=newest`);
    const section = page.getByTestId("ratings-by-version");
    await expect(page.getByText("Rating distribution")).toBeVisible();
    // Shown to members once the model has versions; to admins always (they add the first).
    await expect(section.getByRole("heading", { name: "Ratings by version" })).toBeVisible({
      timeout: 30_000,
    });

    // The admin adds two versions; a name the model already has is refused on the name.
    const add = async (name: string, date: string) => {
      const form = section.getByRole("form", { name: "Add a version" });
      await form.getByLabel("Version name").fill(name);
      await form.getByLabel("Release date").fill(date);
      await form.getByRole("button", { name: "Add version" }).click();
      await expect(section.getByTestId("model-version").filter({ hasText: name })).toBeVisible();
      await expect(form.getByLabel("Version name")).toHaveValue("");
    };
    await section.getByRole("button", { name: "Add a version" }).click();
    const form = section.getByRole("form", { name: "Add a version" });
    await form.getByRole("button", { name: "Add version" }).click();
    await expect(form.getByText("Please enter the version's name")).toBeVisible();
    await add(older, "2022-12-06");
    await add(newer, "2023-11-06");
    await form.getByLabel("Version name").fill(newer.toUpperCase());
    await form.getByLabel("Release date").fill("2024-01-01");
    await form.getByRole("button", { name: "Add version" }).click();
    await expect(form.getByText("already has a version named")).toBeVisible();
    // Newest release first.
    await expect(section.getByTestId("model-version").first()).toContainText(newer);
    await expect(section.getByTestId("model-version").first()).toContainText("Newest");

    // A member reviews the newest version, chosen in the review form.
    const member = await signedInPage(browser);
    await member.page.goto(`/ai-models/${SLUG}?reviews=newest`);
    // The versions arrive after the page: the form is filled once they are there (a choice made
    // before could be drawn again without it), and each choice is checked to hold.
    const versionSelect = member.page.getByLabel("Model version (optional)");
    await expect(versionSelect.locator("option", { hasText: newer })).toBeAttached();
    await versionSelect.selectOption({ label: newer });
    const stars = member.page.getByRole("radio", { name: "4 stars" });
    await stars.check({ force: true });
    await expect(stars).toBeChecked();
    await expect(versionSelect.locator("option:checked")).toHaveText(newer);
    await member.page.getByRole("button", { name: "Submit Rating" }).click();
    const review = member.page.getByTestId("model-review").first();
    await expect(review).toContainText(`Version: ${newer}`);
    const split = member.page.getByTestId("ratings-by-version");
    const newest = split.getByTestId("model-version").filter({ hasText: newer });
    await expect(newest.getByTestId("version-rating")).toHaveText("4.0/5");
    await expect(newest.getByTestId("version-count")).toHaveText("1 rating");
    await expect(split.getByTestId("model-version").filter({ hasText: older })).toContainText(
      "No ratings yet",
    );
    // Members see the split, not the admin's buttons.
    await expect(split.getByRole("button", { name: /Edit|Delete|Add a version/ })).toHaveCount(0);

    // The reviews list filters by the version.
    await member.page.getByRole("combobox", { name: "Version", exact: true }).selectOption({ label: older });
    await expect(member.page.getByText("No reviews match")).toBeVisible();
    await member.page.getByRole("combobox", { name: "Version", exact: true }).selectOption({ label: newer });
    await expect(member.page.getByTestId("model-review")).toHaveCount(1);
    await member.context.close();

    // The demo's Claude 3.5 Sonnet: its newest version is rated higher beyond chance.
    const visitor = await browser.newPage();
    await dismissOverlays(visitor);
    await visitor.goto("/ai-models/claude-3-5-sonnet?reviews=helpful");
    await expect(visitor.getByTestId("version-change")).toContainText(
      "Ratings changed since claude-3-5-sonnet-20240620",
    );
    await visitor.close();

    // The admin's view: the split, the edit buttons and the add form, in both themes and widths.
    await acrossSizesAndThemes(page, async () => {
      await expect(section.getByTestId("version-rating")).toHaveText("4.0/5");
      await section.getByRole("button", { name: "Add a version" }).click();
      await expect(
        section.getByRole("form", { name: "Add a version" }).getByLabel("Notes (optional)"),
      ).toBeVisible();
    });
    await admin.context.close();
  });
});
