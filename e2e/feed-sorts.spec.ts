import { acrossSizesAndThemes } from "./a11y-matrix";
import { expect, signedInPage, test, uniqueName } from "./fixtures";

/**
 * Feed sorts and following (issue 21 item 3): the sort and the tab live in the page address, a
 * member follows a hashtag from its page and finds its post in the Following tab, and follows a
 * model from its directory page. The feed with its tab links and sort is axe-clean at 390 and 1,280 px
 * in both themes.
 */
test.describe("feed sorts and following", () => {
  // The feed is checked by axe four times (two widths, two themes): more than the default minute.
  test.describe.configure({ timeout: 180_000 });

  test("switches sorts in the address, follows a hashtag and sees its post in Following", async ({
    browser,
  }) => {
    const reader = await signedInPage(browser);
    const writer = await signedInPage(browser);
    const tag = uniqueName("topic").replace(/[^A-Za-z0-9_]/g, "");
    const content = `Notes on retrieval pipelines ${uniqueName("w")} #${tag}`;
    const created = await writer.context.request.post("/api/posts", { data: { content } });
    expect(created.status(), await created.text()).toBe(201);
    const { page } = reader;

    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Latest posts" })).toBeVisible();
    const feedTabs = page.getByRole("navigation", { name: "Feed" });
    const allTab = feedTabs.getByRole("link", { name: "All posts" });
    const followingTab = feedTabs.getByRole("link", { name: "Following", exact: true });
    await expect(allTab).toHaveAttribute("aria-current", "page");

    await acrossSizesAndThemes(page, async () => {
      await expect(page.getByRole("navigation", { name: "Feed" })).toBeVisible();
      await expect(page.getByRole("list", { name: "Posts" })).toBeVisible();
    });

    // Sorts: the address follows the choice, and an address opens its sort.
    const sort = page.getByLabel("Sort", { exact: true });
    await sort.selectOption("hot");
    await expect(page).toHaveURL(/[?&]sort=hot/);
    await expect(page.getByRole("heading", { name: "Hot posts" })).toBeVisible();
    await sort.selectOption("top");
    await expect(page).toHaveURL(/[?&]sort=top&t=7d/);
    await page.getByLabel("Time range").selectOption("30d");
    await expect(page).toHaveURL(/[?&]t=30d/);
    await expect(page.getByRole("heading", { name: "Top posts: 30 days" })).toBeVisible();
    await page.goto("/?sort=top&t=24h");
    await expect(page.getByLabel("Sort", { exact: true })).toHaveValue("top");
    await expect(page.getByLabel("Time range")).toHaveValue("24h");
    await page.getByLabel("Sort", { exact: true }).selectOption("new");
    await expect(page).not.toHaveURL(/sort=/);

    // Nothing followed yet: the Following tab says how to fill it.
    await followingTab.click();
    await expect(page).toHaveURL(/[?&]tab=following/);
    await expect(page.getByText("Nothing from what you follow yet")).toBeVisible();

    // Follow the hashtag from its page (a toggle).
    await page.goto(`/?tag=${tag}`);
    const follow = page.getByRole("button", { name: `Follow #${tag}`, exact: true });
    await expect(follow).toHaveAttribute("aria-pressed", "false");
    await follow.click();
    const following = page.getByRole("button", { name: `Following #${tag}`, exact: true });
    await expect(following).toHaveAttribute("aria-pressed", "true");

    await page.goto("/?tab=following");
    await expect(followingTab).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Posts you follow" })).toBeVisible();
    await expect(page.getByText(content.split(" #")[0]!)).toBeVisible();
    await acrossSizesAndThemes(page, async () => {
      await expect(page.getByRole("list", { name: "Posts" })).toBeVisible();
    });

    // Keyboard: a tab is a link; Enter opens it and focus stays on it.
    await allTab.focus();
    await page.keyboard.press("Enter");
    await expect(page).not.toHaveURL(/tab=following/);
    await expect(allTab).toHaveAttribute("aria-current", "page");
    await expect(allTab).toBeFocused();

    await reader.context.close();
    await writer.context.close();
  });

  test("follows a model from its directory page", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/ai-models/claude-3-5-sonnet");
    const follow = page.getByRole("button", { name: "Follow Claude", exact: true });
    await expect(follow).toHaveAttribute("aria-pressed", "false");
    await follow.click();
    await expect(page.getByRole("button", { name: "Following Claude", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const list = await context.request.get("/api/follows/topics");
    expect((await list.json()).topics).toEqual([
      expect.objectContaining({ kind: "model", target: "claude" }),
    ]);
    await context.close();
  });
});
