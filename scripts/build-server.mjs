// Bundles the server into dist/server/main.js (dependencies stay external) and copies the SQL migrations.
import fs from "node:fs";
import { build } from "esbuild";

await build({
  entryPoints: { main: "src/server/main.ts", admin: "src/server/cli/admin.ts" },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
fs.rmSync("dist/server/migrations", { recursive: true, force: true });
fs.cpSync("src/server/db/migrations", "dist/server/migrations", { recursive: true });
console.log("server built: dist/server/main.js");
