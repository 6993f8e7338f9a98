import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * Browser journeys in Debian's Chromium (no browser download). The production build is served
 * on a throwaway embedded database with demo data; `npm run test:e2e` builds first.
 */
const PORT = Number(process.env.E2E_PORT ?? 5199);
const DATA_DIR = path.join(os.tmpdir(), `agora-e2e-${PORT}`);
export const BASE_URL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    // The API refuses a cookie-authenticated write that names no Origin (issue 25); the browser
    // sends one on its own, the tests' request contexts (context.request.post) send it here.
    extraHTTPHeaders: { Origin: BASE_URL },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && node dist/server/main.js`,
    url: `${BASE_URL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      DATA_DIR,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "1",
      ADMIN_EMAILS: "admin@e2e.test",
      SEED_DEMO: "1",
      // The Arena journey votes as new members and watches the boards change (decision 0095).
      ARENA_VOTE_DELAY_DAYS: "0",
      ARENA_RECOMPUTE_SECONDS: "5",
    },
  },
});
