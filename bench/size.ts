/**
 * Front-end JavaScript budgets (issue 12), checked on the Vite build:
 *   - the landing page: the entry chunk + the landing route chunk + all their static imports
 *     <= 120 kB gzip;
 *   - every other lazily loaded chunk (each route, and lazily loaded layout parts): the JS it
 *     adds, with its static imports, on top of what is already loaded whenever it can be
 *     requested, <= 60 kB gzip. That is the entry's closure, plus, for a chunk that only lazily
 *     loaded chunks import (a form inside a route, say), what all of those importers load.
 * The entry comes from index.html, the chunk graph from .vite/manifest.json (build.manifest).
 * kB = 1000 bytes, gzip level 9. Exit code 1 when a budget is exceeded.
 *
 *   npm run bench:size [-- <client dir>]      (default dist/client, or BENCH_CLIENT_DIR)
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const LANDING_BUDGET = 120_000;
export const ROUTE_BUDGET = 60_000;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const dir = path.resolve(process.argv[2] ?? process.env.BENCH_CLIENT_DIR ?? "dist/client");
const manifestPath = path.join(dir, ".vite", "manifest.json");
if (!fs.existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build the client first (npm run build:client, build.manifest on).`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Manifest;

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The chunk and everything it imports statically (what the browser must load before it runs). */
function closure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, into);
  return into;
}
const jsSize = (keys: Iterable<string>) => {
  let total = 0;
  for (const k of keys) {
    const file = manifest[k]?.file;
    if (file?.endsWith(".js")) total += gzipSize(file);
  }
  return total;
};

// The entry: the module public/theme-init.js's tag names, started after the first paint
// (vite.config.ts entryAfterFirstPaint), or a module script.
const html = fs.readFileSync(path.join(dir, "index.html"), "utf8");
const entrySrc =
  html.match(/<script[^>]*data-entry="\/?([^"]+)"/)?.[1] ??
  html.match(/<script[^>]*type="module"[^>]*src="\/?([^"]+)"/)?.[1];
const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry && manifest[k]?.file === entrySrc);
if (!entryKey) {
  console.error(
    `Could not find the entry chunk ${entrySrc ?? "(no entry link or module script)"} in the manifest.`,
  );
  process.exit(2);
}
const entry = closure(entryKey);

// Every lazily loaded chunk reachable from the entry's code (routes, lazy layout parts...).
const lazyKeys = new Set<string>();
const queue = [...entry];
while (queue.length > 0) {
  const key = queue.shift() as string;
  for (const dyn of manifest[key]?.dynamicImports ?? []) {
    if (!lazyKeys.has(dyn) && manifest[dyn]?.file.endsWith(".js")) {
      lazyKeys.add(dyn);
      queue.push(...closure(dyn));
    }
  }
}

interface Row {
  name: string;
  gzip: number;
  budget: number;
}
const rows: Row[] = [];
const landingKey = [...lazyKeys].find((k) => /features\/landing\/LandingPage\.tsx$/.test(k));
const landing = new Set(entry);
if (landingKey) closure(landingKey, landing);
rows.push({
  name: `landing page (entry${landingKey ? " + LandingPage" : ""})`,
  gzip: jsSize(landing),
  budget: LANDING_BUDGET,
});
rows.push({ name: "  of which entry", gzip: jsSize(entry), budget: LANDING_BUDGET });

/** What is surely loaded before `key` can be requested: the entry's closure, plus, when only lazy
 * chunks import it, what every one of them (and what they need first) loads. */
const loadedBefore = new Map<string, Set<string>>();
function before(key: string, visiting = new Set<string>()): Set<string> {
  const known = loadedBefore.get(key);
  if (known) return known;
  const importers = Object.keys(manifest).filter((k) => manifest[k]?.dynamicImports?.includes(key));
  let result = entry;
  if (importers.length > 0 && importers.every((k) => lazyKeys.has(k) && !visiting.has(k))) {
    visiting.add(key);
    const sets = importers.map((k) => new Set([...before(k, visiting), ...closure(k)]));
    result = new Set([...entry, ...[...(sets[0] ?? [])].filter((k) => sets.every((set) => set.has(k)))]);
    visiting.delete(key);
  }
  loadedBefore.set(key, result);
  return result;
}

for (const key of [...lazyKeys].sort()) {
  if (key === landingKey) continue;
  const base = before(key);
  const added = [...closure(key)].filter((k) => !base.has(k));
  const name = `${(manifest[key]?.src ?? key).replace(/^src\/client\//, "")}${base === entry ? "" : " (nested)"}`;
  rows.push({ name, gzip: jsSize(added), budget: ROUTE_BUDGET });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const width = Math.max(...rows.map((r) => r.name.length));
console.log(`JavaScript budgets (gzip -9, kB = 1000 bytes) for ${dir}\n`);
console.log(`${"chunk".padEnd(width)}  ${"gzip".padStart(9)}  ${"budget".padStart(9)}`);
let failures = 0;
for (const r of rows) {
  const over = r.gzip > r.budget;
  if (over) failures++;
  console.log(
    `${r.name.padEnd(width)}  ${kb(r.gzip).padStart(9)}  ${kb(r.budget).padStart(9)}${over ? "  OVER BUDGET" : ""}`,
  );
}
if (failures > 0) {
  console.error(`\n${failures} chunk(s) over budget.`);
  process.exit(1);
}
console.log(
  "\n(nested): a chunk only lazily loaded chunks import; counted on top of what they load too.\nAll within budget.",
);
