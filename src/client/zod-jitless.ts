/**
 * Zod (loaded by the routes with forms or schemas) probes whether it may compile validators with
 * `new Function` the first time it builds an object schema. Our Content-Security-Policy has no
 * 'unsafe-eval', so the probe fails and Chromium reports a CSP violation on every such page
 * (Lighthouse: Best Practices, "Issues were logged"). Zod reads its settings from this global
 * (zod/v4/core `globalConfig`); setting `jitless` before any zod code runs skips the probe, and
 * validation takes the interpreted path it took anyway under the CSP.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
