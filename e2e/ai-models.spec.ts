import { expect, expectAccessible, signedInPage, test } from "./fixtures";

test.describe("AI model directory", () => {
  test("filters by category, pricing and search, reflected in the address", async ({ page }) => {
    await page.goto("/ai-models");
    await expect(page.getByRole("heading", { level: 1, name: "AI Models" })).toBeVisible();
    await expect(page.getByTestId("model-card").first()).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Category").selectOption("Image Generation");
    await expect(page).toHaveURL(/category=Image\+Generation/);
    const cards = page.getByTestId("model-card");
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole("link", { name: "DALL·E 3", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "GPT-4o", exact: true })).toHaveCount(0);

    await page.getByLabel("Category").selectOption("");
    await page.getByRole("checkbox", { name: "Free", exact: true }).check();
    await page.getByRole("checkbox", { name: "Paid", exact: true }).check();
    await expect(page).toHaveURL(/pricing=Free%2CPaid|pricing=Free,Paid/);
    await page.getByLabel("Sort by").selectOption("alphabetical");
    await expect(page).toHaveURL(/sort=alphabetical/);

    await page.getByLabel("Search models").fill("lama");
    await expect(page).toHaveURL(/search=lama/);
    await expect(page.getByRole("link", { name: "Llama 3.1 405B", exact: true })).toBeVisible();

    // A shared address opens the same filtered view.
    const shared = page.url();
    await page.goto(shared);
    await expect(page.getByLabel("Search models")).toHaveValue("lama");
    await expect(page.getByRole("checkbox", { name: "Free", exact: true })).toBeChecked();
    await expect(page.getByRole("link", { name: "Llama 3.1 405B", exact: true })).toBeVisible();

    await page.getByLabel("Search models").fill("zzqqxxyy");
    await expect(page.getByText("No models found")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).first().click();
    await expect(page).toHaveURL(/\/ai-models$/);
    await expect(page.getByTestId("model-card").first()).toBeVisible();
  });

  test("visitors browse a model but must log in to comment or rate; unknown slugs say Model not found", async ({
    page,
  }) => {
    await page.goto("/ai-models/claude-3-5-sonnet");
    await expect(page.getByRole("heading", { level: 1, name: "Claude 3.5 Sonnet" })).toBeVisible();
    await expect(page.getByText("Please log in to comment")).toBeVisible();
    await page.getByRole("tab", { name: "Reviews" }).click();
    await expect(page.getByText("Please log in to rate")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Like \(/ })).toBeDisabled();

    await page.goto("/ai-models/no-such-model");
    await expect(page.getByRole("heading", { level: 1, name: "Model not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to AI Models" }).click();
    await expect(page).toHaveURL(/\/ai-models$/);
  });

  test("a member opens the tabs, likes, bookmarks, rates and comments", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/ai-models/gpt-4o");
    await expect(page.getByRole("heading", { level: 1, name: "GPT-4o" })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("tab", { name: "Features" }).click();
    await expect(page.getByRole("heading", { name: "Use Cases" })).toBeVisible();
    await page.getByRole("tab", { name: "Benchmarks" }).click();
    await expect(page.getByText("MMLU", { exact: true })).toBeVisible();
    await expect(page.getByText("88.7%")).toBeVisible();
    await page.getByRole("tab", { name: "Compare" }).click();
    await expect(page.getByRole("heading", { name: "Compare with similar models" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Compare with / }).first()).toBeVisible();

    // Like and bookmark persist across a reload.
    const like = page.getByRole("button", { name: /^Like \(/ });
    await like.click();
    await expect(page.getByRole("button", { name: /^Liked \(/ })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Bookmark", exact: true }).click();
    await expect(page.getByRole("button", { name: "Bookmarked" })).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(page.getByRole("button", { name: /^Liked \(/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Bookmarked" })).toBeVisible();

    // Rating: a rating is required; the review is optional and listed with its text.
    await page.getByRole("tab", { name: "Reviews" }).click();
    await page.getByRole("button", { name: "Submit Rating" }).click();
    await expect(page.getByText("Please select a rating")).toBeVisible();
    await page.getByRole("radio", { name: "4 stars" }).check({ force: true });
    const review = `Fast and capable ${Date.now()}`;
    await page.getByLabel("Review (optional)").fill(review);
    await page.getByRole("button", { name: "Submit Rating" }).click();
    await expect(page.getByTestId("model-review").filter({ hasText: review })).toBeVisible();
    await expect(page.getByLabel("Review (optional)")).toHaveValue("");
    await expect(page.getByText("Your rating: 4/5")).toBeVisible();

    // Comment: empty text is refused; a comment appears at the top.
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByText("Comment cannot be empty")).toBeVisible();
    const comment = `Great for summarising long threads ${Date.now()}`;
    await page.getByLabel("Add a comment").fill(comment);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByTestId("model-comment").first()).toContainText(comment);
    await expect(page.getByLabel("Add a comment")).toHaveValue("");

    // The bookmark is on the Saved page.
    await page.goto("/saved");
    await expect(page.getByTestId("saved-model").filter({ hasText: "GPT-4o" })).toBeVisible();
    await page.getByRole("button", { name: "Remove GPT-4o" }).click();
    await expect(page.getByText("No saved models yet")).toBeVisible();
    await context.close();
  });

  test("selects models to compare, compares them and removes them back to No models selected", async ({
    browser,
  }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/ai-models?search=GPT");
    await page.getByRole("checkbox", { name: "Compare GPT-4o", exact: true }).check();
    const compareButton = page.getByRole("button", { name: "Compare", exact: true });
    await expect(compareButton).toBeDisabled();
    await page.getByRole("checkbox", { name: "Compare GPT-4o mini" }).check();
    await expect(compareButton).toBeEnabled();

    // The selection survives a change of filter; a third model can join, a fourth cannot.
    await page.getByLabel("Search models").fill("Claude");
    await expect(page.getByRole("link", { name: "Claude 3.5 Sonnet", exact: true })).toBeVisible();
    await page.getByRole("checkbox", { name: "Compare Claude 3.5 Sonnet" }).check();
    await expect(page.getByRole("checkbox", { name: "Compare Claude 3 Haiku" })).toBeDisabled();
    await expect(page.getByText("3/3 selected")).toBeVisible();
    await compareButton.click();

    await expect(page).toHaveURL(/\/ai-models\/compare\?models=\d+,\d+,\d+$/);
    await expect(page.getByTestId("compare-card")).toHaveCount(3);
    await expect(page.getByRole("heading", { name: "Detailed Comparison" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Features Comparison" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Comparison Summary" })).toBeVisible();
    await expect(page.getByText(/\+\d+ more features/).first()).toBeVisible();
    await expectAccessible(page);

    // Export prints; the print stylesheet hides the controls.
    await page.evaluate(() => {
      (window as unknown as { printed: boolean }).printed = false;
      window.print = () => {
        (window as unknown as { printed: boolean }).printed = true;
      };
    });
    await page.getByRole("button", { name: "Export Comparison" }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: boolean }).printed)).toBe(true);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Export Comparison" })).toBeHidden();
    await expect(page.getByRole("heading", { name: "Detailed Comparison" })).toBeVisible();
    await page.emulateMedia({ media: "screen" });

    await page.getByRole("button", { name: "Remove GPT-4o mini from comparison" }).click();
    await expect(page.getByTestId("compare-card")).toHaveCount(2);
    await expect(page).toHaveURL(/models=\d+,\d+$/);
    await page.getByRole("button", { name: "Remove GPT-4o from comparison" }).click();
    await expect(page.getByTestId("compare-card")).toHaveCount(1);
    await page.getByRole("button", { name: "Remove Claude 3.5 Sonnet from comparison" }).click();
    await expect(page.getByText("No models selected")).toBeVisible();
    await expect(page).toHaveURL(/\/ai-models\/compare$/);
    await page.getByRole("link", { name: "Browse AI Models" }).click();
    await expect(page).toHaveURL(/\/ai-models$/);

    await page.goto("/ai-models/compare?models=999998,999999");
    await expect(page.getByText("Models not found")).toBeVisible();
    await context.close();
  });
});
