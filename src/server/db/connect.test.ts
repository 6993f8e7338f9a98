import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acquireLock } from "./connect";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function lockFile(content: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-lock-"));
  dirs.push(dir);
  const file = path.join(dir, "agora.lock");
  fs.writeFileSync(file, content);
  return file;
}

const startTime = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
};

describe("the PGlite lock file", () => {
  it("refuses a data directory held by a live server", () => {
    // The parent process is alive and its start time matches: a real owner.
    const file = lockFile(`${process.ppid} ${startTime(process.ppid)}`);
    expect(() => acquireLock(file)).toThrow(/in use by process/);
    // An old-style lock (pid only) of a live process is honoured too.
    expect(() => acquireLock(lockFile(String(process.ppid)))).toThrow(/in use by process/);
  });

  it("takes over the lock of a dead process and of a pid now reused by another process", () => {
    // A SIGKILLed server left its pid; 2^22+1 is above Linux's pid_max, so never alive. Then a
    // live pid whose start time differs: the dead owner's pid reused (a restarted container).
    for (const stale of [`${2 ** 22 + 1} 12345`, `${process.ppid} 1`]) {
      const file = lockFile(stale);
      const release = acquireLock(file);
      expect(fs.readFileSync(file, "utf8")).toBe(`${process.pid} ${startTime(process.pid)}`);
      release();
      expect(fs.existsSync(file)).toBe(false);
    }
  });
});
