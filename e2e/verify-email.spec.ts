import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { parseMail } from "../src/server/test/mail-parse";
import { inBothThemesAndSizes } from "./a11y-matrix";
import { expect, signedInPage, test } from "./fixtures";

/** Email verification (issue 25): the link from the outbox, the page it opens, the resend button. */
const PORT = Number(process.env.E2E_PORT ?? 5199);
const OUTBOX = path.join(os.tmpdir(), `agora-e2e-${PORT}`, "outbox");

function verifyLinks(email: string): string[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => fs.readFileSync(path.join(OUTBOX, f), "utf8"))
    .filter((raw) => raw.includes(`To: ${email}`))
    .map((raw) => parseMail(raw))
    .filter((mail) => /Verify your/.test(mail.subject))
    .map((mail) => /(https?:\/\/\S+\/verify-email\?token=[\w%-]+)/.exec(mail.text)?.[1] ?? "")
    .filter(Boolean);
}

/** No axe violation of any impact, at phone and desktop widths, in the light and dark themes. */
const expectNoViolations = (page: Page) => inBothThemesAndSizes(page, "verify email");

test.describe("email verification", () => {
  test("the mailed link verifies the address once; settings show it and send a new link", async ({
    browser,
  }) => {
    const { page, context, member } = await signedInPage(browser);
    await page.goto("/profile");
    await page.getByRole("button", { name: "Settings" }).click();
    const settings = page.getByRole("dialog", { name: "Settings" });
    await expect(settings.getByText("Your email address is not verified yet.")).toBeVisible();
    const send = settings.getByRole("button", { name: "Send verification link" });
    await send.click();
    await expect(settings.getByRole("status").filter({ hasText: "Verification link sent" })).toBeVisible();
    await expect(send).toBeFocused();
    await expectNoViolations(page);
    await page.keyboard.press("Escape");

    await expect.poll(() => verifyLinks(member.email).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const links = verifyLinks(member.email);
    const newest = links.at(-1)!;
    expect(newest).toMatch(new RegExp(`^http://localhost:${PORT}/verify-email\\?token=`));

    // The older link died when the new one was sent.
    await page.goto(links[0]!);
    await expect(page.getByRole("heading", { level: 1, name: "Link not valid" })).toBeFocused();
    await expect(page.getByText(/invalid, has expired or was already used/)).toBeVisible();

    await page.goto(newest);
    await expect(page.getByRole("heading", { level: 1, name: "Email verified" })).toBeFocused();
    await expect(page.getByText("Your email address is verified.")).toBeVisible();
    await expectNoViolations(page);
    expect((await (await context.request.get("/api/auth/me")).json()).emailVerified).toBe(true);

    await page.goto("/profile");
    await page.getByRole("button", { name: "Settings" }).click();
    await expect(
      page.getByRole("dialog", { name: "Settings" }).getByText("Verified", { exact: true }),
    ).toBeVisible();
    await context.close();
  });

  test("a visitor without a token, or with a used one, sees why and where to go", async ({ page }) => {
    await page.goto("/verify-email");
    await expect(page.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
    await expect(page.getByText("No verification token found.", { exact: false })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Sign In" })).toBeVisible();
    await expectNoViolations(page);
  });
});
