import { acrossSizesAndThemes } from "./a11y-matrix";
import { expect, signedInPage, test, uniqueName } from "./fixtures";

/**
 * Saved items (issue 21 item 4, decision 0099): a member saves a post, a forum thread and a
 * prompt with their Save toggles, finds each in its tab of /saved (the tab in the address), and
 * unsaves one there. /saved is axe-clean at 390 and 1,280 px in both themes.
 */
test.describe("saved items", () => {
  // The Saved page is checked by axe four times (two widths, two themes).
  test.describe.configure({ timeout: 180_000 });

  test("saves a post, a thread and a prompt, sees them in their tabs, and unsaves", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    const api = context.request;
    const content = `Savable post ${uniqueName("p")} about retrieval evaluation`;
    const post = await api.post("/api/posts", { data: { content } });
    expect(post.status(), await post.text()).toBe(201);
    const postId = (await post.json()).id as number;
    const forum = await api.post("/api/forums", {
      data: {
        name: `Saved forum ${uniqueName("f")}`,
        description: "A forum for the saved journey.",
        aiModel: "claude",
      },
    });
    expect(forum.status(), await forum.text()).toBe(201);
    const forumId = (await forum.json()).id as number;
    const threadTitle = `Savable thread ${uniqueName("t")}`;
    const thread = await api.post(`/api/forums/${forumId}/threads`, {
      data: { title: threadTitle, content: "A thread worth keeping for later reading." },
    });
    expect(thread.status(), await thread.text()).toBe(201);
    const threadId = (await thread.json()).id as number;
    const promptTitle = `Savable prompt ${uniqueName("q")}`;
    const prompt = await api.post("/api/prompts", {
      data: {
        title: promptTitle,
        content: "Explain retrieval-augmented generation to a curious reader in five sentences.",
        description: "A prompt worth keeping",
        category: "education",
        aiModel: "any",
        difficulty: "beginner",
        tags: ["explain"],
      },
    });
    expect(prompt.status(), await prompt.text()).toBe(201);
    const promptId = (await prompt.json()).id as number;

    // The post, from its card.
    await page.goto(`/post/${postId}`);
    await expect(page.getByText(content)).toBeVisible();
    const savePost = page.getByRole("button", { name: "Save", exact: true });
    await expect(savePost).toHaveAttribute("aria-pressed", "false");
    await savePost.click();
    await expect(page.getByRole("button", { name: "Saved", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // The thread, from its page.
    await page.goto(`/forums/${forumId}/threads/${threadId}`);
    await expect(page.getByRole("heading", { level: 1, name: threadTitle })).toBeVisible();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("button", { name: "Saved", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // The prompt, from its detail.
    await page.goto(`/prompts?prompt=${promptId}`);
    const detail = page.getByRole("dialog");
    await expect(detail.getByText(promptTitle).first()).toBeVisible();
    await detail.getByRole("button", { name: "Save", exact: true }).click();
    await expect(detail.getByRole("button", { name: "Saved", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // Each in its tab; the tab is in the address.
    await page.goto("/saved?tab=posts");
    await expect(page.getByRole("tab", { name: "Posts" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("link", { name: content })).toBeVisible();
    await acrossSizesAndThemes(page, async () => {
      await expect(page.getByRole("link", { name: content })).toBeVisible();
    });

    await page.getByRole("tab", { name: "Threads" }).click();
    await expect(page).toHaveURL(/\/saved\?tab=threads$/);
    await expect(page.getByRole("link", { name: threadTitle })).toBeVisible();

    await page.getByRole("tab", { name: "Prompts" }).click();
    await expect(page).toHaveURL(/\/saved\?tab=prompts$/);
    await expect(page.getByRole("link", { name: promptTitle })).toBeVisible();

    // Unsave from the list: the prompt leaves it.
    await page.getByRole("button", { name: `Saved prompt: ${promptTitle}` }).click();
    await expect(page.getByText("No saved prompts yet")).toBeVisible();
    await acrossSizesAndThemes(page, async () => {
      await expect(page.getByText("No saved prompts yet")).toBeVisible();
    });

    // The thread stays saved after a reload of its tab; the Models tab is the default.
    await page.goto("/saved?tab=threads");
    await expect(page.getByRole("link", { name: threadTitle })).toBeVisible();
    await page.goto("/saved");
    await expect(page.getByRole("tab", { name: "Models" })).toHaveAttribute("aria-selected", "true");
    await context.close();
  });
});
