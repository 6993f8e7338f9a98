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

/**
 * The visitor acts (a key), again and again with the page clock moving on, until the install card
 * shows: a key pressed before the app listens for one (a busy machine) is never seen, and the card
 * would wait for the next action for ever (two journeys timed out so on CI, 2026-11-28).
 */
async function actUntilTheCardShows(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.keyboard.press("Shift");
        await page.clock.runFor(100);
        return installCard(page).isVisible();
      },
      { intervals: [100] },
    )
    .toBe(true);
}

/** The offer runs until `deadline` (the e2e server has no PROMO_DEADLINE, hence no offer). */
async function offerRunsUntil(page: Page, deadline: string) {
  await page.route("**/api/public-config", (route) => route.fulfill({ json: { promoDeadline: deadline } }));
}

/** The cookie choice already made (stored before any page script runs). */
async function cookiesDecided(page: Page) {
  await page.addInitScript(() => localStorage.setItem("cookie-consent", "declined"));
}

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

/** On the sign-in page: a refused sign-in raises the "Error" message (a toast), answered visible. */
async function refusedSignInMessage(page: Page) {
  await page.getByLabel("Username").fill("nobody-here");
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const toast = page
    .getByRole("region", { name: /^Notifications/ })
    .locator("li")
    .filter({ hasText: "Invalid username or password" });
  await expect(toast).toBeVisible();
  return toast;
}

test.describe("cookie consent", () => {
  test("the banner is accessible, links to the privacy policy, and Accept All persists", async ({ page }) => {
    await page.goto("/");
    const banner = cookieBanner(page);
    await expect(banner).toBeVisible();
    await expect(banner.getByText("Cookie Preferences", { exact: true })).toBeVisible();
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

  test("a message (toast) shows above the banner, never over its text, on a phone and a desktop", async ({
    page,
  }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/auth");
      await expect(cookieBanner(page)).toBeVisible();
      const toast = await refusedSignInMessage(page);
      const banner = (await cookieBanner(page).boundingBox())!;
      const message = (await toast.boundingBox())!;
      expect(message.y + message.height, `${width} px`).toBeLessThanOrEqual(banner.y + 1);
      expect(message.x + message.width, `${width} px`).toBeLessThanOrEqual(width);
    }
  });
});

test.describe("promo banner", () => {
  test("without a configured deadline (the default) there is no offer anywhere", async ({ page }) => {
    await cookiesDecided(page);
    const config = page.waitForResponse("**/api/public-config");
    await page.goto("/");
    expect(await (await config).json()).toEqual({ promoDeadline: null });
    await expect(page.getByRole("link", { name: "Join the Conversation" })).toBeVisible();
    for (const path of ["/", "/forums", "/auth"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expect(promo(page)).toHaveCount(0);
      await expect(page.getByText(/Sign up before|Offer expired|Claim Offer/)).toHaveCount(0);
    }
  });

  test("once the deadline has passed the offer is not shown at all", async ({ page }) => {
    await cookiesDecided(page);
    await page.clock.install({ time: new Date("2030-06-03T12:00:00") });
    await offerRunsUntil(page, "2030-06-03T12:30:00");
    await page.goto("/forums");
    await expect(promo(page)).toContainText(/Ends in (30|29)m/);
    await page.clock.runFor(31 * 60_000);
    await expect(promo(page)).toHaveCount(0);
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Join the Conversation" })).toBeVisible();
    await expect(promo(page)).toHaveCount(0);
    await expect(page.getByText(/Sign up before|Offer expired|Claim Offer/)).toHaveCount(0);
  });

  test("counts down to the server's deadline, every minute, and Claim Offer goes to /auth", async ({
    page,
  }) => {
    await cookiesDecided(page);
    await page.clock.install({ time: new Date("2030-06-01T10:00:00") });
    await offerRunsUntil(page, "2030-06-03T12:30:00");
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
    await cookiesDecided(page);
    await offerRunsUntil(page, "2999-12-31T23:59:59");
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
    await cookiesDecided(page);
    await offerRunsUntil(page, "2999-12-31T23:59:59");
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Join the Conversation" })).toBeVisible();
    await expect(promo(page)).toHaveCount(1);
    const main = page.locator("main");
    await expect(main.getByRole("region", { name: "Launch Special!" })).toBeVisible();
  });
});

test.describe("install card", () => {
  test("hidden at first, shown 2 s after load once the visitor has done something; Later hides it for the session's page", async ({
    page,
  }) => {
    await cookiesDecided(page);
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
    // Due now, but it waits for the visitor's first action (docs/decisions/0066).
    await page.clock.runFor(5000);
    await expect(installCard(page)).toHaveCount(0);
    // The visitor acts; the card's own chunk loads on demand and React reveals it on a timer (the
    // paused clock runs only when stepped). A key pressed before the app listens is lost, hence
    // the helper presses again until the card shows (flaky once on CI, 2026-11-29).
    await actUntilTheCardShows(page);
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
          await page.keyboard.press("Shift");
          return installCard(page).isVisible();
        },
        { intervals: [50] },
      )
      .toBe(true);
  });

  test("a message (toast) shows above the card, never over its text, on a phone and a desktop", async ({
    page,
  }) => {
    await cookiesDecided(page);
    await page.clock.install();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/auth");
      await page.clock.runFor(2100);
      await actUntilTheCardShows(page);
      const toast = await refusedSignInMessage(page);
      const card = (await installCard(page).boundingBox())!;
      const message = (await toast.boundingBox())!;
      expect(message.y + message.height, `${width} px`).toBeLessThanOrEqual(card.y + 1);
      expect(message.y, `${width} px`).toBeGreaterThanOrEqual(0);
    }
  });

  test("without a browser prompt, Install shows the manual instructions in a dialog", async ({ page }) => {
    await cookiesDecided(page);
    await page.clock.install();
    await page.goto("/forums");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.clock.runFor(2100);
    await actUntilTheCardShows(page);
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
    await cookiesDecided(page);
    await page.clock.install();
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Join the Conversation" })).toBeVisible();
    await page.keyboard.press("Shift");
    await expect(page.getByRole("button", { name: "Install App" })).toHaveCount(0);
    await offerInstall(page, "fail");
    await expect(page.getByRole("button", { name: "Install App" })).toBeVisible();
    await page.clock.runFor(3000);
    // The card's timer is set once its (lazily loaded) overlay has seen the offer, and it waits for
    // an action the app saw: on a busy machine either can come after the above (CI, 2026-11-28).
    await actUntilTheCardShows(page);
    await page.getByRole("button", { name: "Install App" }).click();
    const dialog = page.getByRole("dialog", { name: "Install AI Agora" });
    await expect(dialog).toContainText("Unable to show install prompt. To install manually:");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });

  test("an accepted prompt and the appinstalled event hide it", async ({ page }) => {
    await cookiesDecided(page);
    await page.clock.install();
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Join the Conversation" })).toBeVisible();
    await offerInstall(page, "accept");
    await page.clock.runFor(3000);
    await actUntilTheCardShows(page);
    await installCard(page).getByRole("button", { name: "Install", exact: true }).click();
    await expect(installCard(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Install App" })).toHaveCount(0);

    await page.reload();
    await page.clock.runFor(2100);
    await actUntilTheCardShows(page);
    await page.evaluate(() => window.dispatchEvent(new Event("appinstalled")));
    await expect(installCard(page)).toHaveCount(0);
  });
});

test.describe("one overlay at a time (issue 25)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a new visitor on a phone sees the cookie banner alone, then the install card only after doing something", async ({
    page,
  }) => {
    await offerRunsUntil(page, "2999-12-31T23:59:59");
    await page.clock.install();
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Join the Conversation" })).toBeVisible();
    await expect(cookieBanner(page)).toBeVisible();
    await expect(promo(page)).toHaveCount(0);
    // The install card is due after 2 s (and 3 s after the browser's offer), never over the banner.
    await offerInstall(page, "accept");
    await page.mouse.wheel(0, 200);
    await page.clock.runFor(5000);
    await expect(installCard(page)).toHaveCount(0);
    await expect(cookieBanner(page)).toBeVisible();
    // The hero's call to action is not hidden by the banner.
    await page.mouse.wheel(0, -1000);
    const join = await page.getByRole("link", { name: "Join the Conversation" }).boundingBox();
    const banner = await cookieBanner(page).boundingBox();
    expect(join && banner && join.y + join.height <= banner.y).toBe(true);

    await cookieBanner(page).getByRole("button", { name: "Accept All" }).click();
    await expect(cookieBanner(page)).toHaveCount(0);
    // Then the offer, at the top of the landing page, and still no install card until the next action.
    await expect(promo(page)).toBeVisible();
    await page.clock.runFor(5000);
    await expect(installCard(page)).toHaveCount(0);
    await page.mouse.wheel(0, 100);
    await expect(installCard(page)).toBeVisible();
  });

  test("elsewhere the promo banner waits for the cookie choice and the install card for the promo", async ({
    page,
  }) => {
    await offerRunsUntil(page, "2999-12-31T23:59:59");
    await page.clock.install();
    await page.goto("/forums");
    await expect(cookieBanner(page)).toBeVisible();
    await page.keyboard.press("Shift");
    await page.clock.runFor(5000);
    await expect(promo(page)).toHaveCount(0);
    await expect(installCard(page)).toHaveCount(0);
    await cookieBanner(page).getByRole("button", { name: "Essential Only" }).click();
    await expect(promo(page)).toBeVisible();
    await page.keyboard.press("Shift");
    await page.clock.runFor(5000);
    await expect(installCard(page)).toHaveCount(0);
    await promo(page).getByRole("button", { name: "Dismiss promotion" }).click();
    await expect(promo(page)).toHaveCount(0);
    await expect(installCard(page)).toBeVisible();
  });

  test("the banner's buttons come within a few Tabs, focus never hides under it, and accepting keeps focus on the page", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(cookieBanner(page)).toBeVisible();
    const focusedName = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.getAttribute("aria-label") ?? el?.textContent?.trim() ?? "";
      });
    let tabs = 0;
    while (tabs < 6 && (await focusedName()) !== "Accept All") {
      await page.keyboard.press("Tab");
      tabs += 1;
    }
    expect(await focusedName()).toBe("Accept All");
    expect(tabs).toBeLessThanOrEqual(5);

    // Every focused element of the page stays above the banner.
    const banner = await cookieBanner(page).boundingBox();
    expect(banner).not.toBeNull();
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press("Tab");
      const hidden = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const section = document.querySelector('[aria-label="Cookie Preferences"]');
        if (!el || !section || section.contains(el) || el === document.body) return null;
        const r = el.getBoundingClientRect();
        const b = section.getBoundingClientRect();
        return r.bottom > b.top + 1 && r.top < window.innerHeight ? el.outerHTML.slice(0, 120) : null;
      });
      expect(hidden).toBeNull();
    }

    await cookieBanner(page).getByRole("button", { name: "Accept All" }).focus();
    await page.keyboard.press("Enter");
    await expect(cookieBanner(page)).toHaveCount(0);
    const active = await page.evaluate(() => ({
      body: document.activeElement === document.body,
      id: document.activeElement?.id,
    }));
    expect(active).toEqual({ body: false, id: "main-content" });
  });

  for (const choice of ["Essential Only", "Dismiss cookie banner"]) {
    test(`after "${choice}" focus moves to the main content`, async ({ page }) => {
      await page.goto("/forums");
      await cookieBanner(page).getByRole("button", { name: choice }).click();
      await expect(cookieBanner(page)).toHaveCount(0);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("main-content");
    });
  }

  for (const theme of ["dark", "light"]) {
    for (const width of [390, 1280]) {
      test(`no axe violation of any impact with the banner, then the promo, ${theme} theme, ${width} px`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 844 });
        await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
        await offerRunsUntil(page, "2999-12-31T23:59:59");
        await page.goto("/");
        await expect(cookieBanner(page)).toBeVisible();
        await expectAccessible(page, { anyImpact: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        await cookieBanner(page).getByRole("button", { name: "Accept All" }).click();
        await expect(promo(page)).toBeVisible();
        await expectAccessible(page, { anyImpact: true });
        await page.goto("/forums");
        await expect(promo(page)).toBeVisible();
        await expectAccessible(page, { anyImpact: true });
      });
    }
  }
});
