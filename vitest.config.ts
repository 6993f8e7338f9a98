import { defineConfig } from "vitest/config";

/**
 * Three kinds of test: unit (`*.test.ts`, pure), API (`*.api.test.ts`, the real app on a real
 * database). API tests always run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
 * Browser journeys live in e2e/ and run with Playwright (`npm run test:e2e`).
 */
const api = {
  include: ["src/**/*.api.test.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // CI runs on a shared 2-core machine: one retry absorbs a timing hiccup; a real failure fails twice.
  retry: process.env.CI ? 1 : 0,
  // Each file builds its own app on its own database; sharing the imported modules between the
  // files a worker runs (instead of importing the whole server again for each) cut the suite's
  // time by a quarter (21.6 → 15.6 min on this 2-core machine). Module state is per app (ctx),
  // never per file, so nothing leaks that a test depends on.
  isolate: false,
};

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
          exclude: [
            "src/**/*.api.test.ts",
            "src/**/*.redis.test.ts",
            "src/**/*.process.test.ts",
            "src/**/*.scaleout.test.ts",
          ],
          environment: "node",
        },
      },
      // Real server processes (spawned with tsx): SIGKILL and dependency-fault tests.
      {
        test: {
          name: "process",
          include: ["src/**/*.process.test.ts"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 120_000,
          retry: process.env.CI ? 1 : 0,
        },
      },
      { test: { name: "api-pglite", ...api, env: { AGORA_TEST_DB: "pglite" } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: "api-postgres", ...api, env: { AGORA_TEST_DB: "postgres" } } }]
        : []),
      // Several instances agreeing through Redis: only where a Redis server is provided.
      ...(process.env.TEST_REDIS_URL
        ? [
            {
              test: {
                name: "redis",
                ...api,
                include: ["src/**/*.redis.test.ts"],
                env: { AGORA_TEST_DB: "pglite" },
              },
            },
            // scripts/scale-out.mjs for real: two server processes behind nginx (Debian package),
            // on PostgreSQL (TEST_DATABASE_URL's server, else 127.0.0.1:5432) and this Redis.
            {
              test: {
                name: "scale-out",
                include: ["src/**/*.scaleout.test.ts"],
                environment: "node",
                testTimeout: 60_000,
                hookTimeout: 150_000,
              },
            },
          ]
        : []),
    ],
  },
});
