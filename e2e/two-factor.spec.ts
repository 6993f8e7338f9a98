import * as OTPAuth from "otpauth";
import type { Page } from "@playwright/test";
import { acrossSizesAndThemes, expectNoViolations } from "./a11y-matrix";
import { expect, randomIp, signedInPage, test } from "./fixtures";

/**
 * Issue 24 §1 and §4 in the browser: turn on two-factor sign-in from Sign-in and security, sign
 * out, sign in with a code and with a recovery code, then see two sessions and end the other.
 * Codes are made here with the same library the server checks them with.
 */
const STEP_MS = 30_000;
const codeFor = (secret: string, at = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

/** A code is accepted once: the next one needs the next 30-second step. */
async function nextStepCode(page: Page, secret: string, usedAt: number): Promise<string> {
  const nextStep = (Math.floor(usedAt / STEP_MS) + 1) * STEP_MS;
  const wait = nextStep - Date.now() + 500;
  if (wait > 0) await page.waitForTimeout(wait);
  return codeFor(secret);
}

async function signInWithPassword(page: Page, username: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeFocused();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
}

test("two-factor sign-in: enrol, sign in with a code and a recovery code, end the other session", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { page, member } = await signedInPage(browser);
  const heading = page.getByRole("heading", { name: "Sign-in and security", level: 1 });

  await page.goto("/settings/security");
  await acrossSizesAndThemes(page, async () => {
    await expect(heading).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn on two-factor sign-in" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Active sessions" }).getByText("This device")).toBeVisible();
  });

  // The enrolment dialog, checked at both widths in both themes (each reload starts it again).
  const startEnrolment = async () => {
    await expect(heading).toBeVisible();
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    const dialog = page.getByRole("dialog", { name: "Turn on two-factor sign-in" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Your password").fill(member.password);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog.getByRole("img", { name: /QR code/ })).toBeVisible();
    await expect(dialog.getByLabel("Code from the app")).toBeVisible();
    // The password step's button went away: focus is on this step's instructions, in the dialog.
    await expect(dialog.getByText(/^Scan this QR code/)).toBeFocused();
  };
  await acrossSizesAndThemes(page, startEnrolment);
  await page.setViewportSize({ width: 1280, height: 900 });
  const dialog = page.getByRole("dialog", { name: "Turn on two-factor sign-in" });
  const secret = (await dialog.getByTestId("two-factor-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+$/);

  // A wrong code is refused under the field; the right one turns it on and shows the codes once.
  await dialog.getByLabel("Code from the app").fill(codeFor(secret, Date.now() + 5 * STEP_MS));
  await dialog.getByRole("button", { name: "Turn on" }).click();
  await expect(dialog.getByText("That code is not valid.")).toBeVisible();
  const enrolledAt = Date.now();
  await dialog.getByLabel("Code from the app").fill(codeFor(secret, enrolledAt));
  await dialog.getByRole("button", { name: "Turn on" }).click();
  const codes = dialog.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(dialog.getByText(/^Save these recovery codes/)).toBeFocused();
  const recoveryCodes = await codes.allTextContents();
  await expectNoViolations(page, "recovery codes");
  await dialog.getByRole("button", { name: "I saved my recovery codes" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("10 recovery codes left.")).toBeVisible();
  // The "Turn on" button is gone: focus is not lost, it is on the section.
  await expect(page.getByRole("heading", { name: "Two-factor sign-in", level: 2 })).toBeFocused();

  // Sign out; the password alone no longer signs in: a code does.
  await signOut(page);
  await signInWithPassword(page, member.username, member.password);
  await expectNoViolations(page, "second step");
  const code = await nextStepCode(page, secret, enrolledAt);
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

  // Sign out; a recovery code signs in too, once.
  await signOut(page);
  await signInWithPassword(page, member.username, member.password);
  await page.getByLabel("Authentication code").fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/$/);

  // Another browser signs in (password, then a recovery code) ...
  const elsewhere = await browser.newContext({
    userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  });
  const headers = { "x-forwarded-for": randomIp() };
  const first = await elsewhere.request.post("/api/auth/login", {
    data: { username: member.username, password: member.password },
    headers,
  });
  const { pendingToken } = await first.json();
  const second = await elsewhere.request.post("/api/auth/two-factor", {
    data: { pendingToken, code: recoveryCodes[1] },
    headers,
  });
  expect(second.status(), await second.text()).toBe(200);
  expect((await elsewhere.request.get("/api/auth/me")).status()).toBe(200);

  // ... and the sessions page lists both, this device marked, and ends the other.
  await page.goto("/settings/security");
  const sessions = page.getByRole("list", { name: "Active sessions" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: "This device" })).toHaveCount(1);
  const other = sessions.filter({ hasText: "Firefox 133 on Linux" });
  await expect(other).toHaveCount(1);
  await expect(page.getByText("8 recovery codes left.")).toBeVisible();
  await other.getByRole("button", { name: /End session/ }).click();
  await expect(sessions).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Where you're signed in" })).toBeFocused();
  expect((await elsewhere.request.get("/api/auth/me")).status()).toBe(401);
  await elsewhere.close();

  // The other two dialogs, axe-checked at both widths in both themes; Escape gives focus back.
  for (const [button, title] of [
    ["New recovery codes", "New recovery codes"],
    ["Turn off", "Turn off two-factor sign-in"],
  ] as const) {
    await acrossSizesAndThemes(page, async () => {
      await page.getByRole("button", { name: button }).click();
      await expect(page.getByRole("dialog", { name: title })).toBeVisible();
    });
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("button", { name: button })).toBeFocused();
  }
});
