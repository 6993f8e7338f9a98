import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../common/constants";
import { tempClientBuild } from "../test/client-build";
import { createTestApp, type TestApp } from "../test/harness";
import { ROUTE_PRELOADS } from "./route-preload";

let t: TestApp;
// A manifest shaped like Vite's: the entry with its static imports, lazy screens with theirs.
const manifest = {
  "index.html": { file: "assets/index-E.js", isEntry: true, imports: ["_jsx-J.js", "_http-H.js"] },
  "_jsx-J.js": { file: "assets/jsx-J.js" },
  "_http-H.js": { file: "assets/http-H.js" },
  "_card-C.js": { file: "assets/card-C.js", imports: ["_jsx-J.js", "_badge-B.js"] },
  "_badge-B.js": { file: "assets/badge-B.js" },
  "src/client/features/landing/LandingPage.tsx": {
    file: "assets/LandingPage-L.js",
    isDynamicEntry: true,
    imports: ["index.html", "_card-C.js", "_jsx-J.js"],
  },
  "src/client/features/posts/HomePage.tsx": {
    file: "assets/HomePage-M.js",
    isDynamicEntry: true,
    imports: ["index.html", "_http-H.js"],
  },
  "src/client/features/ai-models/ModelsPage.tsx": {
    file: "assets/ModelsPage-D.js",
    isDynamicEntry: true,
    imports: ["_card-C.js"],
  },
  "src/client/features/ai-models/ModelDetailPage.tsx": {
    file: "assets/ModelDetailPage-X.js",
    isDynamicEntry: true,
  },
  "src/client/features/ai-models/ComparePage.tsx": { file: "assets/ComparePage-Y.js", isDynamicEntry: true },
};
const clientDir = tempClientBuild({
  "index.html": [
    "<!doctype html><html><head><title>x</title>",
    '<script type="module" crossorigin src="/assets/index-E.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/jsx-J.js">',
    '<link rel="modulepreload" crossorigin href="/assets/http-H.js">',
    '</head><body><div id="root"></div></body></html>',
  ].join("\n"),
  ".vite/manifest.json": JSON.stringify(manifest),
});

beforeAll(async () => {
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** What boot.js is told to preload, less the entry's own imports (always there, listed last). */
const ENTRY_IMPORTS = ["/assets/jsx-J.js", "/assets/http-H.js"];
function preloads(html: string): string[] {
  const list =
    /<script defer src="\/boot\.js" data-entry="\/assets\/index-E\.js" data-preload="([^"]*)"/.exec(
      html,
    )?.[1];
  expect(list, "boot.js starts the entry").toBeDefined();
  const hrefs = list!.split(",");
  expect(hrefs.slice(-ENTRY_IMPORTS.length)).toEqual(ENTRY_IMPORTS);
  return hrefs.slice(0, -ENTRY_IMPORTS.length);
}

async function page(url: string, signedIn = false) {
  const res = await t.inject({
    method: "GET",
    url,
    cookies: signedIn ? { [SESSION_COOKIE]: "any-token" } : undefined,
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe("route chunk preloads", () => {
  it("names the landing screen's chunk and its imports, but not what the entry already loads", async () => {
    expect(preloads(await page("/"))).toEqual([
      "/assets/LandingPage-L.js",
      "/assets/card-C.js",
      "/assets/badge-B.js",
    ]);
  });

  it("preloads the home feed instead when the visitor has a session cookie", async () => {
    expect(preloads(await page("/", true))).toEqual(["/assets/HomePage-M.js"]);
  });

  it("preloads the directory, a model page and (signed in) the comparison", async () => {
    expect(preloads(await page("/ai-models"))).toEqual([
      "/assets/ModelsPage-D.js",
      "/assets/card-C.js",
      "/assets/badge-B.js",
    ]);
    expect(preloads(await page("/ai-models/gpt-4o/"))).toEqual(["/assets/ModelDetailPage-X.js"]);
    expect(preloads(await page("/ai-models/compare?models=1,2", true))).toEqual(["/assets/ComparePage-Y.js"]);
    // A visitor's comparison is the landing page (src/client/routes.tsx).
    expect(preloads(await page("/ai-models/compare?models=1,2"))[0]).toBe("/assets/LandingPage-L.js");
  });

  it("preloads nothing for pages it does not list, or a screen missing from the manifest", async () => {
    expect(preloads(await page("/terms-of-service"))).toEqual([]);
    expect(preloads(await page("/forums"))).toEqual([]);
  });

  it("lists only screens that exist, so a renamed screen fails here", () => {
    for (const route of ROUTE_PRELOADS) {
      expect(fs.existsSync(path.join(process.cwd(), route.source)), route.source).toBe(true);
    }
  });
});
