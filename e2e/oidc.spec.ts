import type { Page } from "@playwright/test";
import { inBothThemesAndSizes } from "./a11y-matrix";
import { dismissOverlays, expect, test, uniqueName } from "./fixtures";

/**
 * Sign in with an OpenID Connect provider (issue 24, item 3) against the real provider that
 * playwright.config.ts starts (src/server/test/oidc-provider.ts): sign up through it, pick a
 * username, sign out, sign in again with it; the new screens are axe clean.
 */
const LABEL = "Continue with Test ID";

/** No axe violation of any impact in either theme at 390 and 1,280 px; back to 1,280 px after. */
async function expectNoViolations(page: Page, what: string): Promise<void> {
  await inBothThemesAndSizes(page, what);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** From the sign-in screen through the provider's login form, as `account`. */
async function continueWithProvider(page: Page, account: string): Promise<void> {
  await page.goto("/auth");
  await page.getByRole("button", { name: LABEL }).click();
  await expect(page.getByRole("heading", { name: "Test provider" })).toBeVisible();
  await page.getByLabel("Account").fill(account);
  await page.getByRole("button", { name: "Continue" }).click();
}

test.describe("sign in with an identity provider", () => {
  test("a new member signs up through the provider, signs out and signs in again with it", async ({
    page,
  }) => {
    // Three screens checked by axe at two widths in two themes: more than the default minute on a busy machine.
    test.setTimeout(180_000);
    await dismissOverlays(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    const account = uniqueName("idp");
    const username = uniqueName("oidc");

    await page.goto("/auth");
    await expect(page.getByRole("button", { name: LABEL })).toBeVisible();
    await expectNoViolations(page, "sign-in");

    await continueWithProvider(page, account);
    await expect(page.getByRole("heading", { level: 1, name: "Finish signing up" })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/oidc\/finish$/);
    await expect(page.getByLabel("Email")).toHaveValue(`${account}@provider.test`);
    await expect(page.getByLabel("Username")).toHaveValue(account);
    await expectNoViolations(page, "finish sign-up");

    await page.getByLabel("Username").fill("ab");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Generation").selectOption("genz");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

    await page.goto("/settings/security");
    await expect(page.getByRole("heading", { level: 1, name: "Sign-in and security" })).toBeVisible();
    const section = page.getByRole("region", { name: "Identity provider" });
    await expect(section.getByText(`${account}@provider.test`)).toBeVisible();
    await section.getByRole("button", { name: `Unlink ${account}@provider.test` }).click();
    await expect(section.getByRole("alert")).toContainText("it is your only way to sign in");
    await expectNoViolations(page, "security");

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);

    // The provider remembers its own session (single sign-on): it answers at once this time.
    await page.goto("/auth");
    await page.getByRole("button", { name: LABEL }).click();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    const me = await page.request.get("/api/auth/me");
    expect((await me.json()).username).toBe(username);
  });

  test("a forged answer shows why and leads back to sign-in", async ({ page }) => {
    await dismissOverlays(page);
    await page.goto("/auth/oidc/callback?code=forged&state=forged");
    await expect(page.getByRole("heading", { level: 1, name: "Sign-in failed" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("expired or was already used");
    await expect(page.getByRole("heading", { level: 1, name: "Sign-in failed" })).toBeFocused();
    await expectNoViolations(page, "callback error");
    await page.getByRole("link", { name: "Go to Sign In" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });
});
