import { acrossSizesAndThemes } from "./a11y-matrix";
import { dismissOverlays, expect, signedInPage, test } from "./fixtures";

interface BoardRow {
  model: { id: number; name: string; slug: string };
  rank: number;
}

/** Issue 22 item 5 (decision 0102): the Arena on model pages, the comparison and the directory. */
test.describe("the Arena everywhere", () => {
  test("a model's arena card, the comparison's head-to-head and the arena sort, accessible", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    await dismissOverlays(page);
    const board = (await (await context.request.get("/api/arena/board")).json()) as { rows: BoardRow[] };
    expect(board.rows.length).toBeGreaterThan(1);
    const [top, second] = board.rows as [BoardRow, BoardRow];

    // The model page: its arena card, server-rendered, with the link to the leaderboard.
    const html = await (await context.request.get(`/ai-models/${top.model.slug}`)).text();
    expect(html).toContain("Arena rating");
    expect(html).toContain(`rank ${top.rank} of ${board.rows.length}`);
    await page.goto(`/ai-models/${top.model.slug}`);
    const card = page.getByRole("region", { name: "Arena rating" });
    await expect(card).toContainText("Overall:");
    await expect(card).toContainText("95% interval");
    await expect(card.getByRole("list", { name: "Arena rating by voter generation" })).toContainText("Gen Z");
    await acrossSizesAndThemes(page, async () => {
      await expect(page.getByRole("region", { name: "Arena rating" })).toContainText("Overall:");
    });
    await card.getByRole("link", { name: "See the Arena leaderboard" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Arena Leaderboard" })).toBeVisible();

    // A model no battle names says so.
    const models = (await (
      await context.request.get("/api/ai-models?sort=arena&limit=100")
    ).json()) as Array<{
      slug: string;
    }>;
    const last = models[models.length - 1]!;
    const standing = await (await context.request.get(`/api/arena/standing/${last.slug}`)).json();
    if (standing.overall === null) {
      await page.goto(`/ai-models/${last.slug}`);
      await expect(page.getByRole("region", { name: "Arena rating" })).toContainText("Not yet in the Arena");
    }

    await context.close();

    // The comparison (members' page): the two top models' head-to-head record.
    const member = await signedInPage(browser);
    await member.page.goto(`/ai-models/compare?models=${top.model.id},${second.model.id}`);
    const h2h = member.page.getByRole("region", { name: "Arena Head-to-Head" });
    await expect(h2h).toContainText(`${top.model.name} vs ${second.model.name}`);
    await acrossSizesAndThemes(member.page, async () => {
      await expect(member.page.getByRole("region", { name: "Arena Head-to-Head" })).toBeVisible();
    });
    await member.context.close();

    // The directory sorts by arena rating: the board's leader comes first.
    const visitor = await browser.newContext();
    const directory = await visitor.newPage();
    await dismissOverlays(directory);
    await directory.goto("/ai-models");
    await directory.getByLabel("Sort by").selectOption("arena");
    await expect(directory).toHaveURL(/sort=arena/);
    await expect(directory.getByRole("link", { name: top.model.name, exact: true }).first()).toBeVisible();
    const first = (await (await visitor.request.get("/api/ai-models?sort=arena&limit=1")).json()) as Array<{
      id: number;
    }>;
    expect(first[0]!.id).toBe(top.model.id);
    await visitor.close();
  });
});
