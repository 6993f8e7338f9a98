// Bundles the server into dist/server/main.js (dependencies stay external) and copies the SQL migrations.
// The test tree (src/server/test/: harness, fixtures, fake servers) is never bundled: production
// code may not import it (src/architecture.test.ts), and the build fails if anything pulled it in.
import fs from "node:fs";
import { build } from "esbuild";

const result = await build({
  entryPoints: { main: "src/server/main.ts", admin: "src/server/cli/admin.ts" },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  metafile: true,
});
const testFiles = Object.keys(result.metafile.inputs).filter((file) => file.startsWith("src/server/test/"));
if (testFiles.length > 0) {
  console.error(
    `server build: test helpers reached the bundle (production code imports them):\n  ${testFiles.join("\n  ")}`,
  );
  process.exit(1);
}
fs.rmSync("dist/server/migrations", { recursive: true, force: true });
fs.cpSync("src/server/db/migrations", "dist/server/migrations", { recursive: true });
console.log("server built: dist/server/main.js");
