import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/** Starts the real entry point (src/server/main.ts) as a process, like `npm start` does. */
function startServer(env: Record<string, string>): { proc: ChildProcess; output: () => string } {
  let out = "";
  const proc = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "info", SEED_DEMO: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout?.on("data", (d) => {
    out += d;
  });
  proc.stderr?.on("data", (d) => {
    out += d;
  });
  return { proc, output: () => out };
}

async function waitFor(url: string, timeoutMs = 150_000): Promise<Response> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

const exited = (proc: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (proc.exitCode !== null) resolve(proc.exitCode);
    else proc.once("exit", (code) => resolve(code));
  });

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe("the server process", () => {
  // Each test starts real processes (tsx compiles the server, PGlite boots, migrations and the
  // reference seed run), which takes a while on a loaded 2-core machine.
  it("refuses to start with a bad configuration value, naming it", { timeout: 60_000 }, async () => {
    const { proc, output } = startServer({ PORT: "not-a-port" });
    expect(await exited(proc)).toBe(1);
    expect(output()).toContain("PORT");
  });

  it("serves, then on SIGTERM stops accepting, closes the database and exits 0", {
    timeout: 180_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-main-"));
    dirs.push(dataDir);
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const { proc, output } = startServer({ PORT: port, HOST: "127.0.0.1", DATA_DIR: dataDir });
    const res = await waitFor(`http://127.0.0.1:${port}/api/ready`);
    expect(res.status).toBe(200);
    // The embedded database holds its lock while running…
    expect(fs.existsSync(path.join(dataDir, "agora.lock"))).toBe(true);

    // …and a second server on the same DATA_DIR is refused instead of corrupting it.
    const second = startServer({ PORT: String(Number(port) + 1), HOST: "127.0.0.1", DATA_DIR: dataDir });
    expect(await exited(second.proc)).toBe(1);
    expect(second.output()).toContain("in use by process");

    proc.kill("SIGTERM");
    expect(await exited(proc)).toBe(0);
    expect(output()).toContain("shutting down");
    expect(fs.existsSync(path.join(dataDir, "agora.lock"))).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});
