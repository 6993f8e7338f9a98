import type { Page } from "@playwright/test";
import { acrossSizesAndThemes } from "./a11y-matrix";
import { dismissOverlays, expect, signedInPage, test, uniqueName } from "./fixtures";

/** The "N counted votes" figure of a leaderboard view. */
async function countedVotes(page: Page, url: string): Promise<number> {
  await page.goto(url);
  const text = (await page.getByTestId("arena-computed").textContent()) ?? "";
  const m = /(\d+) counted vote/.exec(text);
  return m ? Number(m[1]) : 0;
}

test.describe("the Arena", () => {
  test("a visitor reads the boards and the method, server-rendered and accessible", async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    await dismissOverlays(page);
    await page.goto("/arena/leaderboard");
    await expect(page.getByRole("heading", { level: 1, name: "Arena Leaderboard" })).toBeVisible();
    await expect(page.getByTestId("arena-board").getByRole("row")).not.toHaveCount(1);
    await acrossSizesAndThemes(page, async () => {
      await expect(page.getByTestId("arena-board")).toBeVisible();
    });

    // Every view has its address; the generation view adds the agreement table.
    await page.getByRole("link", { name: "By generation" }).click();
    await expect(page).toHaveURL(/view=generation&g=genz/);
    await page.getByRole("link", { name: "Boomer" }).click();
    await expect(page).toHaveURL(/view=generation&g=boomer/);
    await expect(page.getByRole("heading", { level: 1, name: "Arena Leaderboard: Boomer" })).toBeVisible();
    await expect(page.getByTestId("arena-agreement")).toContainText("Gen Z and Boomer");
    await page.getByText("Show the win rates as a table").click();
    await expect(page.getByTestId("arena-matrix-table")).toBeVisible();
    await acrossSizesAndThemes(page, async () => {
      await expect(page.getByTestId("arena-agreement")).toBeVisible();
      await page.getByText("Show the win rates as a table").click();
    });

    // Server-rendered: the board is in the HTML itself.
    const html = await (await context.request.get("/arena/leaderboard?view=generation&g=genx")).text();
    expect(html).toContain("Arena Leaderboard: Gen X");
    expect(html).toContain("How much do generations agree?");

    await page.goto("/arena/about");
    await expect(page.getByRole("heading", { level: 1, name: "How the Arena Works" })).toBeVisible();
    await acrossSizesAndThemes(page, async () => {
      await expect(page.getByRole("heading", { name: "Integrity rules" })).toBeVisible();
    });

    await page.goto("/arena");
    await expect(page.getByText("Voting needs an account")).toBeVisible();
    await acrossSizesAndThemes(page, async () => {
      await expect(page.getByRole("link", { name: "Sign in to vote" })).toBeVisible();
    });
    await context.close();
  });

  test("submit a battle, vote as three members of different generations, see the boards change", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const prompt = `Explain what an API is to my grandmother ${uniqueName("arena")}`;

    // The submitter.
    const submitter = await signedInPage(browser);
    const page = submitter.page;
    await page.goto("/arena/submit");
    await expect(page.getByRole("heading", { level: 1, name: "Submit a Battle" })).toBeVisible();
    await acrossSizesAndThemes(page, async () => {
      await expect(page.getByLabel("The prompt you ran")).toBeVisible();
    });
    await page.getByRole("button", { name: "Submit battle" }).click();
    await expect(page.getByText("Please enter the prompt you ran")).toBeVisible();
    await page.getByLabel("The prompt you ran").fill(prompt);
    await page.getByRole("checkbox", { name: "education" }).check();
    await page.locator("#battle-a-model").selectOption({ label: "GPT-4o" });
    await page
      .locator("#battle-a-response")
      .fill("An API is like a waiter: you ask, it brings what the kitchen made.");
    await page.locator("#battle-b-model").selectOption({ label: "Claude 3.5 Sonnet" });
    await page
      .locator("#battle-b-response")
      .fill("An API is a set of rules that lets two programs talk, like a phone line between them.");
    await page.getByRole("button", { name: "Submit battle" }).click();
    await expect(page.getByText("Battle submitted", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your battles" })).toBeVisible();
    await expect(page.getByText("GPT-4o vs Claude 3.5 Sonnet").first()).toBeVisible();

    // Never served one's own battle.
    await page.goto("/arena");
    await expect(page.getByTestId("arena-battle")).toBeVisible();
    await expect(page.getByTestId("arena-battle")).not.toContainText(prompt);

    const genzBefore = await countedVotes(page, "/arena/leaderboard?view=generation&g=genz");
    const overallBefore = await countedVotes(page, "/arena/leaderboard");

    // Three voters of three generations: the new battle (fewest votes) comes first, models hidden.
    const choices = [
      { generation: "genz", key: "1" },
      { generation: "genx", key: "2" },
      { generation: "boomer", key: "3" },
    ];
    for (const [i, c] of choices.entries()) {
      const voter = await signedInPage(browser, { generation: c.generation });
      await voter.page.goto("/arena");
      const battle = voter.page.getByTestId("arena-battle");
      await expect(battle).toContainText(prompt);
      await expect(battle).not.toContainText("GPT-4o");
      await expect(battle).not.toContainText("Claude 3.5 Sonnet");
      if (i === 0) {
        await acrossSizesAndThemes(voter.page, async () => {
          await expect(voter.page.getByTestId("arena-battle")).toContainText(prompt);
        });
        // Reporting says what it reports, in words beside its flag.
        await expect(voter.page.getByRole("button", { name: "Report this battle" })).toBeVisible();
      }
      await voter.page.keyboard.press(c.key);
      const reveal = voter.page.getByTestId("arena-reveal");
      await expect(reveal).toBeVisible();
      await expect(reveal).toContainText("GPT-4o");
      await expect(reveal).toContainText("Claude 3.5 Sonnet");
      await expect(reveal).toContainText(`${i + 1} ${i === 0 ? "vote" : "votes"}`);
      // Focus moves to "Next battle", never lost.
      await expect(voter.page.getByRole("button", { name: "Next battle" })).toBeFocused();
      if (i === 0) await expect(voter.page.getByTestId("arena-reveal")).toBeVisible();
      await voter.context.close();
    }

    // The boards change at the next recompute.
    await expect
      .poll(() => countedVotes(page, "/arena/leaderboard?view=generation&g=genz"), { timeout: 60_000 })
      .toBeGreaterThan(genzBefore);
    // The genz board may have moved at a recompute between the first vote and the others: wait for all three.
    await expect
      .poll(() => countedVotes(page, "/arena/leaderboard"), { timeout: 60_000 })
      .toBeGreaterThanOrEqual(overallBefore + 3);

    // A battle with votes can no longer be deleted by its submitter.
    await page.goto("/arena/submit");
    const mine = page.getByRole("listitem").filter({ hasText: "GPT-4o vs Claude 3.5 Sonnet" });
    await expect(mine).toContainText("3 votes");
    await expect(mine.getByRole("button", { name: /Delete/ })).toHaveCount(0);
    await submitter.context.close();
  });
});
