import { acrossSizesAndThemes } from "./a11y-matrix";
import { dismissOverlays, expect, signedInPage, test } from "./fixtures";

/**
 * Keyboard shortcuts (issue 21 item 8, decision 0100): "?" opens the help dialog (axe-clean at 390
 * and 1,280 px in both themes), "/" focuses search, j/k move between posts with a visible focus
 * ring, "l" likes, "c" opens the comment box, "g" then "f" goes to the forums. Nothing fires while
 * typing or while a dialog is open. Visitors get the navigation and help shortcuts.
 */
/** The listener loads with the overlays chunk, after the page: keys pressed before it are lost. */
const shortcutsReady = (page: import("@playwright/test").Page) =>
  expect(page.locator("html[data-shortcuts='on']")).toHaveCount(1);

const blur = (page: import("@playwright/test").Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

test("a member moves through the feed, likes and comments from the keyboard", async ({ browser }) => {
  const { page, context } = await signedInPage(browser);
  await page.goto("/");
  const posts = page.locator("main [data-post-card]");
  await expect(posts.nth(2)).toBeVisible({ timeout: 30_000 });
  await shortcutsReady(page);

  // ?: the help dialog, listing the shortcuts; while it is open, j does nothing.
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help.getByRole("cell", { name: "Go to Forums" })).toBeVisible();
  await page.keyboard.press("j");
  await expect(posts.first()).not.toBeFocused();
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  // /: the feed's search field; typing there types, it does not move.
  await blur(page);
  await page.keyboard.press("/");
  const search = page.locator("#feed-search");
  await expect(search).toBeFocused();
  await page.keyboard.type("jk");
  await expect(search).toHaveValue("jk");
  // Focus stayed in the field (the feed may already show the search's results, or none).
  await expect(search).toBeFocused();
  await search.fill("");
  await blur(page);
  // The feed comes back unfiltered.
  await expect(page).not.toHaveURL(/search=/);
  await expect(posts.nth(2)).toBeVisible();

  // j / k: next and previous post, focused with a visible ring.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.keyboard.press("j");
  await expect(posts.nth(0)).toBeFocused();
  await page.keyboard.press("j");
  await expect(posts.nth(1)).toBeFocused();
  await expect(posts.nth(1)).toBeInViewport();
  expect(await posts.nth(1).evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
  await page.keyboard.press("k");
  await expect(posts.nth(0)).toBeFocused();

  // l: likes the focused post (and again: unlikes it).
  const like = posts.nth(0).locator('[data-shortcut="like"]');
  const before = await like.getAttribute("aria-pressed");
  const after = before === "true" ? "false" : "true";
  await page.keyboard.press("l");
  await expect(like).toHaveAttribute("aria-pressed", after);

  // c: opens its comments and puts the focus in the comment box; typing there does not like.
  await page.keyboard.press("c");
  const box = posts.nth(0).getByRole("textbox", { name: "Write a comment" });
  await expect(box).toBeFocused();
  await page.keyboard.type("l");
  await expect(box).toHaveValue("l");
  await expect(like).toHaveAttribute("aria-pressed", after);
  await box.fill("");
  await blur(page);

  // g then f: the forums.
  await page.keyboard.press("g");
  await page.keyboard.press("f");
  await expect(page).toHaveURL(/\/forums$/);
  await context.close();
});

test("a visitor opens the help and navigates; the help dialog is axe-clean", async ({ page }) => {
  await dismissOverlays(page);
  await page.goto("/accessibility");
  // The Accessibility page lists the same shortcuts.
  const section = page.getByRole("region", { name: "Keyboard shortcuts" });
  await expect(section.getByRole("cell", { name: "Go to Prompts" })).toBeVisible();
  await expect(section.getByRole("cell", { name: "Next post" })).toBeVisible();
  await shortcutsReady(page);

  await acrossSizesAndThemes(page, async () => {
    await shortcutsReady(page);
    await page.keyboard.press("?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeHidden();

  await page.keyboard.press("g");
  await page.keyboard.press("p");
  await expect(page).toHaveURL(/\/prompts$/);
});
