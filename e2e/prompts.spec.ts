import { acrossSizesAndThemes } from "./a11y-matrix";
import { dismissOverlays, expect, expectAccessible, signedInPage, test, uniqueName } from "./fixtures";

test.describe("prompt library", () => {
  test("filter by category, share a prompt, copy it, like it and vote on models", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await dismissOverlays(page);
    await page.goto("/prompts");
    await expect(page.getByRole("heading", { level: 1, name: "AI Prompt Library" })).toBeVisible();
    await expect(page.getByTestId("prompt-card").first()).toBeVisible();
    await expectAccessible(page);

    // Category filter buttons.
    await page.getByRole("button", { name: "Coding", exact: true }).click();
    await expect(page.getByRole("button", { name: "Coding", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page).toHaveURL(/category=coding/);
    const cards = page.getByTestId("prompt-card");
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) await expect(card).toContainText("Coding");

    // Share: title and content are required; the dialog resets and closes on success.
    await page.getByRole("button", { name: "All", exact: true }).click();
    await page.getByRole("button", { name: "Share Prompt" }).click();
    const dialog = page.getByRole("dialog", { name: "Share Prompt" });
    await dialog.getByRole("button", { name: "Share Prompt" }).click();
    await expect(dialog.getByText("Please fill in the title and content.")).toBeVisible();
    const title = `Socratic tutor ${uniqueName("p")}`;
    const content =
      "Act as a Socratic tutor for [TOPIC]. Ask one question at a time and never give the answer directly.";
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("Learn by answering questions");
    await dialog.getByLabel("Prompt", { exact: true }).fill(content);
    await dialog.getByLabel("Category").selectOption("education");
    await dialog.getByLabel("Difficulty").selectOption("intermediate");
    await dialog.getByLabel("Tags").fill(" tutoring, , socratic ,");
    await dialog.getByRole("button", { name: "Share Prompt" }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Education", exact: true }).click();
    const card = page.getByTestId("prompt-card").filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Intermediate");
    await expect(card.getByRole("list", { name: "Tags" })).toHaveText(/#tutoring\s*#socratic/);

    // Copy: confirmation, the clipboard holds the content, and one counted copy.
    await card.getByRole("button", { name: `Copy prompt: ${title}` }).click();
    await expect(page.getByText("Prompt copied!", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: `Copied! prompt: ${title}` })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(content);
    await expect(card.getByTestId("prompt-downloads")).toHaveText("1 copy");

    // Like: the state and count come from the server.
    const like = card.getByRole("button", { name: new RegExp(`^Like prompt: ${title}`) });
    await like.click();
    const unlike = card.getByRole("button", { name: new RegExp(`^Unlike prompt: ${title}`) });
    await expect(unlike).toHaveAttribute("aria-pressed", "true");
    await expect(unlike.getByTestId("prompt-likes")).toHaveText("1");

    // Detail: per-model "worked on" votes.
    await card.getByRole("link", { name: `Details of ${title}` }).click();
    const detail = page.getByRole("dialog", { name: title });
    await expect(detail.getByTestId("prompt-content")).toHaveText(content);
    await detail.getByRole("button", { name: "Worked on Claude: 0" }).click();
    await expect(detail.getByRole("button", { name: "Worked on Claude: 1" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await detail.getByRole("button", { name: "Did not work on Gemini: 0" }).click();
    await expect(detail.getByRole("button", { name: "Did not work on Gemini: 1" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(detail).toBeHidden();
    await expect(page).not.toHaveURL(/prompt=/);

    await context.close();
  });

  test("filters that match nothing say so", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await dismissOverlays(page);
    await page.goto("/prompts");
    await page.getByLabel("Search prompts").fill("zz no such prompt zz");
    await expect(page.getByText("No prompts found")).toBeVisible();
    await context.close();
  });

  test("visitors browse and copy prompts but cannot share or like", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await dismissOverlays(page);
    await page.goto("/prompts");
    await expect(page.getByRole("heading", { level: 1, name: "AI Prompt Library" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Share Prompt" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign in to share a prompt" })).toBeVisible();
    const card = page.getByTestId("prompt-card").first();
    await expect(card.getByRole("button", { name: /Like prompt/ })).toHaveCount(0);
    await card.getByRole("button", { name: /^Copy prompt/ }).click();
    await expect(page.getByText("Prompt copied!", { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test("the author edits a prompt from its card (issue 25 item 16)", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    const title = `Release notes ${uniqueName("p")}`;
    const res = await context.request.post("/api/prompts", {
      data: {
        title,
        content: "Turn these commit messages into release notes: [COMMITS]",
        category: "writing",
        aiModel: "any",
        difficulty: "beginner",
        tags: ["release"],
      },
    });
    expect(res.status()).toBe(201);
    await page.goto("/prompts");
    const card = page.getByTestId("prompt-card").filter({ hasText: title });
    await expect(card).toBeVisible();
    // Only the author's cards have Edit.
    await expect(page.getByRole("button", { name: /^Edit prompt: / })).toHaveCount(1);

    const edit = card.getByRole("button", { name: `Edit prompt: ${title}` });
    await edit.click();
    const dialog = page.getByRole("dialog", { name: "Edit Prompt" });
    await expect(dialog.getByLabel("Title")).toHaveValue(title);
    await expect(dialog.getByLabel("Tags")).toHaveValue("release");
    await dialog.getByLabel("Title").fill(" ");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByText("Please fill in the title and content.")).toBeVisible();
    const newTitle = `${title} for engineers`;
    await dialog.getByLabel("Title").fill(newTitle);
    await dialog.getByLabel("AI model").selectOption("claude");
    await dialog.getByLabel("Difficulty").selectOption("advanced");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toBeHidden();
    const edited = page.getByTestId("prompt-card").filter({ hasText: newTitle });
    await expect(edited).toContainText("Claude");
    await expect(edited).toContainText("Advanced");
    await expect(edited.getByRole("button", { name: `Edit prompt: ${newTitle}` })).toBeFocused();

    await acrossSizesAndThemes(page, async () => {
      await page.getByRole("button", { name: `Edit prompt: ${newTitle}` }).click();
      await expect(page.getByRole("dialog", { name: "Edit Prompt" })).toBeVisible();
    });
    await context.close();
  });
});
