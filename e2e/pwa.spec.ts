import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect, type Page, test } from "@playwright/test";
import { dismissOverlays } from "./fixtures";

/**
 * Installable app and offline support (SPEC §4, issue 10): the service worker, the offline page,
 * the update bar, the manifest and Chromium's installability check, the connectivity indicator.
 */

async function controlledBy(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? "");
}

test.describe("service worker", () => {
  test("registers /sw.js with scope / and takes control of the page", async ({ page, baseURL }) => {
    await dismissOverlays(page);
    await page.goto("/forums");
    const registration = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return { scope: reg.scope, script: reg.active?.scriptURL };
    });
    expect(registration).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/sw.js` });
    expect(await controlledBy(page)).toBe(`${baseURL}/sw.js`);

    // The worker script is revalidated on every update check, never cached for long.
    const sw = await page.request.get("/sw.js");
    expect(sw.status()).toBe(200);
    expect(sw.headers()["cache-control"]).toBe("no-cache");
    expect(sw.headers()["content-type"]).toMatch(/javascript/);

    // It precached the offline page and the icons along with the build.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached).toEqual(
      expect.arrayContaining(["/offline.html", "/icons/icon-192.png", "/manifest.webmanifest"]),
    );
    expect(cached.some((u) => u.startsWith("/assets/") && u.endsWith(".js"))).toBe(true);
  });

  test("an offline navigation shows the offline page; the indicator follows connectivity", async ({
    page,
    context,
  }) => {
    await dismissOverlays(page);
    await page.goto("/");
    await controlledBy(page);

    await context.setOffline(true);
    await expect(page.getByText("You're offline.")).toBeVisible();
    await page.goto("/prompts");
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    await expect(page).toHaveTitle("You're offline · AI Agora");

    await context.setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page).toHaveURL(/\/prompts$/);
    await expect(page.getByRole("heading", { name: "You're offline" })).toHaveCount(0);
    await expect(page.getByText("You're offline.")).toHaveCount(0);
  });

  test("API calls other than the model directory list are never answered from a cache", async ({ page }) => {
    await dismissOverlays(page);
    await page.goto("/ai-models");
    await controlledBy(page);
    const directory = await page.request.get("/api/ai-models");
    expect(directory.status()).toBe(200);
    await page.evaluate(() => fetch("/api/ai-models").then((r) => r.text()));
    await page.evaluate(() => fetch("/api/auth/me").then((r) => r.text()));
    const cachedApi = async () =>
      page.evaluate(async () => {
        const names = await caches.keys();
        const urls: string[] = [];
        for (const name of names) {
          for (const req of await (await caches.open(name)).keys()) {
            const u = new URL(req.url);
            if (u.pathname.startsWith("/api/")) urls.push(`${name} ${u.pathname}`);
          }
        }
        return urls;
      });
    await expect.poll(cachedApi).toEqual(["api-model-directory /api/ai-models"]);
    // Any API write (here a sign-out) empties that cache, so nothing crosses accounts.
    await page.evaluate(() => fetch("/api/auth/logout", { method: "POST" }).then((r) => r.status));
    await expect.poll(cachedApi).toEqual([]);
  });

  test('a waiting new version shows "App update available!"; Update Now activates it and reloads', async ({
    page,
    baseURL,
  }) => {
    await dismissOverlays(page);
    await page.goto("/");
    expect(await controlledBy(page)).toBe(`${baseURL}/sw.js`);
    await expect(page.getByText("App update available!")).toHaveCount(0);

    // A new version of the worker: same scope, another script URL, so the browser installs it
    // next to the active one, where it waits.
    await page.evaluate(() => navigator.serviceWorker.register("/sw.js?version=2", { scope: "/" }));
    const bar = page.getByRole("region", { name: "App update" });
    await expect(bar.getByText("App update available!")).toBeVisible();

    await Promise.all([page.waitForEvent("load"), bar.getByRole("button", { name: "Update Now" }).click()]);
    // The reloaded page runs under the new version, without the bar. (A second later the app
    // registers /sw.js again, which to the browser is yet another version: not checked here.)
    const reloaded = await page.evaluate(() => ({
      controller: navigator.serviceWorker.controller?.scriptURL,
      bar: document.body.textContent?.includes("App update available!") ?? false,
    }));
    expect(reloaded).toEqual({ controller: `${baseURL}/sw.js?version=2`, bar: false });
  });
});

test.describe("installability", () => {
  test("the manifest is served with its icons and names the app", async ({ request }) => {
    const res = await request.get("/manifest.webmanifest");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: "AI Agora",
      short_name: "AI Agora",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#0f172a",
      background_color: "#0f172a",
    });
    const sizes = (purpose: string) =>
      manifest.icons
        .filter((i: { purpose: string }) => i.purpose === purpose)
        .map((i: { sizes: string }) => i.sizes);
    expect(sizes("any")).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(sizes("maskable")).toEqual(expect.arrayContaining(["512x512"]));
    for (const icon of [...manifest.icons, { src: "/icons/apple-touch-icon.png" }]) {
      const img = await request.get(icon.src);
      expect(img.status(), icon.src).toBe(200);
      expect(img.headers()["content-type"], icon.src).toBe("image/png");
    }
  });

  // Lighthouse's installability audit is Chromium's own check; DevTools exposes it as
  // Page.getInstallabilityErrors. Browser contexts of tests are incognito profiles (which
  // Chromium never offers to install), so this test opens a regular, persistent profile.
  test("Chromium reports no installability error and offers installation", async ({ baseURL }) => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "agora-pwa-profile-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await dismissOverlays(page);
      await page.goto(`${baseURL}/`);
      await controlledBy(page);
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send("Page.getAppManifest");
      expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors).toEqual([]);
      // The browser offered installation: the landing page's install button appears (SPEC §2.3).
      await expect(page.getByRole("button", { name: "Install App" })).toBeVisible();
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});

test.describe("installed app", () => {
  test('"PWA Mode" with an online/offline dot when running standalone, and no install card', async ({
    page,
    context,
  }) => {
    // Chromium cannot emulate display-mode: the page is told it runs standalone.
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes("display-mode: standalone")
          ? ({ ...original(query), matches: true, media: query } as MediaQueryList)
          : original(query);
    });
    await dismissOverlays(page);
    await page.clock.install();
    await page.goto("/forums");
    await expect(page.getByText("PWA Mode")).toBeVisible();
    await expect(page.getByText("PWA Mode")).toContainText("(online)");
    await context.setOffline(true);
    await expect(page.getByText("PWA Mode")).toContainText("(offline)");
    await context.setOffline(false);
    await expect(page.getByText("PWA Mode")).toContainText("(online)");
    // Already installed: the fallback never shows the install card.
    await page.clock.runFor(5000);
    await expect(page.getByRole("region", { name: "Install AI Agora" })).toHaveCount(0);
  });
});
