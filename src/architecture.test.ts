import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { findCycles, layerViolations, resolveImport } from "./architecture";

/**
 * The import graph of src/ (issue 20): no cycle anywhere (type-only and dynamic imports count:
 * a cycle is a cycle to the reader), the client never imports server code, and src/common
 * imports neither the client nor the server.
 */

const SRC = path.resolve(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

/** Every file's relative imports (import, import type, export … from, import(), require), resolved to files. */
function importGraph(): Map<string, string[]> {
  const files = sourceFiles(SRC);
  const exists = (f: string) => fs.existsSync(f) && fs.statSync(f).isFile();
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets: string[] = [];
    for (const ref of info.importedFiles) {
      const target = resolveImport(file, ref.fileName, exists);
      if (target) targets.push(target);
    }
    graph.set(path.relative(SRC, file), [...new Set(targets.map((t) => path.relative(SRC, t)))]);
  }
  return graph;
}

describe("the import graph of src/", () => {
  const graph = importGraph();

  it("is read whole: every part of src/ is in it and relative imports resolve", () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get("client/ui/toast.tsx")).toContain("client/ui/toast-store.ts");
    expect(graph.get("server/platform/jobs.ts")).toContain("server/platform/settle.ts");
  });

  it("has no import cycle", () => {
    const cycles = findCycles(graph);
    expect(
      cycles.map((c) => c.join(" → ")),
      "import cycles (break each one)",
    ).toEqual([]);
  });

  it("keeps the client off server code and src/common off both", () => {
    expect(layerViolations(graph), "imports across layers").toEqual([]);
  });
});

describe("the checks themselves", () => {
  it("find a cycle and print it", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(findCycles(graph)).toEqual([["a.ts", "b.ts", "c.ts", "a.ts"]]);
    expect(findCycles(new Map([["x.ts", ["x.ts"]]]))).toEqual([["x.ts", "x.ts"]]);
    expect(
      findCycles(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("find client → server and common → client/server imports", () => {
    const graph = new Map([
      ["client/a.tsx", ["server/b.ts", "common/c.ts"]],
      ["common/c.ts", ["client/a.tsx", "server/b.ts"]],
      ["server/b.ts", ["common/c.ts"]],
    ]);
    expect(layerViolations(graph)).toEqual([
      "client/a.tsx imports server/b.ts",
      "common/c.ts imports client/a.tsx",
      "common/c.ts imports server/b.ts",
    ]);
  });

  it("resolve .ts, .tsx and index files, and ignore packages", () => {
    const known = new Set(["/s/a/b.ts", "/s/a/c.tsx", "/s/a/d/index.ts"]);
    const exists = (f: string) => known.has(f);
    expect(resolveImport("/s/a/x.ts", "./b", exists)).toBe("/s/a/b.ts");
    expect(resolveImport("/s/a/x.ts", "./c", exists)).toBe("/s/a/c.tsx");
    expect(resolveImport("/s/a/x.ts", "./d", exists)).toBe("/s/a/d/index.ts");
    expect(resolveImport("/s/a/e/x.ts", "../b.js", exists)).toBe("/s/a/b.ts");
    expect(resolveImport("/s/a/x.ts", "./c?raw", exists)).toBe("/s/a/c.tsx");
    expect(resolveImport("/s/a/x.ts", "react", exists)).toBeNull();
  });
});
