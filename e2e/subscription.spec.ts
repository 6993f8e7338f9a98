import { expect, expectAccessible, signedInPage, test } from "./fixtures";

/** SPEC §2.15 and §8 on the e2e server, where Stripe is not configured (the default). */
test.describe("subscription page", () => {
  test("shows the plans with their prices, Pro as Most Popular, the banner and the comparison", async ({
    browser,
  }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/subscription");
    await expect(page.getByRole("heading", { level: 1, name: "Subscription" })).toBeVisible();
    for (const [plan, price] of [
      ["free", "$0.00/month"],
      ["basic", "$4.99/month"],
      ["pro", "$9.99/month"],
      ["premium", "$19.99/month"],
    ]) {
      await expect(page.getByTestId(`plan-${plan}`).getByText(price, { exact: true })).toBeVisible();
    }
    await expect(page.getByTestId("plan-pro").getByText("Most Popular")).toBeVisible();
    await expect(page.getByTestId("current-plan")).toContainText("Current plan");
    const table = page.getByRole("table");
    await expect(table.getByRole("rowheader", { name: "Posts per day" })).toBeVisible();
    await expect(table.getByRole("row", { name: /Custom themes/ })).toContainText("No");
    // Without Stripe the page says payments are unavailable.
    await expect(
      page.getByText("Payment processing is temporarily unavailable. Please contact support.").first(),
    ).toBeVisible();
    await expectAccessible(page);
    await context.close();
  });

  test("choosing Free only shows the Free Plan toast", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/subscription");
    // A new member is on Free: the card's button reads "Current Plan" and only answers with a toast.
    await page.getByTestId("plan-free").getByRole("button", { name: "Current Plan" }).click();
    await expect(page.getByText("Free Plan", { exact: true })).toBeVisible();
    await expect(page.getByText("You're already on the free plan!", { exact: true })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await context.close();
  });

  test("choosing a paid plan without a payment provider opens the modal saying so", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/subscription");
    await page.getByRole("button", { name: "Choose Premium" }).click();
    const dialog = page.getByRole("dialog", { name: "Subscribe to Premium" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      "Payment processing is temporarily unavailable. Please contact support.",
    );
    await expect(page.getByText("Subscription Error", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(dialog).toHaveCount(0);
    await context.close();
  });

  test("the success state after returning from the payment", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/subscription?success=true");
    await expect(page.getByTestId("payment-success")).toContainText("You are now subscribed!");
    await expect(page.getByText("Payment Successful", { exact: true }).first()).toBeVisible();
    await context.close();
  });

  test("a member writes to support from the page", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/subscription");
    await page.getByLabel("Subject").fill("Question about plans");
    await page.getByLabel("Message").fill("Can I switch from Basic to Pro in the middle of a month?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Message sent", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Subject")).toHaveValue("");
    await context.close();
  });
});
