import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The interface is written in US English, as the spec is ("favorite", "Canceled"):
 * docs/decisions/0062-us-english-and-plurals.md. This guards the text members read — the client,
 * the shared messages and the model catalog — against British spellings creeping back in.
 * Identifiers (e.g. `notAuthorised`) are not text: only words starting in lower case after a
 * non-letter are checked, and the pattern list names whole word stems.
 */
const BRITISH =
  /(?<![A-Za-z])(authoris|favour|colour|behaviour|honour|licence|judgement|organis|recognis|customis|optimis|initialis|personalis|summaris|prioritis|normalis|catalogue|centre|cancell(?!ation)|sceptic|analys(?:e|ed|es|ing)\b)/i;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** String literals and JSX text of a source file (comments dropped). */
function visibleText(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  const strings = [...code.matchAll(/"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`|>([^<>{}]+)</g)];
  return strings.map((m) => m[1] ?? m[2] ?? m[3] ?? "");
}

describe("US English", () => {
  const root = join(import.meta.dirname, "..");
  const sources = [
    ...files(join(root, "client")),
    ...files(join(root, "common")),
    join(root, "server", "features", "ai-models", "catalog.ts"),
  ];

  it("finds the British spellings it is meant to catch", () => {
    expect(visibleText('const a = "Your favourite colour";').some((t) => BRITISH.test(t))).toBe(true);
    expect(visibleText("<p>You are not authorised</p>").some((t) => BRITISH.test(t))).toBe(true);
    expect(visibleText('const notAuthorised = "You are not authorized";').some((t) => BRITISH.test(t))).toBe(
      false,
    );
  });

  it("uses no British spelling in the text members read", () => {
    const found = sources.flatMap((file) =>
      visibleText(readFileSync(file, "utf8"))
        .filter((t) => BRITISH.test(t))
        .map((t) => `${file.slice(root.length + 1)}: ${t.trim().slice(0, 80)}`),
    );
    expect(found).toEqual([]);
  });
});
