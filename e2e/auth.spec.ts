import { expect, expectAccessible, randomIp, registerMember, test, uniqueName } from "./fixtures";

test.describe("account journey", () => {
  test("register → logout → login → edit profile → sign out", async ({ page }) => {
    const username = uniqueName("journey");
    await page.setExtraHTTPHeaders({ "x-forwarded-for": randomIp() });
    await page.goto("/auth");
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await page.getByRole("link", { name: "Sign up", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Join AI Community" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Forgot Password?" })).toHaveCount(0);

    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Email").fill(`${username}@e2e.test`);
    await page.getByLabel("Password", { exact: true }).fill("secret123");
    await page.getByLabel("Generation").selectOption("genx");
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page.getByText("Account created!", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Logout" }).first()).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).first().click();
    await expect(page.getByRole("link", { name: "Join Community" })).toBeVisible();

    await page.getByRole("link", { name: "Login" }).click();
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password", { exact: true }).fill("secret123");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Welcome back!", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: username })).toBeVisible();
    await expect(page.getByText("Gen X")).toBeVisible();
    await page.getByRole("link", { name: "Edit Profile" }).click();
    await page.getByLabel("Bio").fill("I test things in real browsers.");
    await expect(page.getByText("31/500")).toBeVisible();
    await page.getByLabel("Generation").selectOption("boomer");
    await page.getByLabel("Claude").check();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText("I test things in real browsers.")).toBeVisible();
    await expect(page.getByText("Boomer")).toBeVisible();
    await expect(page.getByText("Claude")).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).first().click();
    await expect(page.getByRole("link", { name: "Join Community" })).toBeVisible();
    await page.goto("/profile");
    // Signed out, /profile is not a route: the landing page shows.
    await expect(page.getByRole("link", { name: "Join the Conversation" })).toBeVisible();
  });

  test("field errors show the spec's messages and clear when the field is edited", async ({ page }) => {
    await page.goto("/auth?mode=register");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Username is required")).toBeVisible();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await page.getByLabel("Username").fill("ab");
    await expect(page.getByText("Username is required")).toHaveCount(0);
    await page.getByLabel("Email").fill("nope");
    await page.getByLabel("Password", { exact: true }).fill("123");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters", { exact: true })).toBeVisible();

    // Switching mode clears errors and resets the form (generation back to millennial).
    await page.getByLabel("Generation").selectOption("boomer");
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Username must be at least 3 characters")).toHaveCount(0);
    await expect(page.getByLabel("Username")).toHaveValue("");
    await page.getByRole("link", { name: "Sign up", exact: true }).click();
    await expect(page.getByLabel("Generation")).toHaveValue("millennial");
  });

  test("the switch between the forms is in the address: the header's link switches it, Back switches back", async ({
    page,
  }) => {
    await page.goto("/auth");
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await page.getByLabel("Username").fill("typed-before");
    await page.getByRole("link", { name: "Join Community" }).click();
    await expect(page).toHaveURL(/\/auth\?mode=register$/);
    await expect(page.getByRole("heading", { name: "Join AI Community" })).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveValue("");
    await page.goBack();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveCount(0);
  });

  test("show/hide password toggles the field type", async ({ page }) => {
    await page.goto("/auth");
    const pw = page.getByLabel("Password", { exact: true });
    await pw.fill("secret123");
    await expect(pw).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(pw).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(pw).toHaveAttribute("type", "password");
  });

  test("a wrong password shows the Error toast with the server's message", async ({ page }) => {
    const member = await registerMember(page.context().request);
    await page.context().clearCookies();
    await page.goto("/auth");
    await page.getByLabel("Username").fill(member.username);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Invalid username or password", { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a wrong password also shows the server's message by the form, in an alert linked to it", async ({
    page,
  }) => {
    const member = await registerMember(page.context().request);
    await page.context().clearCookies();
    await page.goto("/auth");
    await page.getByLabel("Username").fill(member.username);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const form = page.getByRole("form", { name: "Sign in" });
    const alert = form.getByRole("alert");
    await expect(alert).toHaveText("Invalid username or password");
    await expect(form).toHaveAttribute("aria-describedby", (await alert.getAttribute("id")) as string);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await expect(alert).toBeInViewport();
      await expectAccessible(page, { anyImpact: true });
    }
    await page.getByRole("link", { name: "Sign up", exact: true }).click();
    await expect(page.getByRole("form", { name: "Create account" }).getByRole("alert")).toHaveText("");
  });

  test("a server 400 shows its messages on the fields it names, focusing the first (issue 20)", async ({
    page,
  }) => {
    // The browser checks the same schemas first, so the server's 400 is stood in for here.
    const usernameMessage = "Username is reserved on the server";
    await page.route("**/api/auth/register", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          code: "validation_failed",
          message: usernameMessage,
          fields: { username: usernameMessage, generation: "Generation must be one of the listed ones" },
        }),
      }),
    );
    for (const theme of ["dark", "light"]) {
      await page.goto("/auth?mode=register");
      await page.evaluate((t) => localStorage.setItem("theme", t), theme);
      await page.reload();
      await page.getByLabel("Username").fill(uniqueName("served"));
      await page.getByLabel("Email").fill("served@e2e.test");
      await page.getByLabel("Password", { exact: true }).fill("secret123");
      await page.getByRole("button", { name: "Create Account" }).click();
      const username = page.getByLabel("Username");
      await expect(page.locator("#auth-username-error")).toHaveText(usernameMessage);
      await expect(username).toHaveAttribute("aria-invalid", "true");
      await expect(username).toHaveAttribute("aria-describedby", "auth-username-error");
      await expect(username).toBeFocused();
      await expect(page.locator("#auth-generation-error")).toHaveText(
        "Generation must be one of the listed ones",
      );
      // Not repeated as the form's summary (the toast still says it).
      await expect(page.locator("#auth-form-error")).toHaveText("");
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        await expectAccessible(page, { anyImpact: true });
      }
      // Editing the field clears its error, as for the browser's own checks.
      await username.fill(uniqueName("again"));
      await expect(page.locator("#auth-username-error")).toHaveCount(0);
    }
  });
});
