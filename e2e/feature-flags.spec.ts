import type { Locator, Page } from "@playwright/test";
import { acrossSizesAndThemes } from "./a11y-matrix";
import { expect, expectAccessible, signedInPage, test } from "./fixtures";

/**
 * Screens honour the spec's feature flags (SPEC §9, docs/decisions/0047): the flags call is
 * answered per test with `page.route`, so no test changes the flags every other test sees.
 */

const flag = (key: string) => ({
  key,
  name: key,
  description: "",
  enabled: true,
  rolloutPercentage: 100,
  environments: ["development", "staging", "production"],
});

/** Answers the flags call with whatever `set` chose last. */
async function flagsAnswer(page: Page): Promise<(answer: { status: number; json: unknown }) => void> {
  let current: { status: number; json: unknown } = { status: 200, json: [] };
  await page.route(
    (url) => url.pathname === "/api/feature-flags",
    (route) => route.fulfill({ status: current.status, json: current.json }),
  );
  return (answer) => {
    current = answer;
  };
}

/** axe, every impact, at a phone's and a desktop's width in both themes; nothing wider than the screen. */
const accessibleEverywhere = (page: Page, ready: Locator) =>
  acrossSizesAndThemes(page, () => expect(ready).toBeVisible());

const days = Array.from({ length: 7 }, (_, i) => `2030-06-${String(9 + i).padStart(2, "0")}`);
const proAnalytics = {
  level: "advanced",
  plan: "pro",
  range: "7d",
  from: "2030-06-09T00:00:00.000Z",
  to: "2030-06-15T12:00:00.000Z",
  totals: { views: 42, likes: 7, comments: 3, posts: 2 },
  previous: { views: 21, likes: 7, comments: 0, posts: 1 },
  series: days.map((date, i) => ({
    date,
    views: i,
    likes: 1,
    comments: 0,
    newFollowers: 1,
    followers: 3 + i,
  })),
  followers: { total: 9, gained: 7 },
  posts: [],
  audience: [
    { generation: "genz", label: "Gen Z", members: 3 },
    { generation: "millennial", label: "Millennial", members: 1 },
    { generation: "genx", label: "Gen X", members: 0 },
    { generation: "boomer", label: "Boomer", members: 2 },
  ],
};

test.describe("feature flags on screens", () => {
  test("Smart Recommendations gates explore's members to follow", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    const membersToFollow = page.getByRole("heading", { level: 2, name: "Members to follow" });

    const answerFlags = await flagsAnswer(page);
    // An admin turned the flag off: the server no longer lists it for this member.
    answerFlags({ status: 200, json: [flag("advanced_search"), flag("advanced_analytics")] });
    await page.goto("/explore");
    await expect(page.getByRole("heading", { level: 2, name: "Popular prompts" })).toBeVisible();
    await expect(membersToFollow).toHaveCount(0);
    await expect(page.getByTestId("suggested-member")).toHaveCount(0);
    await expectAccessible(page);
    await accessibleEverywhere(page, page.getByRole("heading", { level: 2, name: "Popular prompts" }));
    await expect(membersToFollow).toHaveCount(0);

    // Listed: shown.
    answerFlags({ status: 200, json: [flag("smart_recommendations")] });
    await page.reload();
    await expect(membersToFollow).toBeVisible();

    // No answer (the flags call fails): the spec's default, on for everyone, applies.
    answerFlags({ status: 500, json: { message: "boom" } });
    await page.reload();
    await expect(membersToFollow).toBeVisible();
    await context.close();
  });

  test("Advanced Analytics gates the analytics charts; the totals stay", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.route(
      (url) => url.pathname === "/api/analytics/me",
      (route) => route.fulfill({ json: proAnalytics }),
    );
    const answerFlags = await flagsAnswer(page);
    answerFlags({ status: 200, json: [flag("smart_recommendations")] });
    await page.goto("/analytics");
    await expect(page.getByTestId("analytics-stat").filter({ hasText: "Views" })).toContainText("42");
    await expect(page.getByRole("heading", { level: 2, name: /Over time/ })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: "Your audience" })).toHaveCount(0);
    await expectAccessible(page);
    await accessibleEverywhere(page, page.getByTestId("analytics-stat").first());
    await expect(page.getByRole("heading", { level: 2, name: /Over time/ })).toHaveCount(0);

    answerFlags({ status: 200, json: [flag("advanced_analytics")] });
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: /Over time/ })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Your audience" })).toBeVisible();
    await expect(page.getByText("Engagement per day")).toBeVisible();
    await context.close();
  });
});
