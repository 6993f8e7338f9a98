import { expect, expectAccessible, test } from "./fixtures";

// The server's first paint (src/server/platform/first-paint.ts) and the entry started by
// public/boot.js after it (issue 12 §4).
test.describe("first paint", () => {
  test("a model page shows its name and description before the app has run", async ({ page }) => {
    // No app at all: the entry module never arrives.
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    await page.goto("/ai-models/claude-3-5-sonnet");
    const paint = page.locator("#first-paint");
    await expect(paint.getByText("Claude 3.5 Sonnet", { exact: true })).toBeVisible();
    await expect(paint.getByText("Anthropic", { exact: true })).toBeVisible();
    // A picture for the eyes only: hidden from assistive technology, nothing to click.
    await expect(paint).toHaveAttribute("aria-hidden", "true");
    await expect(paint.locator("a, button, input, select, textarea")).toHaveCount(0);
  });

  test("the app replaces it with the finished screen, leaving one page behind", async ({ page }) => {
    await page.goto("/ai-models/claude-3-5-sonnet");
    await expect(page.getByRole("heading", { level: 1, name: "Claude 3.5 Sonnet" })).toBeVisible();
    await expect(page.locator("#first-paint")).toHaveCount(0);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("tab", { name: "Overview" })).toBeVisible();
    await expectAccessible(page);
  });

  test("the landing page starts the same way, and the app's links work once it is gone", async ({ page }) => {
    const response = await page.goto("/");
    expect(await response!.text()).toContain('<div id="first-paint" aria-hidden="true">');
    await expect(page.locator("#first-paint")).toHaveCount(0);
    await page.getByRole("link", { name: "Browse AI Models" }).click();
    await expect(page).toHaveURL(/\/ai-models$/);
    await expect(page.getByTestId("model-card").first()).toBeVisible();
  });
});
