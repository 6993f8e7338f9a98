import type { Locator } from "@playwright/test";
import { expect, expectAccessible, registerMember, signedInPage, test, uniqueName } from "./fixtures";

/**
 * One form pattern (issue 20 item 3): the shared schema's message appears on the field itself,
 * the field says it is invalid and is described by the message, the message is announced
 * (role="alert"), and focus moves to the first invalid field.
 */
async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
  const page = field.page();
  const described = await Promise.all(
    ids.map(async (id) => {
      const node = page.locator(`[id="${id}"]`);
      return { text: (await node.textContent())?.trim(), role: await node.getAttribute("role") };
    }),
  );
  expect(described).toContainEqual({ text: message, role: "alert" });
}

test.describe("forms", () => {
  test("create forum: the schema's messages on the fields, focus on the first", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/forums");
    await page.getByRole("button", { name: "Create Forum" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Forum" });
    await dialog.getByLabel("Forum name").fill("ab");
    await dialog.getByRole("button", { name: "Create Forum" }).click();
    const name = dialog.getByLabel("Forum name");
    await expectFieldError(name, "Forum name must be at least 3 characters");
    await expect(name).toBeFocused();
    // The spec's one "fill in" message is shown once; both empty fields point at it.
    await expect(dialog.getByText("Please fill in all fields.")).toHaveCount(1);
    await expectFieldError(dialog.getByLabel("Description"), "Please fill in all fields.");
    await expectFieldError(dialog.getByLabel("AI model"), "Please fill in all fields.");
    await expectAccessible(page);
    // Fixing a field clears its error.
    await name.fill("A long enough name");
    await expect(name).not.toHaveAttribute("aria-invalid", "true");
    await context.close();
  });

  test("share prompt: title and content required on their fields", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/prompts");
    await page.getByRole("button", { name: "Share Prompt" }).click();
    const dialog = page.getByRole("dialog", { name: "Share Prompt" });
    await dialog.getByRole("button", { name: "Share Prompt" }).click();
    const title = dialog.getByLabel("Title");
    await expectFieldError(title, "Please fill in the title and content.");
    await expectFieldError(
      dialog.getByLabel("Prompt", { exact: true }),
      "Please fill in the title and content.",
    );
    await expect(title).toBeFocused();
    await dialog.getByLabel("Title").fill("A title");
    await dialog.getByLabel("Prompt", { exact: true }).fill("Some content");
    await dialog.getByLabel("Tags").fill("a, b, c, d, e, f, g, h, i, j, k");
    await dialog.getByRole("button", { name: "Share Prompt" }).click();
    await expectFieldError(dialog.getByLabel("Tags"), "Too many tags: at most 10");
    await context.close();
  });

  test("report: the reason is required", async ({ browser }) => {
    const authorContext = await browser.newContext();
    await registerMember(authorContext.request);
    const text = `A post for the report form ${uniqueName("txt")}`;
    const created = await authorContext.request.post("/api/posts", { data: { content: text } });
    expect(created.status()).toBe(201);
    const postId = (await created.json()).id as number;
    await authorContext.close();

    const { page, context } = await signedInPage(browser);
    await page.goto(`/post/${postId}`);
    await page
      .getByTestId("post-card")
      .filter({ hasText: text })
      .getByRole("button", { name: "Report post" })
      .click();
    const dialog = page.getByRole("dialog", { name: "Report this post" });
    const first = dialog.getByLabel("Spam or advertising");
    // The form loads with the dialog; its first choice takes the focus.
    await expect(first).toBeFocused();
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expectFieldError(first, "Please choose a reason");
    await expect(first).toBeFocused();
    await expectAccessible(page);
    await context.close();
  });

  test("support: subject and message checked by the ticket schema", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/subscription");
    await page.getByLabel("Subject").fill("ab");
    await page.getByRole("button", { name: "Send message" }).click();
    await expectFieldError(page.getByLabel("Subject"), "Subject is too short (at least 3 characters)");
    await expectFieldError(page.getByLabel("Message"), "Message is required");
    await expect(page.getByLabel("Subject")).toBeFocused();
    await context.close();
  });

  test("a server 400's field message lands on the field", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    const message = "Subject contains characters that are not allowed";
    await page.route("**/api/support/tickets", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({ code: "validation_failed", message, fields: { subject: message } }),
          })
        : route.continue(),
    );
    await page.goto("/subscription");
    await page.getByLabel("Subject").fill("Question about plans");
    await page.getByLabel("Message").fill("Can I switch from Basic to Pro in the middle of a month?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expectFieldError(page.getByLabel("Subject"), message);
    await expect(page.getByLabel("Subject")).toBeFocused();
    await context.close();
  });

  test("settings: the new email and the password are checked on their fields", async ({ browser }) => {
    const { page, context } = await signedInPage(browser);
    await page.goto("/profile");
    await page.getByRole("button", { name: "Settings" }).click();
    const settings = page.getByRole("dialog", { name: "Settings" });
    await settings.getByLabel("New email").fill("not-an-email");
    await settings.getByRole("button", { name: "Change email" }).click();
    await expectFieldError(settings.getByLabel("New email"), "Please enter a valid email address");
    await expectFieldError(settings.getByLabel("Current password").first(), "Enter your current password");
    await expect(settings.getByLabel("New email")).toBeFocused();
    await expectAccessible(page);
    await context.close();
  });
});
