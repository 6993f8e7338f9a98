import type { Page } from "@playwright/test";
import { expect, expectAccessible, registerMember, test } from "./fixtures";

/**
 * Overlays of SPEC §2.19 / §4: cookie consent, the "Launch Special!" promo banner and the install
 * card with its manual instructions. Service workers are blocked here so that page.route() sees
 * every request (the worker has its own journeys in pwa.spec.ts).
 */
test.use({ serviceWorkers: "block" });

const cookieBanner = (page: Page) => page.getByRole("region", { name: "Cookie Preferences" });
const promo = (page: Page) => page.getByRole("region", { name: "Launch Special!" });
const installCard = (page: Page) => page.getByRole("region", { name: "Install AI Agora" });

/** A fake `beforeinstallprompt`: the page believes the browser offers installation. */
async function offerInstall(page: Page, behaviour: "accept" | "fail") {
  await page.evaluate((mode) => {
    const event = new Event("beforeinstallprompt", { cancelable: true });
    Object.assign(event, {
      prompt: () => (mode === "fail" ? Promise.reject(new Error("NotAllowedError")) : Promise.resolve()),
      userChoice: Promise.resolve({ outcome: "accepted", platform: "web" }),
    });
    window.dispatchEvent(event);
  }, behaviour);
}

test.describe("cookie consent", () => {
  test("the banner is accessible, links to the privacy policy, and Accept All persists", async ({ page }) => {
    await page.goto("/");
    const banner = cookieBanner(page);
    await expect(banner).toBeVisible();
    await expect(banner.getByText("Cookie Preferences", { exact: true })).toBeVisible();
    await expect(promo(page)).toBeVisible();
    await expectAccessible(page);

    await expect(banner.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await banner.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1, name: /Privacy Policy/ })).toBeVisible();

    await cookieBanner(page).getByRole("button", { name: "Accept All" }).click();
    await expect(cookieBanner(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("cookie-consent"))).toBe("accepted");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(cookieBanner(page)).toHaveCount(0);
  });

  test('Essential Only declines and announces "consent-changed"', async ({ page }) => {
    await page.goto("/forums");
    await page.evaluate(() => {
      (window as unknown as { seen: unknown[] }).seen = [];
      window.addEventListener("consent-changed", (e) =>
        (window as unknown as { seen: unknown[] }).seen.push((e as CustomEvent).detail),
      );
    });
    await cookieBanner(page).getByRole("button", { name: "Essential Only" }).click();
    await expect(cookieBanner(page)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen)).toEqual(["declined"]);
    expect(await page.evaluate(() => localStorage.getItem("cookie-consent"))).toBe("declined");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(cookieBanner(page)).toHaveCount(0);
  });

  test("the close button acts as decline", async ({ page }) => {
    await page.goto("/auth");
    await cookieBanner(page).getByRole("button", { name: "Dismiss cookie banner" }).click();
    await expect(cookieBanner(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("cookie-consent"))).toBe("declined");
  });
});

test.describe("promo banner", () => {
  test('after the deadline it reads "Offer expired" and offers nothing to claim', async ({ page }) => {
    // The built-in deadline (2025-12-31 23:59:59) has passed; any server override is ignored here.
    await page.route("**/api/public-config", (route) =>
      route.fulfill({ status: 404, json: { message: "Not found" } }),
    );
    await page.goto("/");
    const banner = promo(page);
    await expect(banner.getByText("Launch Special!")).toBeVisible();
    await expect(banner).toContainText("Sign up before Dec 31st and get Pro membership for 1 year free.");
    await expect(banner).toContainText("Offer expired");
    await expect(banner.getByRole("link", { name: "Claim Offer" })).toHaveCount(0);
  });

  test("counts down to the server's deadline, every minute, and Claim Offer goes to /auth", async ({
    page,
  }) => {
    await page.clock.install({ time: new Date("2030-06-01T10:00:00") });
    await page.route("**/api/public-config", (route) =>
      route.fulfill({ json: { promoDeadline: "2030-06-03T12:30:00" } }),
    );
    await page.goto("/forums");
    const banner = promo(page);
    await expect(banner).toContainText("Sign up before Jun 3rd");
    await expect(banner).toContainText("Ends in 2d 2h");
    await page.clock.setSystemTime(new Date("2030-06-03T11:00:00"));
    await page.clock.runFor(60_000);
    await expect(banner).toContainText("Ends in 1h 29m");
    await page.clock.setSystemTime(new Date("2030-06-03T12:00:00"));
    await page.clock.runFor(60_000);
    await expect(banner).toContainText("Ends in 29m");
    await banner.getByRole("link", { name: "Claim Offer" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("shows once per page, to members too, and its dismissal is permanent", async ({ page }) => {
    await registerMember(page.context().request);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(promo(page)).toHaveCount(1);
    await promo(page).getByRole("button", { name: "Dismiss promotion" }).click();
    await expect(promo(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("promo-banner-dismissed"))).toBe("true");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(promo(page)).toHaveCount(0);
    await page.goto("/forums");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(promo(page)).toHaveCount(0);
  });

  test("the landing page shows it at the top, not twice", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Join the Conversation" })).toBeVisible();
    await expect(promo(page)).toHaveCount(1);
    const main = page.locator("main");
    await expect(main.getByRole("region", { name: "Launch Special!" })).toBeVisible();
  });
});

test.describe("install card", () => {
  test("hidden at first, shown 2 s after load; Later hides it for the session's page", async ({ page }) => {
    // Page time stands still from before the load; only runFor() moves it, so the 2 s are exact.
    await page.clock.install({ time: new Date("2030-01-01T10:00:00") });
    await page.clock.pauseAt(new Date("2030-01-01T10:00:01"));
    await page.goto("/");
    // The app starts one frame after the first paint (public/boot.js) and draws its header at once:
    // page time is stepped 50 ms at a time until the header is there, so the app started within
    // the last step, and the card is due 2 s after that.
    const header = page.getByRole("link", { name: "Join Community" });
    await expect
      .poll(
        async () => {
          await page.clock.runFor(50);
          return header.isVisible();
        },
        { intervals: [50] },
      )
      .toBe(true);
    await page.clock.runFor(1940);
    await expect(installCard(page)).toHaveCount(0);
    await page.clock.runFor(60);
    await expect(installCard(page)).toBeVisible();
    await expect(installCard(page).getByRole("button", { name: "Install", exact: true })).toBeVisible();

    await installCard(page).getByRole("button", { name: "Later" }).click();
    await expect(installCard(page)).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem("pwa-prompt-dismissed"))).toBe("true");
    // The browser offering installation now does not bring it back this session...
    await offerInstall(page, "accept");
    await page.clock.runFor(3500);
    await expect(installCard(page)).toHaveCount(0);
    // ...but the flag is cleared at each load (SPEC §4), so a reload shows it again.
    await page.reload();
    await expect
      .poll(
        async () => {
          await page.clock.runFor(500);
          return installCard(page).isVisible();
        },
        { intervals: [50] },
      )
      .toBe(true);
  });

  test("without a browser prompt, Install shows the manual instructions in a dialog", async ({ page }) => {
    await page.clock.install();
    await page.goto("/forums");
    await page.clock.runFor(2100);
    await installCard(page).getByRole("button", { name: "Install", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Install AI Agora" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("To install it manually:");
    await expect(dialog).toContainText("In Chrome or Edge:");
    await expect(dialog).toContainText("address bar");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Got it" }).click();
    await expect(dialog).toHaveCount(0);
  });

  test("the browser's offer shows the card after 3 s and the landing button; a failing prompt explains", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Join the Conversation" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Install App" })).toHaveCount(0);
    await offerInstall(page, "fail");
    await expect(page.getByRole("button", { name: "Install App" })).toBeVisible();
    await page.clock.runFor(3000);
    await expect(installCard(page)).toBeVisible();
    await page.getByRole("button", { name: "Install App" }).click();
    const dialog = page.getByRole("dialog", { name: "Install AI Agora" });
    await expect(dialog).toContainText("Unable to show install prompt. To install manually:");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });

  test("an accepted prompt and the appinstalled event hide it", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await offerInstall(page, "accept");
    await page.clock.runFor(3000);
    await installCard(page).getByRole("button", { name: "Install", exact: true }).click();
    await expect(installCard(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Install App" })).toHaveCount(0);

    await page.reload();
    await page.clock.runFor(2100);
    await expect(installCard(page)).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event("appinstalled")));
    await expect(installCard(page)).toHaveCount(0);
  });
});
