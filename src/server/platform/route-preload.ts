import fs from "node:fs";
import path from "node:path";

/**
 * Each screen is a lazy chunk (src/client/routes.tsx), fetched only once the entry script has run
 * and chosen the route — a second round trip before the page's content can paint (and, signed
 * in, a third after GET /api/auth/me). For the public pages people land on, the server names the
 * screen's chunk and its imports in the HTML (given to public/boot.js, which preloads them with the
 * entry; platform/first-paint.ts), so the browser downloads them alongside the entry (Lighthouse
 * "network dependency tree", issue 12 §4). A wrong guess costs one unused download; nothing
 * changes in what runs.
 */
export interface RoutePreload {
  /** The screen's module, as the Vite manifest names it (a path from the project root). */
  source: string;
  matches(path: string, signedIn: boolean): boolean;
}

const screen = (file: string) => `src/client/features/${file}`;

/** Mirrors the public routes of src/client/routes.tsx (the sources are checked to exist in a test). */
export const ROUTE_PRELOADS: RoutePreload[] = [
  { source: screen("landing/LandingPage.tsx"), matches: (p, signedIn) => p === "/" && !signedIn },
  { source: screen("home/HomePage.tsx"), matches: (p, signedIn) => p === "/" && signedIn },
  { source: screen("ai-models/ModelsPage.tsx"), matches: (p) => p === "/ai-models" || p === "/models" },
  {
    source: screen("ai-models/ComparePage.tsx"),
    matches: (p, signedIn) => p === "/ai-models/compare" && signedIn,
  },
  {
    source: screen("landing/LandingPage.tsx"),
    matches: (p, signedIn) => p === "/ai-models/compare" && !signedIn,
  },
  {
    source: screen("ai-models/ModelDetailPage.tsx"),
    matches: (p) => /^\/ai-models\/[^/]+$/.test(p) && p !== "/ai-models/compare",
  },
  { source: screen("forums/ForumsPage.tsx"), matches: (p) => p === "/forums" },
  { source: screen("prompts/PromptsPage.tsx"), matches: (p) => p === "/prompts" },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** Reads the build's Vite manifest; without one (no client build, or an old one) nothing is preloaded. */
export function loadManifest(clientDir: string): Manifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(clientDir, ".vite", "manifest.json"), "utf8")) as Manifest;
  } catch {
    return undefined;
  }
}

/** The chunk files of `key` and everything it imports, minus the entry and what the entry imports (already in the HTML). */
function chunkFiles(manifest: Manifest, key: string): string[] {
  const loadedWithEntry = new Set<string>();
  for (const [k, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    loadedWithEntry.add(k);
    for (const i of chunk.imports ?? []) loadedWithEntry.add(i);
  }
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || loadedWithEntry.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) return;
    files.push(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(key);
  return files;
}

/** The module files to preload for a page path (none when the page is not listed). */
export function routePreloads(manifest: Manifest | undefined, urlPath: string, signedIn: boolean): string[] {
  if (!manifest) return [];
  const clean = urlPath.length > 1 ? urlPath.replace(/\/+$/, "") : urlPath;
  const route = ROUTE_PRELOADS.find((r) => r.matches(clean, signedIn));
  if (!route) return [];
  return chunkFiles(manifest, route.source).map((file) => `/${encodeURI(file)}`);
}
