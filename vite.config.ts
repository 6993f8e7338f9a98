import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { pwaAssetsPlugin } from "./scripts/pwa-assets";

export default defineConfig({
  plugins: [
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
    target: "es2022",
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:5000", "/uploads": "http://localhost:5000" },
  },
});
