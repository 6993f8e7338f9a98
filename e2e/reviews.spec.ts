import { acrossSizesAndThemes } from "./a11y-matrix";
import { expect, signedInPage, test } from "./fixtures";

/**
 * Issue 23 items 1–3: a member writes a structured review, another marks it helpful, and the
 * list sorts by Most helpful (in the address); the Reviews tab is axe-clean at 390 and 1280 px
 * in both themes.
 */
test.describe("structured reviews and helpful votes", () => {
  test("write a structured review, another member marks it helpful, sort by Most helpful", async ({
    browser,
  }) => {
    const slug = "musicgen";
    const author = await signedInPage(browser);
    const page = author.page;
    await page.goto(`/ai-models/${slug}?reviews=newest`);
    // An address with a review order opens the Reviews tab.
    await expect(page.getByRole("tab", { name: "Reviews" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Rating distribution")).toBeVisible();

    const text = `Catchy loops in seconds ${Date.now()}`;
    await page.getByRole("radio", { name: "5 stars" }).check({ force: true });
    await page.getByLabel("Review (optional)").fill(text);
    await page.getByLabel("Pros (optional)").fill("Fast, good melodies");
    await page.getByLabel("Cons (optional)").fill("Short clips only");
    await page.getByRole("checkbox", { name: "Audio" }).check();
    await page.getByRole("checkbox", { name: "Brainstorming" }).check();
    await page.getByLabel("Used it for (optional)").selectOption("1-4-weeks");
    await page.getByLabel("Model version (optional)").fill("MusicGen Large");
    await page.getByRole("button", { name: "Submit Rating" }).click();

    const mine = page.getByTestId("model-review").filter({ hasText: text });
    await expect(mine).toBeVisible();
    await expect(mine).toContainText("Version: MusicGen Large");
    await expect(mine).toContainText("Used for 1–4 weeks");
    await expect(mine).toContainText(/Tasks: .*Brainstorming/);
    await expect(mine).toContainText(/Tasks: .*Audio/);
    await expect(mine).toContainText("Pros: Fast, good melodies");
    await expect(mine).toContainText("Cons: Short clips only");
    // Nobody marks their own review helpful.
    await expect(mine.getByRole("button", { name: /Helpful/ })).toHaveCount(0);
    await expect(page.getByTestId("rating-distribution")).toBeVisible();

    // Another member marks it helpful (once; the button shows it pressed).
    const reader = await signedInPage(browser);
    await reader.page.goto(`/ai-models/${slug}?reviews=newest`);
    const seen = reader.page.getByTestId("model-review").filter({ hasText: text });
    await expect(seen).toContainText("0 members found this helpful");
    const helpful = seen.getByRole("button", { name: /Helpful/ });
    await helpful.click();
    await expect(helpful).toHaveAttribute("aria-pressed", "true");
    await expect(seen).toContainText("1 member found this helpful");

    // Most helpful puts it first, and the order is in the address.
    await reader.page.getByLabel("Sort reviews").selectOption("helpful");
    await expect(reader.page).toHaveURL(/reviews=helpful/);
    await expect(reader.page.getByTestId("model-review").first()).toContainText(text);
    await reader.page.reload();
    await expect(reader.page.getByLabel("Sort reviews")).toHaveValue("helpful");
    await expect(reader.page.getByTestId("model-review").first()).toContainText(
      "1 member found this helpful",
    );

    // The vote persisted: the author sees it too.
    await page.reload();
    await expect(page.getByTestId("model-review").filter({ hasText: text })).toContainText(
      "1 member found this helpful",
    );

    await author.context.close();
    await reader.context.close();
  });

  test("the Reviews tab (form, distribution, filters, reviews) is axe-clean at 390 and 1280 px in both themes", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const { page, context } = await signedInPage(browser);
    const author = await signedInPage(browser);
    // A review with every part, so each is checked.
    await author.page.goto("/ai-models/bark?reviews=newest");
    await author.page.getByRole("radio", { name: "4 stars" }).check({ force: true });
    await author.page.getByLabel("Pros (optional)").fill("Expressive voices");
    await author.page.getByLabel("Cons (optional)").fill("Needs a GPU");
    await author.page.getByRole("checkbox", { name: "Audio" }).check();
    await author.page.getByLabel("Model version (optional)").fill("Bark 1.0");
    await author.page.getByRole("button", { name: "Submit Rating" }).click();
    await expect(
      author.page.getByTestId("model-review").filter({ hasText: "Expressive voices" }),
    ).toBeVisible();
    await author.context.close();

    await page.goto("/ai-models/bark?reviews=helpful");
    await acrossSizesAndThemes(page, async () => {
      await expect(page.getByTestId("model-review").first()).toBeVisible();
      await expect(page.getByTestId("rating-distribution")).toBeVisible();
    });
    await context.close();
  });
});
