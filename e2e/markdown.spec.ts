import { dismissOverlays, expect, expectNoAxeViolations, signedInPage, test } from "./fixtures";

/**
 * Markdown (issue 21 item 1): a member writes a post with a code block and a table, checks it in
 * the composer's Preview tab, shares it, and sees it formatted in the feed with the code
 * highlighted (the highlighter loads once a code block is shown). The composer with its tabs is
 * axe-clean at 390 and 1,280 px in both themes.
 */
const POST = [
  "Benchmarking **two models** on #reasoning",
  "",
  "| Model | Score |",
  "|---|--:|",
  "| Alpha | 91 |",
  "| Beta | 87 |",
  "",
  "```python",
  "def score(answer):",
  "    return len(answer)",
  "```",
].join("\n");

test("write a post with a code block and a table, preview it, see it highlighted in the feed", async ({
  browser,
}) => {
  const { page, context } = await signedInPage(browser);
  await page.goto("/");
  const composer = page.getByRole("form", { name: "Create a post" });
  const text = composer.getByRole("textbox", { name: "Share your AI experience" });
  await text.fill(POST);

  // Preview: the same rendering as the page, before sending.
  await composer.getByRole("tab", { name: "Preview" }).click();
  await expect(composer.getByRole("tab", { name: "Preview" })).toHaveAttribute("aria-selected", "true");
  const preview = composer.getByRole("tabpanel", { name: "Preview" });
  await expect(preview.getByRole("table")).toBeVisible();
  await expect(preview.getByRole("cell", { name: "Alpha" })).toBeVisible();
  await expect(preview.locator("strong", { hasText: "two models" })).toBeVisible();
  await expect(preview.locator('pre[data-highlighted="true"] .hljs-keyword').first()).toHaveText("def");
  await expect(text).toBeHidden();

  // Keyboard: the arrow keys move between the tabs; writing again keeps the text.
  await composer.getByRole("tab", { name: "Preview" }).press("ArrowLeft");
  await expect(composer.getByRole("tab", { name: "Write" })).toBeFocused();
  await expect(text).toBeVisible();
  await expect(text).toHaveValue(POST);

  // The formatting help is one click away.
  await composer.getByText("Formatting help").click();
  await expect(composer.getByText("**bold**")).toBeVisible();

  await composer.getByRole("button", { name: "Post" }).click();
  await expect(page.getByText("Post shared").first()).toBeVisible();
  await expect(text).toHaveValue("");

  // In the feed: formatted, the table a real table, the code highlighted.
  const card = page.locator("article", { hasText: "Benchmarking" }).first();
  await expect(card.getByRole("table")).toBeVisible();
  await expect(card.getByRole("columnheader", { name: "Score" })).toBeVisible();
  await expect(card.locator("strong", { hasText: "two models" })).toBeVisible();
  await expect(card.getByText("#reasoning")).toBeVisible();
  const code = card.locator('pre[data-language="python"]');
  await expect(code).toHaveAttribute("data-highlighted", "true");
  await expect(code.locator(".hljs-keyword").first()).toHaveText("def");
  await expect(code).toContainText("return len(answer)");
  await context.close();
});

for (const width of [390, 1280]) {
  test(`the composer's Write and Preview tabs are axe-clean at ${width} px, light and dark`, async ({
    browser,
  }) => {
    test.setTimeout(180_000); // four full axe runs on a shared machine
    const { page, context } = await signedInPage(browser);
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ["light", "dark"]) {
      await page.addInitScript((t) => window.localStorage.setItem("theme", t), theme);
      await dismissOverlays(page);
      await page.goto("/");
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
      const composer = page.getByRole("form", { name: "Create a post" });
      await composer.getByRole("textbox", { name: "Share your AI experience" }).fill(POST);
      await composer.getByText("Formatting help").click();
      await expectNoAxeViolations(page, `composer, Write, ${width} px, ${theme}`);
      await composer.getByRole("tab", { name: "Preview" }).click();
      await expect(composer.locator('pre[data-highlighted="true"]')).toBeVisible();
      await expectNoAxeViolations(page, `composer, Preview, ${width} px, ${theme}`);
    }
    await context.close();
  });
}
