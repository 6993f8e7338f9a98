import { acrossSizesAndThemes } from "./a11y-matrix";
import { expect, signedInPage, test, uniqueName } from "./fixtures";

/**
 * "Take your data with you" (issue 21 item 6): a member asks for their export from the settings,
 * the background job prepares it, a notification says it is ready, and the ZIP downloads. The
 * section is axe-clean at 390 and 1,280 px in both themes.
 */
test.describe("data export", () => {
  // axe four times, and a background job under a loaded machine: more than the default minute.
  test.describe.configure({ timeout: 180_000 });

  test("requests an export from the settings, is notified, and downloads the ZIP", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    const content = `Export me ${uniqueName("w")}: notes on retrieval`;
    const created = await context.request.post("/api/posts", { data: { content, isAnonymous: true } });
    expect(created.status(), await created.text()).toBe(201);

    // From the profile's Settings to the data page.
    await page.goto("/profile");
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    await page.getByRole("link", { name: "Export your data" }).click();
    await expect(page).toHaveURL(/\/settings\/data$/);
    const heading = page.getByRole("heading", { name: "Export your data" });
    await expect(heading).toBeVisible();
    await expect(page.getByText("You have not exported your data yet.")).toBeVisible();
    await acrossSizesAndThemes(page, async () => {
      await expect(page.getByRole("button", { name: "Request an export" })).toBeVisible();
    });

    await page.getByRole("button", { name: "Request an export" }).click();
    // On a quiet machine the job may be done before the page has shown it being prepared.
    await expect(
      page.getByText(/^Your export is being prepared\.|^Your export of .* is ready/),
    ).toBeVisible();
    // The button went away: the focus is on the section's heading, not the body.
    await expect(heading).toBeFocused();

    // The job runs in the background; the page follows it and the bell announces it.
    const download = page.getByRole("link", { name: "Download your data" });
    await expect(download).toBeVisible({ timeout: 60_000 });
    // (At least one unread: a journey running beside this one may like or answer the newest post
    // of the feed, which is this member's.)
    const bell = page.getByRole("button", { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible({ timeout: 30_000 });
    await bell.click();
    const popover = page.getByRole("dialog", { name: "Notifications" });
    await expect(popover.getByText("Your data export is ready to download")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popover).toBeHidden();

    // A second request the same day is not offered; the ready state is axe-clean too.
    await expect(page.getByText(/You can request your next export from/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Request an export" })).toHaveCount(0);
    await acrossSizesAndThemes(page, async () => {
      await expect(page.getByRole("link", { name: "Download your data" })).toBeVisible();
    });

    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^ai-agora-data-\d{4}-\d\d-\d\d\.zip$/);
    const path = await file.path();
    const fs = await import("node:fs");
    const bytes = fs.readFileSync(path);
    // A ZIP starts with the local file header's signature.
    expect(bytes.subarray(0, 4).toString("hex")).toBe("504b0304");
    await context.close();
  });
});
