import type { Page } from "@playwright/test";
import { expect, expectAccessible, registerMember, signedInPage, test, uniqueName } from "./fixtures";

/**
 * Issue 25 item 9: a button whose request is running stays focusable (Button `pending`:
 * aria-disabled, not disabled), so keyboard focus stays on the pressed button instead of
 * dropping to <body>; the mobile menu gives focus back to its button when it closes.
 */

/** Holds the matching calls for 400 ms, so the button's pending state is there to see. */
async function slowDown(page: Page, pattern: string) {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
}

const activeIsBody = (page: Page) => page.evaluate(() => document.activeElement === document.body);

test.describe("focus stays on the pressed button", () => {
  test("Like on a post", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await slowDown(page, "**/api/posts/*/like");
    await page.goto("/");
    const card = page.getByTestId("post-card").first();
    const like = card.getByRole("button", { name: /^Like post/ });
    await like.focus();
    const liked = page.waitForResponse((r) => r.url().includes("/like") && r.request().method() !== "GET");
    await page.keyboard.press("Enter");
    await expect(like).toHaveAttribute("aria-busy", "true");
    await liked;
    await expect(like).not.toHaveAttribute("aria-busy", "true");
    await expect(like).toBeFocused();
    expect(await activeIsBody(page)).toBe(false);
    await context.close();
  });

  test("Post in the composer", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await slowDown(page, "**/api/posts");
    await page.goto("/");
    await page.getByLabel("Share your AI experience").fill(`Focus stays put ${uniqueName("txt")}`);
    const post = page.getByRole("button", { name: "Post", exact: true });
    await post.focus();
    const created = page.waitForResponse(
      (r) => r.url().endsWith("/api/posts") && r.request().method() === "POST",
    );
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Posting..." })).toBeFocused();
    expect((await created).status()).toBe(201);
    await expect(page.getByLabel("Share your AI experience")).toHaveValue("");
    // Empty again, so inactive, but still focused.
    await expect(post).toHaveAttribute("aria-disabled", "true");
    await expect(post).toBeFocused();
    await context.close();
  });

  test("Follow on a profile", async ({ browser, playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const author = await registerMember(request);
    await request.dispose();
    const { page, context } = await signedInPage(browser);
    await slowDown(page, `**/api/users/${author.id}/follow`);
    await page.goto(`/profile/${author.id}`);
    const follow = page.getByRole("button", { name: "Follow", exact: true });
    // Inactive until the member's follow status has loaded (a press before then does nothing:
    // seen once on a busy CI machine).
    await expect(follow).not.toHaveAttribute("aria-disabled", "true");
    await follow.focus();
    await page.keyboard.press("Enter");
    const unfollow = page.getByRole("button", { name: "Unfollow", exact: true });
    await expect(unfollow).toBeVisible();
    await expect(unfollow).toBeFocused();
    await context.close();
  });

  test("Like on a model", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await slowDown(page, "**/api/ai-models/*/like");
    await page.goto("/ai-models/gpt-4o");
    const like = page.getByRole("button", { name: /^Like \(/ });
    await like.focus();
    await page.keyboard.press("Enter");
    const liked = page.getByRole("button", { name: /^Liked \(/ });
    await expect(liked).toHaveAttribute("aria-pressed", "true");
    await expect(liked).not.toHaveAttribute("aria-busy", "true");
    await expect(liked).toBeFocused();
    await context.close();
  });
});

test("closing the mobile menu gives focus back to the menu button", async ({ browser }) => {
  const { page, context } = await signedInPage(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/profile");
  const menuButton = page.getByRole("button", { name: "Open menu" });
  await menuButton.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  await menu.getByRole("button", { name: "Close menu" }).click();
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await context.close();
});

test.describe("no axe violation of any impact on the changed screens", () => {
  for (const path of ["/", "/ai-models/gpt-4o", "/subscription"]) {
    test(`member's ${path} at 390 and 1,280 px, both themes`, async ({ browser }) => {
      const { page, context } = await signedInPage(browser);
      test.info().setTimeout(test.info().timeout + 45_000);
      await page.goto(path);
      for (const theme of ["dark", "light"]) {
        await page.evaluate((t) => localStorage.setItem("theme", t), theme);
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 844 });
          // Reloaded into each theme at the phone's width; the window then widens, state kept.
          if (width === 390) await page.reload();
          await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
          await expect(page.getByText("Loading...")).toHaveCount(0);
          await expectAccessible(page, {
            anyImpact: true,
            // The comparison table's keyboard scrolling is issue 25 item 10, fixed on its own branch.
            disableRules: path === "/subscription" ? ["scrollable-region-focusable"] : [],
          });
        }
      }
      await context.close();
    });
  }
});
