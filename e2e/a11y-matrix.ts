import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

/** axe-core with no WCAG 2.1 A/AA violation of any impact, and nothing wider than the screen. */
export async function expectNoViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map(
      (v) => `${where} ${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), where).toBe(
    true,
  );
}

/**
 * Runs the checks at 390 and 1,280 px in both themes: the page is reloaded into each theme at
 * 390 px, `open` puts the screen back into the state under test, and the window then widens to
 * 1,280 px with that state kept (as a member turning a tablet or widening a window would).
 */
export async function acrossSizesAndThemes(page: Page, open: () => Promise<void>): Promise<void> {
  // Two reloads and four axe runs take their own time on a busy machine: each matrix brings it.
  test.info().setTimeout(test.info().timeout + 45_000);
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.reload();
    await open();
    await expectNoViolations(page, `${theme} 390px`);
    await page.setViewportSize({ width: 1280, height: 900 });
    // The wider layout is drawn before it is checked.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expectNoViolations(page, `${theme} 1280px`);
  }
}

/**
 * Switches the page to `theme` in place (the class the theme switch sets) and waits for the
 * colours' transitions to end: axe reads computed colours, and mid-transition they are neither
 * theme's (a header link read half-way from dark to light failed color-contrast once in CI).
 */
export async function switchTheme(page: Page, theme: "light" | "dark"): Promise<void> {
  await page.evaluate(async (t) => {
    document.documentElement.classList.toggle("dark", t === "dark");
    // getAnimations() brings styles up to date first, so the transitions just started are in it.
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  }, theme);
}

/**
 * The screen as it is now (no reload), in both themes at 390 and 1,280 px: no axe violation of
 * any impact, nothing wider than the screen. Leaves the page light at 1,280 px.
 */
export async function inBothThemesAndSizes(page: Page, where: string): Promise<void> {
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectNoViolations(page, `${where} ${theme} ${width}px`);
    }
  }
}
