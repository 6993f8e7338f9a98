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
    ] as const) {
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

  test("without a payment provider the paid plans' buttons are inactive, the reason said once, a click does nothing", async ({
    browser,
  }) => {
    const { page, context } = await signedInPage(browser);
    let subscribeCalls = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/api/subscription/create")) subscribeCalls += 1;
    });
    await page.goto("/subscription");
    const reason = "Payment processing is temporarily unavailable. Please contact support.";
    await expect(page.getByText(reason)).toHaveCount(1);
    const notice = page.getByRole("status").filter({ hasText: reason });
    const noticeId = await notice.getAttribute("id");
    expect(noticeId).toBeTruthy();
    for (const name of ["Basic", "Pro", "Premium"]) {
      const choose = page.getByRole("button", { name: `Choose ${name}` });
      await expect(choose).toHaveAttribute("aria-disabled", "true");
      await expect(choose).toHaveAttribute("aria-describedby", noticeId as string);
      // Still focusable (not `disabled`): keyboard users reach it and hear why.
      await choose.focus();
      await expect(choose).toBeFocused();
    }
    await page.getByRole("button", { name: "Choose Premium" }).click({ force: true });
    await page.keyboard.press("Enter");
    await page.waitForTimeout(500);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText("Subscription Error", { exact: true })).toHaveCount(0);
    await expect(page.getByText(reason)).toHaveCount(1);
    expect(subscribeCalls).toBe(0);
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
