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
/**
 * The OpenID Connect provider of e2e/oidc.spec.ts (src/server/test/oidc-provider.ts), started
 * before the app, which is configured to offer it. Its button label names no "Sign in", so the
 * other journeys' "Sign In" buttons stay unique.
 */
const OIDC_PROVIDER_PORT = PORT + 1000;
const OIDC = {
  OIDC_ISSUER_URL: `http://127.0.0.1:${OIDC_PROVIDER_PORT}`,
  OIDC_CLIENT_ID: "agora-e2e",
  OIDC_CLIENT_SECRET: "agora-e2e-secret-0123456789abcdef0123456789abcdef",
  OIDC_BUTTON_LABEL: "Continue with Test ID",
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A journey is many pages and axe runs; CI's shared cores have run them at less than half this
  // machine's speed, and on 2026-12-07 at a fifth (the Arena journeys took 1.9 of their 2
  // minutes). The limits catch a hang, they measure nothing (speed lives in bench/).
  timeout: process.env.CI ? 240_000 : 60_000,
  expect: { timeout: process.env.CI ? 30_000 : 10_000 },
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
  webServer: [
    {
      command: "npx tsx e2e/oidc-provider.ts",
      url: `${OIDC.OIDC_ISSUER_URL}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        OIDC_PROVIDER_PORT: String(OIDC_PROVIDER_PORT),
        OIDC_REDIRECT_URI: `${BASE_URL}/auth/oidc/callback`,
        OIDC_CLIENT_ID: OIDC.OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET: OIDC.OIDC_CLIENT_SECRET,
      },
    },
    {
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
        ...OIDC,
      },
    },
  ],
});
