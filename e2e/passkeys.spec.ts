import type { Page } from "@playwright/test";
import { acrossSizesAndThemes } from "./a11y-matrix";
import { expect, signedInPage, test } from "./fixtures";

/**
 * Passkeys in Chromium (issue 24 item 2) with the DevTools virtual authenticator: a platform
 * authenticator that keeps discoverable credentials and verifies the user.
 */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
  return { credentials };
}

test("register a passkey, sign in with it without a username, remove it", async ({ browser }) => {
  test.setTimeout(180_000);
  const { page, context, member } = await signedInPage(browser);
  const authenticator = await addVirtualAuthenticator(page);
  const section = page.getByRole("region", { name: "Passkeys" });

  await page.goto("/settings/security");
  await expect(page.getByRole("heading", { level: 1, name: "Sign-in and security" })).toBeVisible();
  await expect(section.getByText("You have no passkeys yet.")).toBeVisible();

  // Register.
  await section.getByRole("button", { name: "Add a passkey" }).click();
  const addDialog = page.getByRole("dialog", { name: "Add a passkey" });
  await addDialog.getByRole("button", { name: "Create passkey" }).click();
  await expect(addDialog.getByText("Give the passkey a name")).toBeVisible();
  await addDialog.getByLabel("Passkey name").fill("This laptop");
  await addDialog.getByRole("button", { name: "Create passkey" }).click();
  await expect(addDialog).toBeHidden();
  await expect(section.getByRole("list", { name: "Your passkeys" }).getByText("This laptop")).toBeVisible();
  await expect(section.getByText(/Never used/)).toBeVisible();
  // Focus went back to the button that opened the dialog.
  await expect(section.getByRole("button", { name: "Add a passkey" })).toBeFocused();
  const stored = await authenticator.credentials();
  expect(stored).toHaveLength(1);
  expect(stored[0]!.isResidentCredential).toBe(true);

  // The section and its dialogs are axe clean at 390 and 1,280 px in both themes.
  await acrossSizesAndThemes(page, async () => {
    await expect(section.getByText("This laptop")).toBeVisible();
  });
  await acrossSizesAndThemes(page, async () => {
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByRole("dialog", { name: "Add a passkey" })).toBeVisible();
  });
  await acrossSizesAndThemes(page, async () => {
    await section.getByRole("button", { name: "Rename This laptop" }).click();
    await expect(page.getByRole("dialog", { name: "Rename passkey" })).toBeVisible();
  });
  await acrossSizesAndThemes(page, async () => {
    await section.getByRole("button", { name: "Remove This laptop" }).click();
    await expect(page.getByRole("dialog", { name: "Remove “This laptop”?" })).toBeVisible();
  });
  await page.keyboard.press("Escape");

  // Sign out, then sign in with the passkey: no username, no password.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeHidden();
  expect((await context.request.get("/api/auth/me")).status()).toBe(401);
  await page.goto("/auth");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  const me = await context.request.get("/api/auth/me");
  expect(me.status()).toBe(200);
  expect((await me.json()).username).toBe(member.username);

  // Remove it (the password confirms); focus lands on the section's heading.
  await page.goto("/settings/security");
  await expect(section.getByText(/Last used/)).toBeVisible();
  await section.getByRole("button", { name: "Remove This laptop" }).click();
  const removeDialog = page.getByRole("dialog", { name: "Remove “This laptop”?" });
  await removeDialog.getByLabel("Current password").fill("not-my-password");
  await removeDialog.getByRole("button", { name: "Remove passkey" }).click();
  await expect(removeDialog.getByText("Your current password is not correct")).toBeVisible();
  await removeDialog.getByLabel("Current password").fill(member.password);
  await removeDialog.getByRole("button", { name: "Remove passkey" }).click();
  await expect(removeDialog).toBeHidden();
  await expect(section.getByText("You have no passkeys yet.")).toBeVisible();
  await expect(section.getByRole("heading", { name: "Passkeys" })).toBeFocused();

  // The removed passkey no longer signs in (the authenticator still holds it).
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeHidden();
  await page.goto("/auth");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText("That passkey was not recognized.", { exact: false })).toBeVisible();
  expect((await context.request.get("/api/auth/me")).status()).toBe(401);
  await context.close();
});

test("the sign-in screen with its passkey button is axe clean", async ({ page }) => {
  await page.goto("/auth");
  await acrossSizesAndThemes(page, async () => {
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
  });
});

test("the settings dialog links to the Sign-in and security page", async ({ browser }) => {
  const { page, context } = await signedInPage(browser);
  await page.goto("/profile");
  await page.getByRole("button", { name: "Settings" }).click();
  await page
    .getByRole("dialog", { name: "Settings" })
    .getByRole("link", { name: "Sign-in and security" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign-in and security" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Passkeys" })).toBeVisible();
  await context.close();
});
