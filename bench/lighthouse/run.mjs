/**
 * Lighthouse on AI Agora's public pages (issue 12): `/` (signed out), `/ai-models`,
 * `/ai-models/<slug>` and `/ai-models/compare?models=<3 ids>`, with Lighthouse's default mobile
 * settings (Moto G Power emulation, simulated slow 4G throttling) in Debian's Chromium.
 *
 *   npm --prefix bench/lighthouse install --no-audit --no-fund     (once)
 *   node bench/lighthouse/run.mjs [--client <dir>] [--url <base url>] [--runs <n>] [--only <page>]
 *
 * Without --url it starts the production server (NODE_ENV=production, empty DATA_DIR, demo seed)
 * on a free port, serving the client build in --client (default dist/client; build it first with
 * `npx vite build --outDir <dir>`). It prints the four category scores per page and writes them
 * to bench/results/lighthouse-<date>.json. With --runs n each page is measured n times and the
 * median run (by Performance) is kept; every run's scores are in the JSON.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitReady(base, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/ready`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${base} not ready after 120 s`);
}

/**
 * The server takes its client build from `dist/client` under its working directory
 * (src/server/main.ts), so it runs in a scratch directory whose dist/client and dist/ssr link to the
 * builds (the SSR build is looked up beside the client's: <client dir>/../ssr).
 */
async function startServer(clientDir) {
  if (!fs.existsSync(path.join(clientDir, "index.html"))) {
    throw new Error(`No client build in ${clientDir}: npx vite build --outDir ${clientDir}`);
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "agora-lighthouse-"));
  fs.mkdirSync(path.join(scratch, "dist"));
  fs.symlinkSync(clientDir, path.join(scratch, "dist", "client"), "dir");
  // Visitors' pages are rendered by the SSR build (npm run build:ssr), next to the client's.
  const ssrDir = path.resolve(clientDir, "..", "ssr");
  if (!fs.existsSync(path.join(ssrDir, "entry-server.js"))) {
    throw new Error(`No server-rendering build in ${ssrDir}: npm run build:ssr`);
  }
  fs.symlinkSync(ssrDir, path.join(scratch, "dist", "ssr"), "dir");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "src/server/main.ts")], {
    cwd: scratch,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATA_DIR: path.join(scratch, "data"),
      DATABASE_URL: "",
      REDIS_URL: "",
      SEED_DEMO: "1",
      LOG_LEVEL: "warn",
    },
    // Its output is forwarded, not shared: the run's own stdout closes when the run ends.
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d) => process.stderr.write(d));
  child.stderr.on("data", (d) => process.stderr.write(d));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    fs.rmSync(scratch, { recursive: true, force: true });
  };
  // The server never outlives the run, whatever way it ends.
  process.once("exit", () => child.exitCode === null && child.kill("SIGKILL"));
  try {
    await waitReady(base, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, stop };
}

async function pagesFor(base) {
  const res = await fetch(`${base}/api/ai-models?sort=rating&limit=3`);
  if (!res.ok) throw new Error(`GET /api/ai-models: ${res.status}`);
  const models = await res.json();
  if (models.length < 3) throw new Error("fewer than 3 models seeded");
  return [
    { name: "/ (signed out)", path: "/" },
    { name: "/ai-models", path: "/ai-models" },
    { name: "/ai-models/{slug}", path: `/ai-models/${models[0].slug}` },
    {
      name: "/ai-models/compare",
      path: `/ai-models/compare?models=${models.map((m) => m.id).join(",")}`,
      // A members' screen (SPEC §2.1): measured signed in.
      cookie: await signIn(base),
    },
  ];
}

/** Registers a throwaway member and returns its session cookie. */
async function signIn(base) {
  const n = String(Date.now()).slice(-6);
  const res = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: new URL(base).origin },
    body: JSON.stringify({
      username: `lhrun${n}`,
      email: `lhrun${n}@bench.test`,
      password: `Lh-run-${n}-pw!`,
    }),
  });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!res.ok || !cookie)
    throw new Error(`registering the measuring member: ${res.status} ${await res.text()}`);
  return cookie;
}

async function measure(url, port, cookie) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES,
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  const lhr = result.lhr;
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  );
  const failed = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
    .map((a) => ({
      id: a.id,
      score: a.score,
      displayValue: a.displayValue,
      // What to fix: the first few items, without the screenshots.
      items: JSON.parse(
        JSON.stringify(Array.isArray(a.details?.items) ? a.details.items.slice(0, 5) : [], (k, v) =>
          k === "boundingRect" || (k === "snippet" && v.length > 300) ? undefined : v,
        ),
      ),
    }));
  const metrics = Object.fromEntries(
    [
      "first-contentful-paint",
      "largest-contentful-paint",
      "total-blocking-time",
      "cumulative-layout-shift",
      "speed-index",
    ].map((id) => [id, lhr.audits[id]?.displayValue]),
  );
  return {
    scores,
    metrics,
    failed,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment?.hostUserAgent,
  };
}

if (!fs.existsSync(CHROMIUM)) {
  console.error(`No Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROME_PATH).`);
  process.exit(2);
}
const urlArg = arg("url");
const runs = Math.max(1, Number(arg("runs", "1")) || 1);
const server = urlArg
  ? { base: urlArg.replace(/\/+$/, ""), stop: async () => {} }
  : await startServer(path.resolve(arg("client", path.join(root, "dist/client"))));
let chrome;
try {
  const only = arg("only");
  const pages = (await pagesFor(server.base)).filter(
    (p) => !only || p.path === only || p.name.includes(only),
  );
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const results = [];
  for (const page of pages) {
    const url = `${server.base}${page.path}`;
    const all = [];
    for (let i = 0; i < runs; i++) all.push(await measure(url, chrome.port, page.cookie));
    all.sort((a, b) => a.scores.performance - b.scores.performance);
    const kept = all[Math.floor((all.length - 1) / 2)];
    results.push({
      page: page.name,
      url: page.path,
      signedIn: Boolean(page.cookie),
      ...kept,
      runs: all.map((r) => r.scores),
    });
    console.log(
      `${page.name.padEnd(20)} ${CATEGORIES.map((c) => `${c} ${String(kept.scores[c]).padStart(3)}`).join("  ")}`,
    );
    for (const f of kept.failed)
      console.log(`    below 0.9: ${f.id}${f.displayValue ? ` (${f.displayValue})` : ""}`);
  }
  const browser = await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json();
  const out = {
    date: new Date().toISOString(),
    lighthouse: results[0]?.lighthouseVersion,
    chromium: browser.Browser,
    settings: "Lighthouse default mobile: Moto G Power emulation, simulated throttling (slow 4G, 4x CPU)",
    runsPerPage: runs,
    results,
  };
  const dir = path.join(root, "bench/results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `lighthouse-${out.date.slice(0, 19).replace(/:/g, "-")}.json`);
  fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\n${out.chromium}, Lighthouse ${out.lighthouse}; written ${path.relative(root, file)}`);
} finally {
  await chrome?.kill();
  await server.stop();
}
