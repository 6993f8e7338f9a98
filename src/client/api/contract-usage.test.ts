import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Screens reach the API only through the contract (docs/decisions/0082): `call(route, input)`,
 * `urlOf(route, input)`, `routeKey(route, …)`. A URL string or a cast of an answer in a feature would
 * let a renamed route or field reach users instead of the typecheck.
 */
const FEATURES = path.join(import.meta.dirname, "../features");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const offences = (pattern: RegExp) =>
  sources(FEATURES).flatMap((file) =>
    fs
      .readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) =>
        pattern.test(line) ? [`${path.relative(FEATURES, file)}:${i + 1}: ${line.trim()}`] : [],
      ),
  );

describe("client features call the API through the contract", () => {
  it("hold no /api/ URL string", () => {
    expect(offences(/["'`]\/api\//)).toEqual([]);
  });

  it("cast no answer (getJson<T>, apiRequest<T>) and build no URL by hand", () => {
    expect(offences(/\b(getJson|apiRequest|withQuery)\b/)).toEqual([]);
  });
});
