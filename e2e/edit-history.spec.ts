import { acrossSizesAndThemes } from "./a11y-matrix";
import { expect, signedInPage, test, uniqueName } from "./fixtures";

/**
 * Edit history (issue 21 item 5, decisions 0105 and 0106): a member edits a post twice; its
 * "edited" mark opens the history with a word diff between revisions, whose insertions and
 * deletions are said in words too. The dialog is axe-clean at 390 and 1,280 px in both themes,
 * and closing it gives focus back to the mark.
 */
test.describe("edit history", () => {
  // The dialog is checked by axe four times (two widths, two themes).
  test.describe.configure({ timeout: 180_000 });

  test("a post edited twice shows its revisions with a word diff", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    const tag = uniqueName("h");
    const post = await context.request.post("/api/posts", {
      data: { content: `Local models answer quickly ${tag}` },
    });
    expect(post.status(), await post.text()).toBe(201);
    const postId = (await post.json()).id as number;

    await page.goto(`/post/${postId}`);
    const card = page.getByTestId("post-card").first();
    await expect(card.getByText(`Local models answer quickly ${tag}`)).toBeVisible();
    await expect(card.getByRole("button", { name: /^edited/ })).toHaveCount(0);

    const edit = async (text: string) => {
      await card.getByRole("button", { name: "Edit post" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit post" });
      await dialog.getByLabel("Post content").fill(text);
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await expect(dialog).toBeHidden();
      await expect(card.getByText(text)).toBeVisible();
    };
    await edit(`Local models answer very quickly ${tag}`);
    await edit(`Local models answer very quickly on laptops ${tag}`);

    const mark = card.getByRole("button", { name: /^edited/ });
    await mark.click();
    const history = page.getByRole("dialog", { name: "Edit history" });
    const revisions = history.getByRole("list", { name: "Revisions, newest first" });
    await expect(revisions.getByRole("listitem")).toHaveCount(3);
    const newest = revisions.getByRole("listitem").nth(0);
    await expect(newest.getByRole("heading", { name: /^Revision 3/ })).toBeVisible();
    await expect(newest.locator("ins")).toHaveCount(1);
    await expect(newest.locator("ins")).toContainText("added: on laptops");
    await expect(newest.locator("del")).toHaveCount(0);
    const middle = revisions.getByRole("listitem").nth(1);
    await expect(middle.getByRole("heading", { name: /^Revision 2/ })).toBeVisible();
    await expect(middle.locator("ins")).toContainText("very");
    const original = revisions.getByRole("listitem").nth(2);
    await expect(original.getByRole("heading", { name: /^Original/ })).toBeVisible();
    await expect(original.getByText(`Local models answer quickly ${tag}`)).toBeVisible();

    // Escape closes it and focus goes back to the mark.
    await page.keyboard.press("Escape");
    await expect(history).toBeHidden();
    await expect(mark).toBeFocused();

    await acrossSizesAndThemes(page, async () => {
      await page
        .getByTestId("post-card")
        .first()
        .getByRole("button", { name: /^edited/ })
        .click();
      await expect(
        page.getByRole("dialog", { name: "Edit history" }).getByRole("heading", { name: /^Original/ }),
      ).toBeVisible();
    });
    await context.close();
  });
});
