import { expect, expectAccessible, signedInPage, test } from "./fixtures";

const SIGNED_OUT_PUBLIC = [
  "/auth",
  "/ai-models",
  "/models",
  "/forums",
  "/prompts",
  "/contact",
  "/responsible-disclosure",
];

test.describe("route sets", () => {
  test("signed out: listed routes open, any other path shows the landing page", async ({ page }) => {
    for (const path of ["/", "/trending", "/profile", "/admin", "/definitely/not/here"]) {
      await page.goto(path);
      await expect(page.getByRole("link", { name: "Join the Conversation" }), path).toBeVisible();
    }
    for (const path of SIGNED_OUT_PUBLIC) {
      await page.goto(path);
      await expect(page.getByRole("link", { name: "Join the Conversation" }), path).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
    }
  });

  test("signed in: the member routes open and an unknown path shows the 404 screen", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    for (const path of [
      "/forums",
      "/prompts",
      "/ai-models",
      "/generational-insights",
      "/trending",
      "/subscription",
      "/profile",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "404 Page Not Found" }), path).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
    }
    // Settings where members of other sites look for them: the profile with its Settings open.
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/profile\?settings=account$/);
    const settings = page.getByRole("dialog", { name: "Settings" });
    await expect(settings.getByRole("tab", { name: "Account", selected: true })).toBeVisible();
    await settings.getByRole("button", { name: "Close" }).click();
    await expect(settings).toHaveCount(0);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your Profile" })).toBeVisible();
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Go Back" })).toBeVisible();
    await expectAccessible(page);
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/$/);
    await context.close();
  });

  test("the header has every navigation item and a skip link", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/profile");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const label of [
      "Home",
      "Forums",
      "Prompts",
      "AI Models",
      "Trending",
      "Saved",
      "Analytics",
      "Insights",
      "Subscription",
    ]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await context.close();
  });

  test("a visitor's header keeps to one line on narrow phones, nothing cut off", async ({ page }) => {
    for (const width of [360, 412]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto("/");
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: "Join Community" })).toBeVisible();
      expect((await header.boundingBox())?.height).toBeLessThanOrEqual(65);
      const join = await header.getByRole("link", { name: "Join Community" }).boundingBox();
      expect((join?.x ?? 0) + (join?.width ?? 0)).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The logo keeps its name for assistive technology when the text gives way.
      await expect(header.getByRole("link", { name: "AI Agora home" })).toBeVisible();
    }
  });

  test("the mobile menu opens with the navigation", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/profile");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByRole("link", { name: "Forums" })).toBeVisible();
    await menu.getByRole("link", { name: "Prompts" }).click();
    await expect(page).toHaveURL(/\/prompts$/);
    await context.close();
  });
});

test.describe("preferences", () => {
  test("theme is dark by default, toggles, persists, and an invalid stored value means dark", async ({
    page,
  }) => {
    await page.goto("/contact");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    // The app has started and stored its theme (else it could overwrite the value set below).
    await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
    await page.evaluate(() => localStorage.setItem("theme", "purple"));
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
  });

  test("stealth mode toggles, shows its badge and persists", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/profile");
    const toggle = page.getByRole("button", { name: "Stealth mode" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Stealth", { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: "Stealth mode" })).toHaveAttribute("aria-pressed", "true");
    await context.close();
  });
});

test.describe("accessibility (axe-core, WCAG 2.1 AA)", () => {
  for (const path of [
    "/",
    "/auth",
    "/terms-of-service",
    "/privacy-policy",
    "/accessibility",
    "/dmca",
    "/contact",
    "/responsible-disclosure",
  ]) {
    test(`no serious or critical violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectAccessible(page);
    });
  }

  test("no serious or critical violation on the light theme landing page", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("theme", "light"));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expectAccessible(page);
  });
});

test("static pages state what the spec requires", async ({ page }) => {
  await page.goto("/terms-of-service");
  await expect(page.getByText(/13/).first()).toBeVisible();
  await page.goto("/accessibility");
  await expect(page.getByText(/WCAG\)? 2\.1/).first()).toBeVisible();
  await expect(page.getByText(/2 business days/).first()).toBeVisible();
  await page.goto("/dmca");
  await expect(page.getByText(/24.48 hours/).first()).toBeVisible();
  await page.goto("/privacy-policy");
  await expect(page.getByText(/generation/i).first()).toBeVisible();
});
