import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/connect";
import { createTestApp, type TestApp } from "../test/harness";
import { type Cast, createFixture, multipart } from "../test/fixture";
import { type Fixture, fillPath, routePolicy } from "../test/route-policy";

/**
 * Bad-input fuzzing (issue 13 §2): for every route, generated bodies, queries and path params
 * (wrong types, 100 KB strings, deep nesting, `__proto__`/`constructor` keys, invalid UTF-8,
 * SQL and HTML fragments) sent as a member and as an admin. Never a 5xx (503 only where the
 * route documents it), the app keeps answering, Object.prototype stays clean, and a refused
 * write (400) changes no content rows. FUZZ_RUNS sets the runs per route (default 25).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

let t: TestApp;
let cast: Cast;
let f: Fixture;
const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort().join(",");

beforeAll(async () => {
  t = await createTestApp();
  ({ cast, f } = await createFixture(t));
});
afterAll(async () => t?.close());

const SQL_FRAGMENTS = [
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  "1 UNION SELECT password_hash FROM users--",
  "$$; SELECT pg_sleep(5); $$",
  "\\x27",
  "%' AND 1=1 --",
];
const HTML_FRAGMENTS = [
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "javascript:alert(1)",
  '"><svg onload=alert(1)>',
  "{{constructor.constructor('alert(1)')()}}",
];
const ODD_STRINGS = [
  "",
  " ",
  "\u0000",
  "\uD800",
  "\uDFFF\uD800",
  "\u202E\u0000\uFEFF",
  "__proto__",
  "constructor",
  "prototype",
  "-1",
  "0",
  "1e309",
  "99999999999999999999999",
  "NaN",
  "../../../etc/passwd",
  "%00",
  "%E0%A4%A",
  "😀".repeat(50),
];

const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(...SQL_FRAGMENTS, ...HTML_FRAGMENTS, ...ODD_STRINGS),
  fc.constantFrom(1_000, 10_001, 100_000).map((n) => "a".repeat(n)),
);

const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    nastyString,
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1.5, 1e308),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("__proto__", "constructor")),
      tie("value"),
      {
        maxKeys: 4,
      },
    ),
  ),
})).value;

function deep(levels: number): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

type Payload = { raw: string | Buffer; type: string } | { json: unknown } | undefined;

/** A body: random JSON, the route's valid body with one field spoiled, pollution keys, deep nesting or bad bytes. */
function bodyArb(valid: unknown): fc.Arbitrary<Payload> {
  const validObject = valid && typeof valid === "object" ? (valid as Record<string, unknown>) : {};
  const keys = Object.keys(validObject);
  return fc.oneof(
    fc.constant(undefined),
    nastyValue.map((json) => ({ json })),
    keys.length
      ? fc
          .tuple(fc.constantFrom(...keys), nastyValue)
          .map(([key, value]) => ({ json: { ...validObject, [key]: value } }))
      : nastyValue.map((json) => ({ json })),
    fc.constantFrom("__proto__", "constructor", "prototype").map((key) => ({
      raw: JSON.stringify(validObject).replace(
        /^\{/,
        `{"${key}":{"polluted":"yes","prototype":{"polluted":"yes"}},${keys.length ? "" : '"x":1'}`,
      ),
      type: "application/json",
    })),
    fc.constantFrom(50, 2_000).map((levels) => ({ json: deep(levels) })),
    fc
      .constantFrom(
        Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), // {"a":"\xff\xfe"}
        Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]), // CESU lone surrogate
        Buffer.from('{"content":"\\ud800 lone"}'),
        Buffer.from("{not json"),
        Buffer.from("null"),
        Buffer.from('"a string"'),
      )
      .map((raw) => ({ raw, type: "application/json" })),
    fc.constantFrom("text/plain", "application/xml", "application/x-www-form-urlencoded").map((type) => ({
      raw: "a=1&b=<script>",
      type,
    })),
  );
}

const queryArb = (base: Record<string, string> | undefined) =>
  fc
    .dictionary(
      fc.oneof(
        fc.constantFrom("limit", "cursor", "q", "models", "sort", "tag", "period", "__proto__"),
        fc.string(),
      ),
      nastyString.map((s) => s.slice(0, 5_000)),
      { maxKeys: 3 },
    )
    .map((q) => ({ ...(base ?? {}), ...q }));

/** Percent-encodes a segment; a lone surrogate goes out as the invalid UTF-8 bytes of one. */
function encodeSegment(segment: string): string {
  try {
    return encodeURIComponent(segment);
  } catch {
    return `%ED%A0%80${encodeURIComponent(segment.replace(/[\uD800-\uDFFF]/g, ""))}`;
  }
}

function fuzzedPath(url: string, params: string[]): string {
  let i = 0;
  return url.replace(/:(\w+)/g, () => encodeSegment(params[i++] ?? "x"));
}

async function contentFingerprint(): Promise<string> {
  const rows = await queryRows<Record<string, number>>(
    t.ctx.db,
    sql`SELECT (SELECT count(*)::int FROM posts) AS posts, (SELECT count(*)::int FROM post_comments) AS comments,
      (SELECT count(*)::int FROM forum_threads) AS threads, (SELECT count(*)::int FROM forum_replies) AS replies,
      (SELECT count(*)::int FROM prompts) AS prompts, (SELECT count(*)::int FROM support_tickets) AS tickets,
      (SELECT count(*)::int FROM reports) AS reports, (SELECT count(*)::int FROM users) AS users`,
  );
  return JSON.stringify(rows[0]);
}

const fuzzable = Object.entries(routePolicy).filter(([, p]) => !p.stream);

describe("bad input never causes a server error", () => {
  it.each(fuzzable)("%s", async (key, policy) => {
    const [method, url] = key.split(" ") as [string, string];
    const paramCount = (url.match(/:\w+/g) ?? []).length;
    const writes = method !== "GET";
    const valid = policy.body?.(f);
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.boolean(),
        fc.array(
          fc.oneof(
            nastyString.map((s) => s.slice(0, 300)),
            fc.constant(""),
          ),
          {
            minLength: paramCount,
            maxLength: paramCount,
          },
        ),
        queryArb(policy.query),
        policy.upload
          ? fc.uint8Array({ maxLength: 2_000 }).map((bytes) => ({ upload: Buffer.from(bytes) }))
          : bodyArb(valid),
        async (asAdmin, keepParams, params, query, body) => {
          const as = policy.endsSession ? undefined : asAdmin ? cast.admin : cast.other;
          const opts: InjectOptions = {
            method: method as InjectOptions["method"],
            url: keepParams ? (policy.path?.(f) ?? fillPath(url, f)) : fuzzedPath(url, params),
            query,
          };
          if (body && "upload" in body) Object.assign(opts, multipart(body.upload as Buffer));
          else if (writes && body && "json" in body) opts.payload = body.json as InjectOptions["payload"];
          else if (writes && body && "raw" in body) {
            opts.payload = body.raw;
            opts.headers = { "content-type": body.type };
          }
          const before = writes ? await contentFingerprint() : "";
          const res = await t.inject({ ...opts, as });
          const allowed = res.statusCode < 500 || (res.statusCode === 503 && policy.may503);
          if (!allowed)
            throw new Error(`${res.statusCode} ${res.body} for ${JSON.stringify(opts).slice(0, 500)}`);
          expect(Object.getOwnPropertyNames(Object.prototype).sort().join(",")).toBe(protoKeys);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          if (writes && res.statusCode === 400) expect(await contentFingerprint()).toBe(before);
        },
      ),
      { numRuns: RUNS },
    );
    const health = await t.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
  });
});
