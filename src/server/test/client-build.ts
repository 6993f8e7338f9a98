import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A throwaway client build for the tests of the SPA's HTML (platform/static.ts and friends): a
 * temporary directory holding `files` (paths relative to it, folders created as needed). The
 * caller removes it with `fs.rmSync(dir, { recursive: true, force: true })`.
 */
export function tempClientBuild(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-client-"));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  return dir;
}
