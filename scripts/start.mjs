// `npm start`: builds when the build is missing or older than the sources, then runs the server.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const outputs = ["dist/client/index.html", "dist/ssr/entry-server.js", "dist/server/main.js"];
const inputs = ["src", "public", "index.html", "package.json", "vite.config.ts"];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

const built = outputs.every((o) => fs.existsSync(o));
const stale =
  built && Math.min(...outputs.map((o) => fs.statSync(o).mtimeMs)) < Math.max(...inputs.map(newest));
if (!built || stale) {
  console.log(built ? "Sources changed: rebuilding..." : "First start: building AI Agora...");
  execSync("npm run build", { stdio: "inherit" });
}
process.env.NODE_ENV ??= "production";
await import(path.resolve("dist/server/main.js"));
