import { dismissOverlays, expect, expectAccessible, signedInPage, test, uniqueName } from "./fixtures";

test.describe("forums", () => {
  test("create a forum, open it, start a thread, reply, and another member joins", async ({ browser }) => {
    const { page, context, member } = await signedInPage(browser);
    await dismissOverlays(page);
    await page.goto("/forums");
    await expect(page.getByRole("heading", { level: 1, name: "AI Model Forums" })).toBeVisible();
    await expect(page.getByTestId("forum-card").first()).toBeVisible();
    await expectAccessible(page);

    // The dialog asks for every field, then creates the forum and opens it.
    await page.getByRole("button", { name: "Create Forum" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Forum" });
    await dialog.getByRole("button", { name: "Create Forum" }).click();
    await expect(dialog.getByText("Please fill in all fields.")).toBeVisible();
    const name = `Forum ${uniqueName("f")}`;
    await dialog.getByLabel("Forum name").fill(name);
    await dialog.getByLabel("Description").fill("Where we compare <b>notes</b> on local models.");
    await dialog.getByLabel("AI model").selectOption("llama");
    await dialog.getByRole("button", { name: "Create Forum" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    // User text is shown as text, never as HTML.
    await expect(page.getByText("Where we compare <b>notes</b> on local models.")).toBeVisible();
    await expect(page.getByTestId("forum-member-count")).toHaveText("1 member");
    await expect(page.getByRole("button", { name: "Leave Forum" })).toBeVisible();
    await expect(page.getByText("No threads yet")).toBeVisible();
    const forumUrl = page.url();
    await expectAccessible(page);

    // Start a thread.
    await page.getByRole("button", { name: "New Thread" }).click();
    await page.getByRole("button", { name: "Post Thread" }).click();
    await expect(page.getByText("Please fill in the title and message.")).toBeVisible();
    const title = `Best quantisation for laptops? ${uniqueName("t")}`;
    await page.getByLabel("Title").fill(title);
    await page
      .getByLabel("Message")
      .fill("I run an 8B model on 16 GB of RAM. Which quantisation do you use, and why?");
    await page.getByRole("button", { name: "Post Thread" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveURL(/\/forums\/\d+\/threads\/\d+$/);
    const threadUrl = page.url();

    // Reply, mentioning the author.
    await expect(page.getByText("No replies yet.")).toBeVisible();
    await page
      .getByLabel("Reply", { exact: true })
      .fill(`@${member.username} Q4_K_M has been the sweet spot for me.`);
    await page.getByRole("button", { name: "Post Reply" }).click();
    await expect(page.getByTestId("reply")).toHaveCount(1);
    await expect(page.getByTestId("reply").first()).toContainText("Q4_K_M has been the sweet spot for me.");
    await expect(page.getByRole("heading", { name: "1 reply" })).toBeVisible();
    await expect(page.getByLabel("Reply", { exact: true })).toHaveValue("");
    await expectAccessible(page);

    // Edit one's own reply.
    // The text takes the focus; closed (Cancel, then Save), the form gives it back to Edit.
    const editReply = page.getByRole("button", { name: "Edit reply" });
    await editReply.click();
    await expect(page.getByLabel("Edit your reply")).toBeFocused();
    await page.getByRole("form", { name: "Edit reply" }).getByRole("button", { name: "Cancel" }).click();
    await expect(editReply).toBeFocused();
    await editReply.click();
    await page.getByLabel("Edit your reply").fill("Q5_K_M is worth the extra memory if you have it.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("reply").first()).toContainText("Q5_K_M is worth the extra memory");
    await expect(page.getByTestId("reply").first()).toContainText("edited");
    await expect(editReply).toBeFocused();

    // The thread is listed in its forum with its reply count.
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name }).click();
    const row = page.getByTestId("thread-row").filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Replies1");
    await expect(page.getByTestId("forum-post-count")).toHaveText("2 posts");

    // Another member joins: the member count moves by exactly one.
    const other = await signedInPage(browser);
    await dismissOverlays(other.page);
    await other.page.goto(forumUrl);
    await expect(other.page.getByTestId("forum-member-count")).toHaveText("1 member");
    await other.page.getByRole("button", { name: "Join Forum" }).click();
    await expect(other.page.getByTestId("forum-member-count")).toHaveText("2 members");
    await expect(other.page.getByRole("button", { name: "Leave Forum" })).toBeVisible();
    // Someone else's thread: quote is offered, edit and delete are not.
    await other.page.goto(threadUrl);
    await expect(other.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(other.page.getByRole("button", { name: "Edit thread" })).toHaveCount(0);
    await other.page
      .getByRole("button", { name: `Quote ${member.username}` })
      .first()
      .click();
    await expect(other.page.getByLabel("Reply", { exact: true })).toHaveValue(
      new RegExp(`^> @${member.username} wrote:`),
    );

    await other.context.close();
    await context.close();
  });

  test("search finds forums and says when nothing matches", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await dismissOverlays(page);
    await page.goto("/forums");
    await page.getByLabel("Search forums").fill("midjourney");
    await expect(page.getByTestId("forum-card")).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Midjourney" })).toBeVisible();
    await page.getByLabel("Search forums").fill("zz no such forum zz");
    await expect(page.getByText("No forums found")).toBeVisible();
    await context.close();
  });

  test("visitors read forums and threads but see no write controls; unknown forums are 404", async ({
    page,
  }) => {
    await dismissOverlays(page);
    await page.goto("/forums");
    await expect(page.getByRole("heading", { level: 1, name: "AI Model Forums" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Forum" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign in to create a forum" })).toBeVisible();
    await page
      .getByTestId("forum-card")
      .filter({ hasText: "ChatGPT & GPT Models" })
      .getByRole("link", { name: /Join Discussion/ })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "ChatGPT & GPT Models" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Join Forum" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "New Thread" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign in to join and post" })).toBeVisible();
    await expectAccessible(page);

    await page.getByTestId("thread-row").first().getByRole("link").click();
    await expect(page.getByTestId("reply").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in to reply" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Post Reply" })).toHaveCount(0);

    await page.goto("/forums/999999");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await page.goto("/forums/1/threads/999999");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });
});
