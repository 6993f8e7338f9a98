// `npm run scale-out`: two (or more) app instances behind nginx, sharing PostgreSQL and Redis
// (docs/operations.md). Usage:
//
//   DATABASE_URL=postgres://… REDIS_URL=redis://… node scripts/scale-out.mjs [options] [-- entry command]
//
//   --port <n>        nginx's port (default SCALE_OUT_PORT or 8080; 0 picks a free one)
//   --instances <n>   how many app instances (default 2)
//   -- <command…>     how to start one instance (default: node dist/server/main.js, the production
//                     build; e.g. `-- node --import tsx src/server/main.ts` runs the sources)
//
// Each instance gets its own PORT (free ports on 127.0.0.1) and the same DATABASE_URL, REDIS_URL,
// DATA_DIR and APP_URL (nginx's address unless APP_URL is set), with TRUST_PROXY=1. nginx runs
// from ops/nginx.conf rendered into a temporary directory (pid, logs, temp files). Once every
// instance and nginx answer /api/ready, one line `scale-out ready {json}` gives the addresses;
// SIGINT/SIGTERM stops nginx and the instances (gracefully) and removes the temporary directory.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function fail(message) {
  console.error(`scale-out: ${message}`);
  process.exit(1);
}

// ---- options ----
const argv = process.argv.slice(2);
const dash = argv.indexOf("--");
const options = dash >= 0 ? argv.slice(0, dash) : argv;
const entry = dash >= 0 ? argv.slice(dash + 1) : ["node", "dist/server/main.js"];
let nginxPort = Number(process.env.SCALE_OUT_PORT ?? 8080);
let instanceCount = 2;
for (let i = 0; i < options.length; i++) {
  const value = options[i + 1];
  if (options[i] === "--port") nginxPort = Number(value);
  else if (options[i] === "--instances") instanceCount = Number(value);
  else if (options[i] === "--help" || options[i] === "-h") {
    console.log(fs.readFileSync(fileURLToPath(import.meta.url), "utf8").split("\nimport")[0]);
    process.exit(0);
  } else fail(`unknown option ${options[i]} (see --help)`);
  i++;
}
if (!Number.isInteger(nginxPort) || nginxPort < 0 || nginxPort > 65535) fail("--port must be a port number");
if (!Number.isInteger(instanceCount) || instanceCount < 1 || instanceCount > 16)
  fail("--instances must be between 1 and 16");
if (entry.length === 0) fail("no entry command after --");
if (!process.env.DATABASE_URL)
  fail("set DATABASE_URL (PostgreSQL): instances cannot share the embedded database");
if (!process.env.REDIS_URL)
  fail("set REDIS_URL: without Redis, rate limits and live streams stay per instance");
if (entry[0] === "node" && entry[1] === "dist/server/main.js" && !fs.existsSync(path.join(root, entry[1])))
  fail("dist/server/main.js is missing: run `npm run build` first (or pass `-- <command>`)");
const nginxBin = process.env.NGINX_BIN ?? "nginx";
if (spawnSync(nginxBin, ["-v"], { stdio: "ignore" }).error)
  fail(`${nginxBin} not found: install it (Debian: apt-get install nginx) or set NGINX_BIN`);

// ---- helpers ----
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const children = [];
let stopping = false;

/** Starts a child whose output lines are prefixed with its name. */
function start(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const prefix = (stream, out) => {
    let rest = "";
    stream.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
    stream.on("end", () => rest && out.write(`[${name}] ${rest}\n`));
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  const exited = new Promise((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal));
    child.once("error", (err) => {
      console.error(`[${name}] could not start ${command}: ${err.message}`);
      resolve("error");
    });
  });
  const entry = { name, child, exited };
  children.push(entry);
  exited.then((how) => {
    if (!stopping) {
      console.error(`scale-out: ${name} exited (${how}); stopping everything`);
      void stop(1);
    }
  });
  return entry;
}

async function waitReady(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (stopping) throw new Error("stopped");
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

let runDir;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  // nginx first (SIGQUIT: finish the requests in flight), then the instances (SIGTERM: main.ts
  // stops accepting, finishes in-flight requests, closes the database and exits).
  const nginx = children.find((c) => c.name === "nginx");
  if (nginx && nginx.child.exitCode === null) nginx.child.kill("SIGQUIT");
  for (const c of children) if (c !== nginx && c.child.exitCode === null) c.child.kill("SIGTERM");
  const timer = setTimeout(() => {
    for (const c of children) if (c.child.exitCode === null) c.child.kill("SIGKILL");
  }, 20_000);
  await Promise.all(children.map((c) => c.exited));
  clearTimeout(timer);
  if (runDir) fs.rmSync(runDir, { recursive: true, force: true });
  console.log("scale-out: stopped");
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

// ---- run ----
runDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-scale-out-"));
// nginx's workers run as an unprivileged user when started by root: they must reach the run dir.
fs.chmodSync(runDir, 0o755);
if (nginxPort === 0) nginxPort = await freePort();
const ports = [];
for (let i = 0; i < instanceCount; i++) {
  let port = await freePort();
  while (port === nginxPort || ports.includes(port)) port = await freePort();
  ports.push(port);
}
const publicUrl = `http://127.0.0.1:${nginxPort}`;
const names = ports.map((_, i) => String.fromCharCode(97 + i)); // a, b, …

const template = fs.readFileSync(path.join(root, "ops/nginx.conf"), "utf8");
const rendered = template
  .replaceAll("{{RUN_DIR}}", runDir)
  .replaceAll("{{LISTEN}}", `127.0.0.1:${nginxPort}`)
  .replaceAll("{{USER}}", process.getuid?.() === 0 ? "user nobody nogroup;" : "")
  .replaceAll(
    "{{SERVERS}}",
    ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join("\n"),
  );
const confFile = path.join(runDir, "nginx.conf");
fs.writeFileSync(confFile, rendered);

const baseEnv = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? "production",
  HOST: "127.0.0.1",
  TRUST_PROXY: "1",
  APP_URL: process.env.APP_URL ?? publicUrl,
};
const instances = [];
const readyTimeout = Number(process.env.SCALE_OUT_READY_TIMEOUT_MS ?? 120_000);
try {
  // The first instance migrates the database (ours and pg-boss's schema) and seeds it; the others
  // start once it is ready, as in a rolling deployment, instead of all racing to install.
  const [first, ...others] = ports;
  const launch = (port) =>
    instances.push(
      start(names[ports.indexOf(port)], entry[0], entry.slice(1), { ...baseEnv, PORT: String(port) }),
    );
  launch(first);
  await waitReady(`http://127.0.0.1:${first}/api/ready`, readyTimeout);
  for (const port of others) launch(port);
  await Promise.all(others.map((p) => waitReady(`http://127.0.0.1:${p}/api/ready`, readyTimeout)));
  const errorLog = path.join(runDir, "error.log");
  start("nginx", nginxBin, ["-c", confFile, "-p", runDir, "-e", errorLog, "-g", "daemon off;"], process.env);
  await waitReady(`${publicUrl}/api/ready`, 15_000);
} catch (err) {
  if (!stopping) console.error(`scale-out: ${err.message}`);
  await stop(1);
}
if (stopping) await new Promise(() => {}); // a child died while starting: stop() exits

const summary = {
  url: publicUrl,
  instances: ports.map((port, i) => ({
    name: names[i],
    url: `http://127.0.0.1:${port}`,
    pid: instances[i].child.pid,
  })),
  nginx: {
    pid: children.find((c) => c.name === "nginx")?.child.pid,
    config: confFile,
    accessLog: path.join(runDir, "access.log"),
  },
};
console.log(`scale-out ready ${JSON.stringify(summary)}`);
console.log(`\nAI Agora on ${publicUrl} (nginx) in front of:`);
for (const i of summary.instances) console.log(`  instance ${i.name}: ${i.url} (pid ${i.pid})`);
console.log(`nginx access log (upstream=… names the instance): ${summary.nginx.accessLog}`);
console.log("Ctrl+C stops everything.");
