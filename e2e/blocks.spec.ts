import { acrossSizesAndThemes, expectNoViolations } from "./a11y-matrix";
import { expect, signedInPage, test, uniqueName } from "./fixtures";

/**
 * Block and mute (issue 21 item 2): a member blocks another from their profile, the other's
 * posts leave the feed, and the block is undone from the settings page; a thread is muted from
 * its page and leaves the forum's list. Menus, dialog and settings are axe-clean at 390 and
 * 1,280 px in both themes.
 */
test.describe("block and mute", () => {
  // Each screen is checked by axe four times (two widths, two themes): more than the default minute.
  test.describe.configure({ timeout: 180_000 });

  test("blocks a member from their profile, their post disappears, undo from settings", async ({
    browser,
  }) => {
    const a = await signedInPage(browser);
    const b = await signedInPage(browser);
    const content = `Blockable post ${uniqueName("w")} about evaluation harnesses`;
    const created = await b.context.request.post("/api/posts", { data: { content } });
    expect(created.status(), await created.text()).toBe(201);
    const { page } = a;

    await page.goto("/");
    await expect(page.getByText(content)).toBeVisible();

    await page.goto(`/profile/${b.member.id}`);
    await expect(page.getByRole("heading", { level: 1, name: b.member.username })).toBeVisible();
    // The profile header's menu: their one post card has one too, and may be drawn first, so
    // both are awaited before the first one in the page's order is the header's.
    const menus = page.getByRole("button", { name: `More actions for ${b.member.username}` });
    const more = menus.first();
    const openMenu = async () => {
      await expect(menus).toHaveCount(2);
      await more.click();
      await expect(page.getByRole("menuitem", { name: `Block ${b.member.username}` })).toBeVisible();
    };
    await acrossSizesAndThemes(page, openMenu);
    // The confirmation dialog, keyboard only: Enter on the focused menu item.
    await page.getByRole("menuitem", { name: `Block ${b.member.username}` }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Block ${b.member.username}?` });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, "block dialog");
    await dialog.getByRole("button", { name: "Block", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Member blocked. You won't see each other's posts.").first()).toBeVisible();
    // Focus goes back to the menu's button.
    await expect(more).toBeFocused();

    // The member's post leaves the feed.
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Latest posts" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Posts" })).toBeVisible();
    await expect(page.getByText(content)).toHaveCount(0);

    // Settings: the block is listed and undone.
    await page.goto("/settings/blocked");
    const blocked = page.getByRole("list", { name: "Blocked members" });
    await expect(blocked.getByRole("link", { name: b.member.username })).toBeVisible();
    await acrossSizesAndThemes(page, async () => {
      await expect(page.getByRole("list", { name: "Blocked members" })).toBeVisible();
    });
    await page.getByRole("button", { name: `Unblock ${b.member.username}` }).click();
    await expect(page.getByText("You have not blocked anyone.", { exact: false })).toBeVisible();
    // The row went with its button: the focus goes to the page's main region, not its body.
    await expect(page.locator("#main-content")).toBeFocused();

    await page.goto("/");
    await expect(page.getByText(content)).toBeVisible();
    await a.context.close();
    await b.context.close();
  });

  test("mutes a thread from its page; it leaves the forum's list; a blocked member's reply is collapsed", async ({
    browser,
  }) => {
    const a = await signedInPage(browser);
    const b = await signedInPage(browser);
    const forum = await a.context.request.post("/api/forums", {
      data: {
        name: `Mute forum ${uniqueName("f")}`,
        description: "A forum for the mute journey.",
        aiModel: "claude",
      },
    });
    expect(forum.status(), await forum.text()).toBe(201);
    const forumId = (await forum.json()).id as number;
    const title = `Muted thread ${uniqueName("t")}`;
    const thread = await b.context.request.post(`/api/forums/${forumId}/threads`, {
      data: { title, content: "Thread body for the mute journey, long enough." },
    });
    expect(thread.status(), await thread.text()).toBe(201);
    const threadId = (await thread.json()).id as number;
    const reply = await b.context.request.post(`/api/threads/${threadId}/replies`, {
      data: { content: "A reply that the blocker will see collapsed." },
    });
    expect(reply.status(), await reply.text()).toBe(201);
    const { page } = a;

    await page.goto(`/forums/${forumId}/threads/${threadId}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const muteThread = page.getByRole("button", { name: "Mute thread" });
    await acrossSizesAndThemes(page, async () => {
      await expect(page.getByRole("button", { name: "Mute thread" })).toBeVisible();
    });
    await muteThread.click();
    await expect(page.getByRole("button", { name: "Unmute thread" })).toHaveAttribute("aria-pressed", "true");

    // Still reachable by its address, gone from the forum's list.
    await page.goto(`/forums/${forumId}`);
    await expect(page.getByRole("button", { name: "Mute forum" })).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);
    await page.goto("/settings/blocked");
    await expect(page.getByRole("list", { name: "Muted" }).getByRole("link", { name: title })).toBeVisible();

    // Blocking b collapses b's reply in the thread for a.
    const blocked = await a.context.request.put(`/api/users/${b.member.id}/block`);
    expect(blocked.status()).toBe(200);
    await page.goto(`/forums/${forumId}/threads/${threadId}`);
    await expect(page.getByText("Post from a blocked member")).toBeVisible();
    await expect(page.getByText("A reply that the blocker will see collapsed.")).toHaveCount(0);
    await expectNoViolations(page, "collapsed reply");
    await a.context.close();
    await b.context.close();
  });
});
