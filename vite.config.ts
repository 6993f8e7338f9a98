import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { pwaAssetsPlugin } from "./scripts/pwa-assets";

/**
 * The shared modules in src/common/ hold zod schemas next to the constants, labels and helpers the
 * client uses. A top-level `const x = z.object({...})` is a call, so the bundler keeps it (and all
 * of zod, ~26 kB gzip) even when the client never reads it. This marks the calls in top-level
 * `const` initialisers (outside function bodies) pure, so unused schemas, and zod with them, drop
 * out of the client's chunks; whatever the client does read is kept, so nothing changes at run
 * time. Runs after TypeScript is stripped; a file whose AST offsets do not line up is left as is.
 */
function pureCommonSchemas(): Plugin {
  type Node = { type: string; start: number; end: number; [key: string]: unknown };
  const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && "type" in v;
  const collectCalls = (node: Node, out: number[]) => {
    if (/Function/.test(node.type) || node.type === "ClassExpression") return;
    if (node.type === "CallExpression" || node.type === "NewExpression") out.push(node.start);
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) collectCalls(child, out);
    }
  };
  return {
    name: "agora:pure-common-schemas",
    enforce: "post",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]src[\\/]common[\\/][^\\/]+\.ts$/.test(id)) return null;
      const calls: number[] = [];
      for (const statement of (this.parse(code) as unknown as { body: Node[] }).body) {
        const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
        if (!isNode(declaration) || declaration.type !== "VariableDeclaration") continue;
        if (declaration.kind !== "const") continue;
        for (const d of declaration.declarations as Node[]) if (isNode(d.init)) collectCalls(d.init, calls);
      }
      // Every call starts with an identifier, `(`, `new` or `[` — else offsets are not UTF-16.
      if (calls.some((at) => !/[\w$([]/.test(code[at] ?? ""))) return null;
      let out = code;
      for (const at of [...new Set(calls)].sort((a, b) => b - a)) {
        out = `${out.slice(0, at)}/* @__PURE__ */ ${out.slice(at)}`;
      }
      return { code: out, map: null, moduleSideEffects: false };
    },
  };
}

export default defineConfig({
  plugins: [
    pureCommonSchemas(),
    react(),
    tailwindcss(),
    // Manifest and icons from public/favicon.svg (scripts/pwa-assets.ts).
    pwaAssetsPlugin({ svgPath: "public/favicon.svg" }),
    // The service worker: src/client/features/pwa/sw.ts with the build's precache list injected.
    // Registration is ours (features/pwa/service-worker.ts: 1 s after load, update bar).
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src/client/features/pwa",
      filename: "sw.ts",
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The HTML itself always comes from the network (offline.html stands in when it fails).
        globPatterns: ["**/*.{js,css,svg,png,webmanifest,woff2}", "offline.html"],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  publicDir: "public",
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: the chunk graph `npm run bench:size` follows to check the JS budgets.
    manifest: true,
    // Every browser the app supports preloads modules natively.
    modulePreload: { polyfill: false },
    target: "es2022",
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:5000", "/uploads": "http://localhost:5000" },
  },
});
