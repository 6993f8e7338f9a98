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
/** A visitor's `/` and any page that shows them the landing page. */
export const LANDING_SCREEN = screen("landing/LandingPage.tsx");

/** Mirrors the public routes of src/client/routes.tsx (the sources are checked to exist in a test). */
export const ROUTE_PRELOADS: RoutePreload[] = [
  // The comparison is a members' screen: a visitor gets the landing page there.
  {
    source: LANDING_SCREEN,
    matches: (p, signedIn) => !signedIn && (p === "/" || p === "/ai-models/compare"),
  },
  { source: screen("posts/HomePage.tsx"), matches: (p, signedIn) => p === "/" && signedIn },
  { source: screen("ai-models/ModelsPage.tsx"), matches: (p) => p === "/ai-models" || p === "/models" },
  {
    source: screen("ai-models/ComparePage.tsx"),
    matches: (p, signedIn) => p === "/ai-models/compare" && signedIn,
  },
  {
    source: screen("ai-models/ModelDetailPage.tsx"),
    matches: (p) => /^\/ai-models\/[^/]+$/.test(p) && p !== "/ai-models/compare",
  },
  { source: screen("forums/ForumsPage.tsx"), matches: (p) => p === "/forums" },
  { source: screen("prompts/PromptsPage.tsx"), matches: (p) => p === "/prompts" },
];

/** The screen a page path (already through `pagePath`) opens, when it is one of the listed public pages. */
export function screenFor(page: string, signedIn: boolean): string | undefined {
  return ROUTE_PRELOADS.find((r) => r.matches(page, signedIn))?.source;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Reads the build's Vite manifest once and lists, for every screen above, the files to preload:
 * its chunk and everything it imports, minus the entry and what the entry imports (boot.js loads
 * those anyway). Without a manifest (no client build, or an old one) nothing is preloaded.
 */
export function loadRoutePreloads(clientDir: string): Map<string, string[]> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(
      fs.readFileSync(path.join(clientDir, ".vite", "manifest.json"), "utf8"),
    ) as Manifest;
  } catch {
    return new Map();
  }
  const loadedWithEntry = new Set<string>();
  for (const [k, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    loadedWithEntry.add(k);
    for (const i of chunk.imports ?? []) loadedWithEntry.add(i);
  }
  const filesOf = (key: string): string[] => {
    const files: string[] = [];
    const seen = new Set<string>();
    const visit = (k: string) => {
      if (seen.has(k) || loadedWithEntry.has(k)) return;
      seen.add(k);
      const chunk = manifest[k];
      if (!chunk) return;
      files.push(`/${encodeURI(chunk.file)}`);
      for (const i of chunk.imports ?? []) visit(i);
    };
    visit(key);
    return files;
  };
  return new Map(ROUTE_PRELOADS.map((r) => [r.source, filesOf(r.source)]));
}

/** The module files to preload for a page path (already through `pagePath`); none when it is not listed. */
export function routePreloads(preloads: Map<string, string[]>, page: string, signedIn: boolean): string[] {
  const source = screenFor(page, signedIn);
  return (source && preloads.get(source)) || [];
}
