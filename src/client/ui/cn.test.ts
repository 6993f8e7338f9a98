import fs from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "./cn";

/** Every class-like word written in a string in src/client (the classes cn can be given). */
function classesInSource(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== "cn.ts") {
        const source = fs.readFileSync(file, "utf8");
        for (const m of source.matchAll(/(["'`])((?:(?!\1)[^\\\n$])*)\1/g)) {
          for (const word of (m[2] ?? "").split(/\s+/)) {
            if (/^!?-?[a-z0-9][a-z0-9-]*(:[a-z0-9!-]+)*(\/\d+)?$|^[a-z0-9:-]+-\[[^\]\s]+\]$/.test(word)) {
              found.add(word);
            }
          }
        }
      }
    }
  };
  walk(path.resolve(__dirname, ".."));
  return [...found].sort();
}

describe("cn", () => {
  it("joins conditional classes and lets a later utility override an earlier one", () => {
    expect(cn("px-4 text-sm", false, undefined, "px-2")).toBe("text-sm px-2");
    expect(cn("h-10 px-4", "p-0")).toBe("h-10 p-0");
    expect(cn("text-primary text-sm", "text-destructive")).toBe("text-sm text-destructive");
    expect(cn("bg-primary hover:opacity-90", "bg-transparent hover:bg-muted")).toBe(
      "hover:opacity-90 bg-transparent hover:bg-muted",
    );
    expect(cn("border border-border", "border-2 border-destructive")).toBe("border-2 border-destructive");
    expect(cn("font-medium", "font-semibold font-mono")).toBe("font-semibold font-mono");
    expect(cn("agora-card", "agora-card")).toBe("agora-card agora-card");
  });

  it("agrees with tailwind-merge on every pair of classes written in src/client", () => {
    const words = classesInSource();
    // Words tailwind-merge does not know as a utility it keeps as they are; so must cn.
    const known = words.filter((w) => twMerge(w, w) === w);
    expect(known.length).toBeGreaterThan(300);
    const differences: string[] = [];
    for (const w of words)
      if (!known.includes(w) && cn(w, w) !== `${w} ${w}`) differences.push(`${w} + ${w}`);
    const classes = known;
    for (const a of classes) {
      for (const b of classes) {
        const ours = cn(a, b);
        const theirs = twMerge(a, b);
        if (ours !== theirs) differences.push(`${a} + ${b}: ${ours} ≠ ${theirs}`);
      }
    }
    expect(differences.slice(0, 30)).toEqual([]);
    // Every pair of the app's classes (a few hundred thousand merges): a correctness check whose
    // running time grows with the app, so not held to the default 5 s on a busy machine.
  }, 60_000);
});
