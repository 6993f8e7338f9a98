import sharp from "sharp";
import { acrossSizesAndThemes } from "./a11y-matrix";
import { expect, expectAccessible, registerMember, signedInPage, test, uniqueName } from "./fixtures";

/** A unique text, so parallel journeys never see each other's posts. */
const unique = (label: string) => `${label} ${uniqueName("txt")}`;

test.describe("home feed", () => {
  test("shows the living feed with topics and stats, and is accessible", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
    await expect(page.getByTestId("post-card").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Popular Topics" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Community Stats" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Post", exact: true })).toBeDisabled();
    await expectAccessible(page);
    await context.close();
  });

  test("post, like, comment, edit and delete", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/");
    const text = unique("My first journey post about #Coding with Claude");
    const composer = page.getByLabel("Share your AI experience");
    await composer.fill(text);
    await expect(page.getByRole("list", { name: "Tags" })).toContainText("#Coding");
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(composer).toHaveValue("");

    const card = page.getByTestId("post-card").filter({ hasText: text });
    await expect(card).toBeVisible();
    await expect(card.getByText("Just now")).toBeVisible();

    // Like: the liked state comes from the server.
    await card.getByRole("button", { name: /^Like post/ }).click();
    await expect(card.getByRole("button", { name: "Like post, 1 like" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // Comment thread.
    await card.getByRole("button", { name: /^Comments/ }).click();
    await expect(card.getByText("No comments yet")).toBeVisible();
    const comment = unique("Replying to myself");
    await card.getByLabel("Write a comment").fill(comment);
    await card.getByRole("button", { name: "Comment", exact: true }).click();
    await expect(card.getByText(comment)).toBeVisible();
    await expect(card.getByRole("button", { name: "Comments, 1" })).toBeVisible();
    // Deleting it: the button goes with the comment, the focus stays in the comments.
    await card.getByRole("button", { name: "Delete comment" }).click();
    await expect(card.getByText(comment)).toHaveCount(0);
    await expect(card.getByRole("region", { name: "Comments" })).toBeFocused();

    // Edit: empty content is refused, then a real edit closes the dialog.
    await card.getByRole("button", { name: "Edit post" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit post" });
    // The form loads with the dialog: the text to edit takes the focus, holding the post as it is.
    await expect(dialog.getByLabel("Post content")).toBeFocused();
    await expect(dialog.getByLabel("Post content")).toHaveValue(text);
    await dialog.getByLabel("Post content").fill("   ");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog.getByText("Post content cannot be empty")).toBeVisible();
    const edited = unique("Edited journey post");
    await dialog.getByLabel("Post content").fill(edited);
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog).toBeHidden();
    const editedCard = page.getByTestId("post-card").filter({ hasText: edited });
    await expect(editedCard).toBeVisible();
    // Closed, a dialog gives the focus back to the button that opened it, not to the page's body.
    await expect(editedCard.getByRole("button", { name: "Edit post" })).toBeFocused();

    // Delete after confirmation; Escape first keeps the post and the focus on its button.
    await editedCard.getByRole("button", { name: "Delete post" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this post?" });
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(editedCard.getByRole("button", { name: "Delete post" })).toBeFocused();
    await editedCard.getByRole("button", { name: "Delete post" }).click();
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(editedCard).toHaveCount(0);
    await context.close();
  });

  test("a comment is edited in place and answered; visitors see the replies (issue 25 item 16)", async ({
    browser,
    playwright,
  }) => {
    // Another member posts and comments; the signed-in member answers and edits their reply.
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const other = await registerMember(api);
    const post = await (
      await api.post("/api/posts", { data: { content: unique("Which model writes tests?") } })
    ).json();
    const first = unique("Claude writes the best tests");
    await api.post(`/api/posts/${post.id}/comments`, { data: { content: first } });
    await api.dispose();

    const { page, context, member } = await signedInPage(browser);
    await page.goto(`/post/${post.id}`);
    const thread = page.getByRole("region", { name: "Comments" });
    await expect(thread.getByText(first)).toBeVisible();

    // Reply: the box opens under the comment, focused; Escape closes it and focus goes back.
    const replyButton = thread.getByRole("button", { name: `Reply to ${other.username}` });
    await replyButton.click();
    const replyBox = thread.getByRole("textbox", { name: `Reply to ${other.username}` });
    await expect(replyBox).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(replyBox).toHaveCount(0);
    await expect(replyButton).toBeFocused();
    await page.keyboard.press("Enter");
    const reply = unique("Agreed, and it explains them");
    await replyBox.fill(reply);
    await thread.getByRole("button", { name: "Reply", exact: true }).click();
    const replies = thread.getByRole("list", { name: `Replies to ${other.username}` });
    await expect(replies.getByText(reply)).toBeVisible();
    await expect(replyButton).toBeFocused();

    // Edit in place: Escape cancels, Save keeps the new text with "(edited)"; focus returns to Edit.
    const edit = replies.getByRole("button", { name: "Edit comment" });
    await edit.click();
    const editor = replies.getByRole("textbox", { name: "Edit your comment" });
    await expect(editor).toBeFocused();
    await expect(editor).toHaveValue(reply);
    await editor.fill("changed my mind");
    await page.keyboard.press("Escape");
    await expect(editor).toHaveCount(0);
    await expect(replies.getByText(reply)).toBeVisible();
    await expect(edit).toBeFocused();
    await edit.click();
    const edited = unique("Agreed, it also explains them well");
    await editor.fill(edited);
    await replies.getByRole("button", { name: "Save" }).click();
    await expect(replies.getByText(edited)).toBeVisible();
    await expect(replies.getByText(/\(edited/)).toBeVisible();
    await expect(edit).toBeFocused();

    await acrossSizesAndThemes(page, async () => {
      await expect(replies.getByText(edited)).toBeVisible();
      await replyButton.click();
      await replies.getByRole("button", { name: "Edit comment" }).click();
    });

    // A visitor reads the thread with the reply under its comment, and no controls.
    const visitor = await browser.newContext();
    const vpage = await visitor.newPage();
    await vpage.goto(`/post/${post.id}`);
    const vreplies = vpage.getByRole("list", { name: `Replies to ${other.username}` });
    await expect(vreplies.getByText(edited)).toBeVisible();
    await expect(vreplies).toContainText(member.username);
    await expect(vpage.getByRole("button", { name: /^Reply to/ })).toHaveCount(0);
    await visitor.close();
    await context.close();
  });

  test("Load More Posts loads the next page", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/");
    const cards = page.getByTestId("post-card");
    await expect(cards).toHaveCount(20);
    // Each card's post, by its link (its text may still change: Markdown is drawn once its chunk is in).
    const postsShown = () =>
      cards.evaluateAll((els) =>
        els.map((el) => el.querySelector('a[href^="/post/"]')?.getAttribute("href")),
      );
    const firstPage = await postsShown();
    expect(firstPage.every(Boolean)).toBe(true);
    await page.getByRole("button", { name: "Load More Posts" }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(20);
    const all = await postsShown();
    expect(all.slice(0, 20)).toEqual(firstPage);
    expect(new Set(all).size).toBe(all.length);
    await context.close();
  });

  test("uploads an image with a post", async ({ browser }) => {
    const { page, context, member } = await signedInPage(browser);
    await page.goto("/");
    const png = await sharp({
      create: { width: 320, height: 200, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    await page
      .getByTestId("image-input")
      .setInputFiles({ name: "diagram.png", mimeType: "image/png", buffer: png });
    await expect(page.getByRole("img", { name: "Preview of your attachment" })).toBeVisible();
    const text = unique("What the model sketched for me");
    await page.getByLabel("Share your AI experience").fill(text);
    await page.getByRole("button", { name: "Post", exact: true }).click();
    const card = page.getByTestId("post-card").filter({ hasText: text });
    const img = card.getByRole("img", { name: `Attachment shared by ${member.username}` });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(320);

    // A file that is not an image is refused.
    await page
      .getByTestId("image-input")
      .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just text") });
    await expect(page.getByText("Image upload failed", { exact: true })).toBeVisible();
    await context.close();
  });

  test("rates an AI model", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/");
    await page.getByRole("button", { name: "Rate AI Model" }).click();
    const dialog = page.getByRole("dialog", { name: "Rate AI Model" });
    await dialog.getByRole("button", { name: "Submit Rating" }).click();
    await expect(dialog.getByText("Please choose a model")).toBeVisible();
    await expect(dialog.getByText("Please select a rating")).toBeVisible();
    await expect(dialog.getByText("Please write a short review")).toBeVisible();
    await expect(dialog.getByLabel("AI Model").locator("option")).toHaveCount(7);
    // Each error clears as soon as its field is corrected, before the next submit.
    await dialog.getByLabel("AI Model").selectOption("Claude");
    await expect(dialog.getByText("Please choose a model")).toHaveCount(0);
    await expect(dialog.getByLabel("AI Model")).not.toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByText("Please select a rating")).toBeVisible();
    await dialog.locator("label").filter({ hasText: "4 stars" }).click();
    await expect(dialog.getByRole("radio", { name: "4 stars" })).toBeChecked();
    await expect(dialog.getByText("Please select a rating")).toHaveCount(0);
    await expect(dialog.getByText("Please write a short review")).toBeVisible();
    const review = unique("Solid at long documents, a bit verbose");
    await dialog.getByLabel("Review").fill(review);
    await expect(dialog.getByText("Please write a short review")).toHaveCount(0);
    await expectAccessible(page, { anyImpact: true });
    await dialog.getByRole("button", { name: "Submit Rating" }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByTestId("post-card").filter({ hasText: review });
    await expect(card.getByText("Claude", { exact: true })).toBeVisible();
    await expect(card.getByRole("img", { name: "Rated 4 out of 5 stars" })).toBeVisible();
    await context.close();
  });

  test("shows the three moderation banners", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/");
    const composer = page.getByLabel("Share your AI experience");
    const send = page.getByRole("button", { name: "Post", exact: true });
    const banner = page.getByTestId("moderation-banner");

    await composer.fill("abc");
    await send.click();
    await expect(banner).toContainText("Content Warning");
    await expect(banner).toContainText("too short");
    await composer.fill("abcd and more"); // the banner clears when the text changes
    await expect(banner).toBeHidden();

    await composer.fill("This model is total shit");
    await send.click();
    await expect(banner).toContainText("Content Not Allowed");
    await expect(banner).toContainText("prohibited");

    // The Free plan allows 5 posts per day; the sixth is rate limited.
    for (let i = 0; i < 5; i++) {
      const res = await context.request.post("/api/posts", {
        data: { content: unique(`Warm-up post ${i}`) },
      });
      expect(res.status()).toBe(201);
    }
    await composer.fill(unique("One post too many"));
    await send.click();
    await expect(banner).toContainText("Slow down there!");
    await expect(banner).toContainText("rate limit");
    await expect(banner).toContainText("Free plan");
    await context.close();
  });

  test("an anonymous post is anonymous to another member", async ({ browser }) => {
    const author = await signedInPage(browser);
    await author.page.goto("/");
    await author.page.getByRole("button", { name: "Stealth mode" }).first().click();
    await expect(author.page.getByText("Posting anonymously")).toBeVisible();
    const text = unique("A confession I would rather not sign");
    await author.page.getByLabel("Share your AI experience").fill(text);
    await author.page.getByRole("button", { name: "Post", exact: true }).click();
    const own = author.page.getByTestId("post-card").filter({ hasText: text });
    await expect(own.getByText("Posted anonymously")).toBeVisible();
    await expect(own.getByRole("button", { name: "Edit post" })).toBeVisible();

    const reader = await signedInPage(browser);
    await reader.page.goto("/");
    const seen = reader.page.getByTestId("post-card").filter({ hasText: text });
    await expect(seen).toBeVisible();
    await expect(seen.getByText("Anonymous", { exact: true })).toBeVisible();
    await expect(seen).not.toContainText(author.member.username);
    await expect(seen.getByRole("button", { name: "Edit post" })).toHaveCount(0);
    await author.context.close();
    await reader.context.close();
  });

  test("search, topic filter and empty results", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    const word = uniqueName("needle").replace(/_/g, "");
    const res = await context.request.post("/api/posts", {
      data: { content: `Looking for the ${word} in the haystack` },
    });
    expect(res.status()).toBe(201);
    await page.goto(`/?search=${word}`);
    await expect(page.getByRole("heading", { name: `Results for "${word}"` })).toBeVisible();
    await expect(page.getByTestId("post-card")).toHaveCount(1);
    await page.getByLabel("Search posts in the feed").fill("zzqqxxnothingmatches");
    await expect(page.getByText("No posts found")).toBeVisible();
    await page.getByRole("button", { name: "Clear search" }).click();

    await page.getByRole("button", { name: "Coding", exact: true }).click();
    // (The tag's feed also offers "Mute #Coding": the topic button is the one named exactly.)
    await expect(page.getByRole("button", { name: "Coding", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByRole("heading", { name: "Posts tagged #Coding" })).toBeVisible();
    await expect(page.getByTestId("post-card").first()).toContainText("#Coding");
    await context.close();
  });

  test("a shared post link opens read-only for signed-out readers", async ({ browser, playwright }) => {
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await registerMember(api);
    const text = unique("Worth sharing outside the community");
    const res = await api.post("/api/posts", { data: { content: text } });
    const post = await res.json();
    await api.post(`/api/posts/${post.id}/comments`, {
      data: { content: "A first comment on the shared post" },
    });
    await api.dispose();

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/post/${post.id}`);
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByText("A first comment on the shared post")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Like post/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();

    // The landing page previews the most recent posts.
    await page.goto("/");
    await expect(page.getByRole("list", { name: "Recent posts" }).getByRole("listitem")).toHaveCount(3);
    await context.close();
  });
});
