import type { Page, Request } from "@playwright/test";
import { expect, expectAccessible, registerMember, signedInPage, test, uniqueName } from "./fixtures";

/** A hashtag no other journey uses. */
const uniqueTag = () => `E2E${uniqueName("t").replace(/[^A-Za-z0-9]/g, "")}`;

const isUsageEvent = (r: Request) =>
  r.method() === "POST" && new URL(r.url()).pathname === "/api/analytics/events";

test.describe("trending", () => {
  test("timeframe buttons and the three tabs show live topics, hot posts and rising creators", async ({
    browser,
  }) => {
    const { page, context, member } = await signedInPage(browser);
    const tag = uniqueTag();
    const text = `Trying the new assistant today #${tag} ${uniqueName("hot")}`;
    const res = await context.request.post("/api/posts", { data: { content: text } });
    expect(res.status(), await res.text()).toBe(201);

    await page.goto("/trending");
    await expect(page.getByRole("heading", { level: 1, name: "Trending" })).toBeVisible();
    const timeframes = page.getByRole("group", { name: "Timeframe" });
    for (const tf of ["1h", "24h", "7d", "30d"]) {
      await expect(timeframes.getByRole("button", { name: tf, exact: true })).toBeVisible();
    }
    await expect(timeframes.getByRole("button", { name: "24h", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // Trending Topics (default tab): the new topic, new in this window.
    await expect(page.getByRole("tab", { name: "Trending Topics" })).toHaveAttribute("aria-selected", "true");
    const topic = page.getByTestId("trending-topic").filter({ hasText: `#${tag}` });
    await expect(topic).toBeVisible();
    await expect(topic.getByText("New")).toBeVisible();
    await expect(topic.getByText("1 post")).toBeVisible();

    // Another timeframe.
    await timeframes.getByRole("button", { name: "1h", exact: true }).click();
    await expect(timeframes.getByRole("button", { name: "1h", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(timeframes.getByRole("button", { name: "24h", exact: true })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await expect(page).toHaveURL(/timeframe=1h/);
    await expect(page.getByTestId("trending-topic").filter({ hasText: `#${tag}` })).toBeVisible();

    // Hot Posts.
    await page.getByRole("tab", { name: "Hot Posts" }).click();
    const hot = page.getByTestId("hot-post").filter({ hasText: text });
    await expect(hot).toBeVisible();
    await expect(hot.getByRole("link", { name: member.username, exact: true })).toBeVisible();
    await expect(hot.getByText("Just now")).toBeVisible();

    // Rising Creators: built for real (a list, or its empty state for a quiet hour).
    await page.getByRole("tab", { name: "Rising Creators" }).click();
    await timeframes.getByRole("button", { name: "30d", exact: true }).click();
    await expect(
      page.getByTestId("rising-creator").first().or(page.getByText("No rising creators yet")),
    ).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("tab", { name: "Trending Topics" }).click();
    await expect(page.getByTestId("trending-topic").first()).toBeVisible();
    await expectAccessible(page);
    await context.close();
  });
});

test.describe("generational insights", () => {
  test("hero, four generation cards, profiles with age ranges and the call to action", async ({
    browser,
  }) => {
    const { page, context } = await signedInPage(browser, { generation: "boomer" });
    await page.goto("/generational-insights");
    await expect(page.getByRole("heading", { level: 1, name: "Generational Insights" })).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Every generation talks to AI differently" }),
    ).toBeVisible();
    await expect(page.getByTestId("insights-total")).toContainText("members across four generations");

    const cards = page.getByTestId("generation-card");
    await expect(cards).toHaveCount(4);
    for (const [label, ages] of [
      ["Gen Z", "12-27"],
      ["Millennial", "28-43"],
      ["Gen X", "44-59"],
      ["Boomer", "60+"],
    ]) {
      const card = cards.filter({ has: page.getByRole("heading", { name: label, exact: true }) });
      await expect(card).toContainText(`Ages ${ages}`);
    }
    await expect(page.getByRole("heading", { level: 2, name: "Generation Profiles" })).toBeVisible();
    const profiles = page.getByTestId("generation-profile");
    await expect(profiles).toHaveCount(4);
    await expect(profiles.first().getByRole("heading", { name: "Characteristics" })).toBeVisible();
    await expect(profiles.first().getByRole("heading", { name: "Recent experiences" })).toBeVisible();
    // Demo members posted: at most two recent posts per generation.
    expect(await profiles.first().getByTestId("insight-post").count()).toBeLessThanOrEqual(2);

    await expect(page.getByRole("link", { name: "Share an experience" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Join the forums" })).toHaveAttribute("href", "/forums");
    await expectAccessible(page);
    await context.close();
  });
});

test.describe("explore and creators", () => {
  test("explore mixes models, forums, prompts and members to follow", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/explore");
    await expect(page.getByRole("heading", { level: 1, name: "Explore" })).toBeVisible();
    for (const name of ["Top models by category", "Active forums", "Popular prompts", "Members to follow"]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    await expect(page.getByTestId("suggested-member").first()).toBeVisible();
    await expectAccessible(page);
    await context.close();
  });

  test("creators are filtered by generation and can be followed", async ({ browser, playwright }) => {
    const other = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const star = await registerMember(other, { generation: "genx" });
    await other.dispose();

    const { page, context } = await signedInPage(browser);
    await page.goto("/creators");
    await expect(page.getByRole("heading", { level: 1, name: "Creators" })).toBeVisible();
    const filters = page.getByRole("group", { name: "Filter by generation" });
    await expect(filters.getByRole("button", { name: "All generations" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await filters.getByRole("button", { name: "Gen X", exact: true }).click();
    await expect(page).toHaveURL(/generation=genx/);
    await expect(filters.getByRole("button", { name: "Gen X", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    const card = page.getByTestId("creator").filter({ hasText: star.username });
    await expect(card).toBeVisible();
    for (const c of await page.getByTestId("creator").all()) await expect(c).toContainText("Gen X");
    await card.getByRole("button", { name: `Follow ${star.username}` }).click();
    const unfollow = page
      .getByTestId("creator")
      .filter({ hasText: star.username })
      .getByRole("button", { name: `Unfollow ${star.username}` });
    await expect(unfollow).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("creator").filter({ hasText: star.username })).toContainText("Followers1");
    await expectAccessible(page);
    await context.close();
  });
});

test.describe("analytics", () => {
  test("a Free member sees the upgrade prompt", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/analytics");
    await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
    const upgrade = page.getByTestId("analytics-upgrade");
    await expect(upgrade.getByRole("heading", { name: "Unlock your analytics" })).toBeVisible();
    await expect(upgrade.getByRole("link", { name: "View plans" })).toHaveAttribute("href", "/subscription");
    await expectAccessible(page);
    await context.close();
  });

  test("Pro figures render as charts, a per-post table and the audience (answer of a Pro plan)", async ({
    browser,
  }) => {
    const { page, context } = await signedInPage(browser);
    const days = Array.from({ length: 7 }, (_, i) => `2030-06-${String(9 + i).padStart(2, "0")}`);
    const pro = {
      level: "advanced",
      plan: "pro",
      range: "7d",
      from: "2030-06-09T00:00:00.000Z",
      to: "2030-06-15T12:00:00.000Z",
      totals: { views: 42, likes: 7, comments: 3, posts: 2 },
      previous: { views: 21, likes: 7, comments: 0, posts: 1 },
      series: days.map((date, i) => ({
        date,
        views: i * 2,
        likes: i % 3,
        comments: i % 2,
        newFollowers: 1,
        followers: 3 + i,
      })),
      followers: { total: 9, gained: 7 },
      posts: [
        {
          id: 1,
          excerpt: "My best post",
          createdAt: "2030-06-13T10:00:00.000Z",
          isAnonymous: false,
          views: 30,
          likes: 5,
          comments: 2,
          totalViews: 80,
          totalLikes: 9,
          totalComments: 4,
        },
      ],
      audience: [
        { generation: "genz", label: "Gen Z", members: 3 },
        { generation: "millennial", label: "Millennial", members: 1 },
        { generation: "genx", label: "Gen X", members: 0 },
        { generation: "boomer", label: "Boomer", members: 2 },
      ],
    };
    await page.route(
      (url) => url.pathname === "/api/analytics/me",
      (route) => route.fulfill({ json: pro }),
    );
    await page.goto("/analytics");
    await expect(page.getByRole("heading", { level: 2, name: "Last 7 days" })).toBeVisible();
    await expect(page.getByTestId("analytics-stat").filter({ hasText: "Views" })).toContainText("42");
    await expect(page.getByTestId("analytics-stat").filter({ hasText: "Views" })).toContainText(
      "+100% vs previous period",
    );
    await expect(page.getByText("Engagement per day")).toBeVisible();
    await expect(page.getByText("Follower growth")).toBeVisible();
    await expect(page.locator(".chart-surface").first()).toBeVisible();
    await expect(page.getByTestId("analytics-posts")).toContainText("My best post");
    await expect(
      page.getByRole("group", { name: "Period" }).getByRole("button", { name: "Last 30 days" }),
    ).toBeVisible();
    await expectAccessible(page);
    await context.close();
  });
});

test.describe("usage analytics consent", () => {
  async function visitorPage(browser: import("@playwright/test").Browser) {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Only the promo banner and install card are hidden: the cookie banner must show.
    await page.addInitScript(() => {
      window.localStorage.setItem("promo-banner-dismissed", "true");
      window.sessionStorage.setItem("pwa-prompt-dismissed", "true");
    });
    const events: Request[] = [];
    page.on("request", (r) => {
      if (isUsageEvent(r)) events.push(r);
    });
    return { context, page, events };
  }

  async function settle(page: Page) {
    await page.waitForLoadState("networkidle");
  }

  test("nothing is sent before Accept All; one page view right after it, and one per back navigation", async ({
    browser,
  }) => {
    const { context, page, events } = await visitorPage(browser);
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookie Preferences" });
    await expect(banner).toBeVisible();
    await settle(page);
    expect(events).toHaveLength(0);

    const first = page.waitForRequest(isUsageEvent);
    await banner.getByRole("button", { name: "Accept All" }).click();
    const sent = await first;
    expect(sent.postDataJSON()).toMatchObject({ type: "pageview", path: "/" });
    await settle(page);
    expect(events).toHaveLength(1);
    const response = await sent.response();
    expect(response?.status()).toBe(202);
    expect(await response?.headerValue("set-cookie")).toBeNull();

    // An in-app link is not a page load; going back is (SPEC §7).
    await page.getByRole("link", { name: "Contact" }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
    await settle(page);
    expect(events).toHaveLength(1);
    const back = page.waitForRequest(isUsageEvent);
    await page.goBack();
    expect((await back).postDataJSON()).toMatchObject({ type: "pageview", path: "/" });
    await context.close();
  });

  test("nothing is ever sent after Essential Only", async ({ browser }) => {
    const { context, page, events } = await visitorPage(browser);
    await page.goto("/");
    await page
      .getByRole("region", { name: "Cookie Preferences" })
      .getByRole("button", { name: "Essential Only" })
      .click();
    await page.reload();
    await page.getByRole("link", { name: "Contact" }).first().click();
    await page.goBack();
    await settle(page);
    expect(events).toHaveLength(0);
    await context.close();
  });
});
