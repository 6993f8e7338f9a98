import sharp from "sharp";
import { acrossSizesAndThemes } from "./a11y-matrix";
import { expect, signedInPage, test, uniqueName } from "./fixtures";

const ALT = "A hand-drawn lighthouse on a cliff at dusk";

test.describe("the Arena: images and trending battles", () => {
  test("a battle with an image: described in the blind vote and the reveal, then trending with a link to vote", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const prompt = `Draw a lighthouse at dusk ${uniqueName("arena")}`;

    const submitter = await signedInPage(browser);
    const page = submitter.page;
    await page.goto("/arena/submit");
    await expect(page.getByRole("heading", { level: 1, name: "Submit a Battle" })).toBeVisible();
    const png = await sharp({
      create: { width: 320, height: 200, channels: 3, background: { r: 240, g: 150, b: 60 } },
    })
      .png()
      .toBuffer();
    const attach = async () => {
      await page
        .getByTestId("battle-a-image-input")
        .setInputFiles({ name: "lighthouse.png", mimeType: "image/png", buffer: png });
      await expect(
        page.getByRole("img", { name: "Preview of what you attached to the first response" }),
      ).toBeVisible();
      await expect(page.getByLabel("Image description")).toBeVisible();
    };
    // The form with an image attached, axe-clean (each reload attaches it again).
    await acrossSizesAndThemes(page, attach);
    await page.getByLabel("The prompt you ran").fill(prompt);
    await page.locator("#battle-a-model").selectOption({ label: "GPT-4o" });
    await page.locator("#battle-a-response").fill("Here is the lighthouse you asked for.");
    await page.locator("#battle-b-model").selectOption({ label: "Claude 3.5 Sonnet" });
    await page.locator("#battle-b-response").fill("A lighthouse, described in words: tall, white, lit.");
    // An image needs its description.
    await page.getByRole("button", { name: "Submit battle" }).click();
    await expect(page.getByText("Describe the image for members who cannot see it")).toBeVisible();
    await page.getByLabel("Image description").fill(ALT);
    await page.getByRole("button", { name: "Submit battle" }).click();
    await expect(page.getByText("Battle submitted", { exact: true })).toBeVisible();
    const mine = (await (await submitter.context.request.get("/api/arena/battles/mine")).json()) as Array<{
      id: number;
      prompt: string;
    }>;
    const id = mine.find((b) => b.prompt === prompt)!.id;

    // A voter opens it: the image is shown with its description, models hidden.
    const voter = await signedInPage(browser);
    await voter.page.goto(`/arena?battle=${id}`);
    const battle = voter.page.getByTestId("arena-battle");
    await expect(battle).toContainText(prompt);
    await expect(battle.getByRole("img", { name: ALT })).toBeVisible();
    await expect(battle).not.toContainText("GPT-4o");
    await acrossSizesAndThemes(voter.page, async () => {
      await expect(voter.page.getByTestId("arena-battle").getByRole("img", { name: ALT })).toBeVisible();
    });
    await voter.page.getByRole("button", { name: "Tie" }).click();
    const reveal = voter.page.getByTestId("arena-reveal");
    await expect(reveal).toContainText("GPT-4o");
    await expect(reveal.getByRole("img", { name: ALT })).toBeVisible();
    await expect(voter.page.getByRole("button", { name: "Next battle" })).toBeFocused();

    // Trending: the battle's votes in the last hour, and a link to vote on it.
    const reader = await signedInPage(browser);
    await reader.page.goto("/trending?tab=battles&timeframe=1h");
    await expect(reader.page.getByRole("tab", { name: "Arena Battles" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const card = reader.page.getByTestId("trending-battle").filter({ hasText: prompt });
    await expect(card).toBeVisible();
    await expect(card).toContainText("1 vote in this timeframe");
    await expect(card).not.toContainText("GPT-4o");
    await acrossSizesAndThemes(reader.page, async () => {
      await expect(reader.page.getByTestId("trending-battle").first()).toBeVisible();
    });
    await card.getByRole("link", { name: /Vote on this battle/ }).click();
    await expect(reader.page).toHaveURL(new RegExp(`/arena\\?battle=${id}`));
    await expect(reader.page.getByTestId("arena-battle")).toContainText(prompt);
    await reader.page.keyboard.press("1");
    await expect(reader.page.getByTestId("arena-reveal")).toBeVisible();
    // A third vote: the battle is no longer among the least-voted ones served first to the
    // next journeys on the same server (e2e/arena.spec.ts expects its new battle first).
    const third = await signedInPage(browser);
    await third.page.goto(`/arena?battle=${id}`);
    await expect(third.page.getByTestId("arena-battle")).toContainText(prompt);
    await third.page.keyboard.press("2");
    await expect(third.page.getByTestId("arena-reveal")).toBeVisible();
    await third.context.close();

    await reader.context.close();
    await voter.context.close();
    await submitter.context.close();
  });
});
