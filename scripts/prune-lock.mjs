// The npm registry mirror of this workplace answers 404 for platform packages of other systems
// (e.g. @biomejs/cli-darwin-arm64), so `npm install` writes a lock that names optional
// dependencies it could not record, and `npm ci` then refuses the lock. This drops, from each
// entry's optionalDependencies, the names that have no entry in the lock. Run after `npm install`.
import fs from "node:fs";

const file = process.argv[2] ?? "package-lock.json";
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const pkgs = lock.packages;
let removed = 0;

function resolvable(path, name) {
  let base = path;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (pkgs[candidate]) return true;
    if (!base) return false;
    const i = base.lastIndexOf("/node_modules/");
    base = i >= 0 ? base.slice(0, i) : "";
  }
}

for (const [path, entry] of Object.entries(pkgs)) {
  const optional = entry.optionalDependencies;
  if (!optional) continue;
  for (const name of Object.keys(optional)) {
    if (!resolvable(path, name)) {
      delete optional[name];
      removed += 1;
    }
  }
  if (Object.keys(optional).length === 0) delete entry.optionalDependencies;
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`prune-lock: removed ${removed} unrecordable optional dependencies`);
