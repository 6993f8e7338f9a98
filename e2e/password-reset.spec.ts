import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { extractResetLink, parseMail } from "../src/server/test/mail-parse";
import { expect, expectAccessible, registerMember, signedInPage, test } from "./fixtures";

/** The e2e server runs without SMTP_URL, so its mails land in DATA_DIR/outbox (playwright.config.ts). */
const PORT = Number(process.env.E2E_PORT ?? 5199);
const OUTBOX = path.join(os.tmpdir(), `agora-e2e-${PORT}`, "outbox");

function resetLinkFor(email: string): string | undefined {
  if (!fs.existsSync(OUTBOX)) return undefined;
  for (const file of fs.readdirSync(OUTBOX).filter((f) => f.endsWith(".eml"))) {
    const raw = fs.readFileSync(path.join(OUTBOX, file), "utf8");
    if (!raw.includes(`To: ${email}`)) continue;
    const mail = parseMail(raw);
    if (/Reset your/.test(mail.subject)) return extractResetLink(mail.text);
  }
  return undefined;
}

test.describe("password reset", () => {
  test("request a link, follow it from the outbox, set a new password, sign in with it", async ({
    page,
    request,
  }) => {
    const member = await registerMember(request, { password: "oldpass123" });

    await page.goto("/forgot-password");
    await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Please enter your email address")).toBeVisible();

    await page.getByLabel("Email").fill(member.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(
      page.getByText("If an account with that email exists, a password reset link has been sent.").first(),
    ).toBeVisible();
    await expectAccessible(page);
    // "Try again" returns to the form; the link back to /auth is there in both states.
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Sign In" })).toHaveAttribute("href", "/auth");

    await expect.poll(() => resetLinkFor(member.email), { timeout: 15_000 }).toBeTruthy();
    const link = resetLinkFor(member.email)!;
    expect(link).toMatch(new RegExp(`^http://localhost:${PORT}/reset-password\\?token=`));

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
    await expectAccessible(page);
    const submit = page.getByRole("button", { name: "Reset Password" });
    await submit.click();
    await expect(page.getByText("Please fill in all fields")).toBeVisible();
    await page.getByLabel("New Password", { exact: true }).fill("abc");
    await page.getByLabel("Confirm New Password").fill("abc");
    await submit.click();
    await expect(
      page.getByText("Password must be at least 6 characters long").and(page.getByRole("alert")),
    ).toBeVisible();
    await page.getByLabel("New Password", { exact: true }).fill("newpass123");
    await page.getByLabel("Confirm New Password").fill("newpass124");
    await submit.click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("Confirm New Password").fill("newpass123");
    await submit.click();

    await expect(page.getByRole("heading", { name: "Password Reset Successful" })).toBeVisible();
    await expect(page.getByText("Success!", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/, { timeout: 10_000 });

    await page.getByLabel("Username").fill(member.username);
    await page.getByLabel("Password", { exact: true }).fill("newpass123");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Welcome back!", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // The link worked once.
    const again = await request.post("/api/auth/reset-password", {
      data: { token: new URL(link).searchParams.get("token"), password: "another123" },
    });
    expect(again.status()).toBe(400);
  });

  test("without a token the reset page says the link is invalid", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page.getByRole("heading", { name: "Invalid Link" })).toBeVisible();
    await expect(page.getByText("No reset token found. Please request a new password reset.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Request a new reset link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
  });

  test("an unknown or used token shows the failure toast", async ({ page }) => {
    await page.goto("/reset-password?token=not-a-real-token");
    await page.getByLabel("New Password", { exact: true }).fill("newpass123");
    await page.getByLabel("Confirm New Password").fill("newpass123");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The link may have expired" })).toBeVisible();
    await expect(page.getByText("Error", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/token=not-a-real-token/);
  });

  test("both pages are reachable when signed in", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/forgot-password");
    await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
    await page.goto("/reset-password");
    await expect(page.getByRole("heading", { name: "Invalid Link" })).toBeVisible();
    await expectAccessible(page);
    await context.close();
  });
});
