import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type PluginOption } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { pwaAssetsPlugin } from "./scripts/pwa-assets";

/**
 * The shared modules in src/common/ hold zod schemas next to the constants, labels and helpers the
 * client uses. A top-level `const x = z.object({...})` is a call, so the bundler keeps it (and all
 * of zod, ~26 kB gzip) even when the client never reads it. This wraps each top-level `const`
 * initialiser that makes a call (outside function bodies) in an immediately invoked arrow marked
 * pure, so an unused schema drops out whole (with the messages and property reads in its
 * arguments), and zod with it when nothing else needs it; whatever the client does read is kept,
 * so nothing changes at run time. Runs after TypeScript is stripped; a file whose AST offsets do
 * not line up, or that would not parse again, is left as is.
 */
function pureCommonSchemas(): Plugin {
  type Node = { type: string; start: number; end: number; [key: string]: unknown };
  const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && "type" in v;
  const hasCall = (node: Node): boolean => {
    if (/Function/.test(node.type) || node.type === "ClassExpression") return false;
    if (node.type === "CallExpression" || node.type === "NewExpression") return true;
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value])
        if (isNode(child) && hasCall(child)) return true;
    }
    return false;
  };
  return {
    name: "agora:pure-common-schemas",
    enforce: "post",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]src[\\/]common[\\/](api[\\/])?[^\\/]+\.ts(\?lite)?$/.test(id)) return null;
      const inits: Node[] = [];
      for (const statement of (this.parse(code) as unknown as { body: Node[] }).body) {
        const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
        if (!isNode(declaration) || declaration.type !== "VariableDeclaration") continue;
        if (declaration.kind !== "const") continue;
        for (const d of declaration.declarations as Node[])
          if (isNode(d.init) && hasCall(d.init)) inits.push(d.init);
      }
      // Offsets must be UTF-16 ones: each initialiser starts and ends where an expression can.
      const fits = (n: Node) =>
        /[\w$([{`'"!-]/.test(code[n.start] ?? "") && /[\w$)\]}`'"]/.test(code[n.end - 1] ?? "");
      if (!inits.every(fits)) return null;
      let out = code;
      for (const n of inits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, n.start)}/* @__PURE__ */ (() => (${out.slice(n.start, n.end)}))()${out.slice(n.end)}`;
      }
      try {
        this.parse(out);
      } catch {
        return null;
      }
      return { code: out, map: null, moduleSideEffects: false };
    },
  };
}

/**
 * The API contract (src/common/api/*.ts, docs/decisions/0082) declares each route as
 * `route(method, path, access, () => ({ ...schemas }))`. The browser needs the method and the path
 * only: this replaces the fourth argument of every such call with `undefined`, so a screen that calls
 * a route does not load its schemas (nor zod). Types are unaffected; the server and the tests see
 * the schemas. A `route(` call of another shape stops the build. The imports that only the schemas
 * read are removed with them.
 */
function contractSchemasServerOnly(): Plugin {
  type Node = { type: string; start: number; end: number; [key: string]: unknown };
  const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && "type" in v;
  return {
    name: "agora:contract-schemas-server-only",
    enforce: "post",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]src[\\/]common[\\/]api[\\/][\w-]+\.ts$/.test(id) || !code.includes("route(")) return null;
      const thunks: Node[] = [];
      const visit = (node: Node) => {
        if (node.type === "CallExpression") {
          const callee = node.callee as Node & { name?: string };
          const args = node.arguments as Node[];
          if (callee.type === "Identifier" && callee.name === "route") {
            const thunk = args[3];
            if (args.length !== 4 || !thunk || thunk.type !== "ArrowFunctionExpression") {
              this.error(`${id}: route(...) must take (method, path, access, () => schemas)`);
            }
            thunks.push(thunk);
            return;
          }
        }
        for (const value of Object.values(node)) {
          for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child);
        }
      };
      const program = this.parse(code) as unknown as Node & { body: Node[] };
      visit(program);
      // The imports only the schemas read go too: the module graph of a chunk that calls a route
      // must not reach the schemas' modules (nor zod), even when tree-shaking would drop them.
      const imports = program.body.filter(
        (n) => n.type === "ImportDeclaration" && (n as { importKind?: string }).importKind !== "type",
      );
      let rest = code;
      for (const n of [...thunks, ...imports].sort((a, b) => b.start - a.start)) {
        rest = `${rest.slice(0, n.start)}${rest.slice(n.end)}`;
      }
      const unused = imports.filter(
        (n) =>
          (n.specifiers as Node[]).length > 0 &&
          (n.specifiers as Node[]).every((spec) => {
            const name = (spec.local as Node & { name: string }).name;
            return !new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(rest);
          }),
      );
      let out = code;
      for (const n of [...thunks, ...unused].sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, n.start)}${thunks.includes(n) ? "undefined" : ""}${out.slice(n.end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * Rolldown keeps or drops whole modules per chunk: when one screen uses a schema of a shared module
 * (say the settings form uses `emailChangeSchema` of common/social.ts), every screen that imports
 * only that module's messages or labels loads zod too (~25 kB gzip). So a client import from
 * src/common/ that takes no `...Schema` value is pointed at a second copy of the module
 * (`?lite`), which pureCommonSchemas then strips of everything those importers do not read.
 * Modules in src/common/ hold constants, pure functions and schemas, so two copies behave the same.
 */
const ZOD_STAND_IN = "\0agora:zod-stand-in";

function liteCommonImports(): Plugin {
  const importRe = /import\s*(type\s+)?\{([^}]*)\}\s*from\s*"((?:\.\.?\/)+common\/[\w-]+)"/g;
  return {
    name: "agora:lite-common-imports",
    enforce: "pre",
    apply: "build",
    // A lite copy gets a stand-in for zod: a copy that reads no schema drops it, and its chunk keeps
    // no import of zod's chunk. Should a lite copy ever need zod, the build stops (generateBundle).
    resolveId(source, importer) {
      if (source === "zod" && importer?.endsWith("?lite"))
        return { id: ZOD_STAND_IN, moduleSideEffects: false };
      return null;
    },
    load(id) {
      return id === ZOD_STAND_IN ? "export const z = {};" : null;
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.moduleIds.includes(ZOD_STAND_IN)) {
          this.error(`${chunk.fileName}: a ?lite copy of a src/common module needs zod; import it in full`);
        }
      }
    },
    transform(code, id) {
      // A lite copy imports lite copies of its neighbours.
      if (/[\\/]src[\\/]common[\\/][^\\/]+\.ts\?lite$/.test(id)) {
        return { code: code.replace(/from "\.\/([\w-]+)"/g, 'from "./$1.ts?lite"'), map: null };
      }
      if (!/[\\/]src[\\/]client[\\/].+\.tsx?$/.test(id) || !code.includes("common/")) return null;
      let changed = false;
      const out = code.replace(
        importRe,
        (whole, typeOnly: string | undefined, names: string, spec: string) => {
          if (typeOnly) return whole;
          const values = names
            .split(",")
            .map((n) => n.trim())
            .filter((n) => n && !n.startsWith("type "));
          if (values.length === 0 || values.some((n) => /Schema\b/.test(n))) return whole;
          changed = true;
          return whole.replace(`"${spec}"`, `"${spec}.ts?lite"`);
        },
      );
      return changed ? { code: out, map: null } : null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    liteCommonImports(),
    contractSchemasServerOnly(),
    pureCommonSchemas(),
    react(),
    tailwindcss(),
    // The server-rendering build (src/client/entry-server.tsx → dist/ssr) needs no icons or worker.
    ...(isSsrBuild ? [] : clientOnlyPlugins()),
  ],
  publicDir: isSsrBuild ? false : "public",
  build: isSsrBuild
    ? { outDir: "dist/ssr", emptyOutDir: true, sourcemap: true, target: "node20", copyPublicDir: false }
    : {
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
  // The SSR build carries its dependencies (React, the router, TanStack Query, ...: devDependencies
  // of the client build), so the server runs it with the production install alone.
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:5000", "/uploads": "http://localhost:5000" },
  },
}));

/**
 * The app starts after the first paint: the build takes the entry's module script and Vite's
 * modulepreload links out of index.html and names them on public/theme-init.js's tag
 * (`data-entry`, `data-preload`), which preloads and imports them once the first frame is painted.
 * A visitor's page arrives rendered (decision 0085): it paints without the app, and neither the
 * app's evaluation nor its ~100 kB download (which on a slow phone competes with the stylesheet)
 * stands before that paint (issue 20).
 */
function entryAfterFirstPaint(): Plugin {
  return {
    name: "agora-entry-after-first-paint",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const entry = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\s*\n?/;
        const preload = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\s*\n?/g;
        const src = entry.exec(html)?.[1];
        if (!src || !html.includes('<script src="/theme-init.js"></script>')) {
          throw new Error("index.html: the entry module script or theme-init.js was not found");
        }
        const preloads = [...html.matchAll(preload)].map((m) => m[1]);
        return html
          .replace(entry, "")
          .replace(preload, "")
          .replace(
            '<script src="/theme-init.js"></script>',
            `<script src="/theme-init.js" data-entry="${src}" data-preload="${preloads.join(",")}"></script>`,
          );
      },
    },
  };
}

function clientOnlyPlugins(): PluginOption[] {
  return [
    entryAfterFirstPaint(),
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
  ];
}
