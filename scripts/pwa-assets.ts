/**
 * Web app manifest and icons, generated at build time from one SVG source (public/favicon.svg)
 * with sharp. A Vite plugin emits them into the build (and serves them from memory in dev):
 * /manifest.webmanifest, /icons/icon-192.png, /icons/icon-512.png, /icons/maskable-512.png,
 * /icons/apple-touch-icon.png. The service worker precaches them with the rest of the build.
 */
import fs from "node:fs";
import sharp from "sharp";
import type { Plugin } from "vite";

export const THEME_COLOR = "#0f172a";
export const BACKGROUND_COLOR = "#0f172a";
/** The SVG's own tile colour: the background of the full-bleed (maskable, Apple) icons. */
const TILE_COLOR = "#4f46e5";

interface IconSpec {
  file: string;
  size: number;
  /** "any": the SVG as drawn; "full": full-bleed tile with the logo inside the maskable safe zone. */
  kind: "any" | "full";
  /** Share of the icon the logo covers for "full" icons (safe zone: a centred circle of 80%). */
  scale?: number;
}

const ICONS: IconSpec[] = [
  { file: "icons/icon-192.png", size: 192, kind: "any" },
  { file: "icons/icon-512.png", size: 512, kind: "any" },
  { file: "icons/maskable-512.png", size: 512, kind: "full", scale: 0.8 },
  { file: "icons/maskable-192.png", size: 192, kind: "full", scale: 0.8 },
  { file: "icons/apple-touch-icon.png", size: 180, kind: "full", scale: 0.8 },
];

export const MANIFEST = {
  id: "/",
  name: "AI Agora",
  short_name: "AI Agora",
  description:
    "AI Agora — where minds meet machines. Share experiences and ratings of AI models, join per-model forums, share prompts and compare AI models.",
  lang: "en",
  dir: "ltr",
  start_url: "/",
  scope: "/",
  display: "standalone",
  orientation: "any",
  background_color: BACKGROUND_COLOR,
  theme_color: THEME_COLOR,
  categories: ["social", "education", "productivity"],
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
    { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};

async function renderIcon(svg: Buffer, spec: IconSpec): Promise<Buffer> {
  if (spec.kind === "any") {
    return sharp(svg, { density: 72 * (spec.size / 64) * 2 })
      .resize(spec.size, spec.size)
      .png()
      .toBuffer();
  }
  const inner = Math.round(spec.size * (spec.scale ?? 0.7));
  const logo = await sharp(svg, { density: 72 * (inner / 64) * 2 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  const offset = Math.round((spec.size - inner) / 2);
  return sharp({ create: { width: spec.size, height: spec.size, channels: 4, background: TILE_COLOR } })
    .composite([{ input: logo, top: offset, left: offset }])
    .png()
    .toBuffer();
}

/** Every generated file by its path in the build. */
export async function generatePwaAssets(
  svgPath: string,
): Promise<Map<string, { source: Buffer | string; type: string }>> {
  const svg = fs.readFileSync(svgPath);
  const files = new Map<string, { source: Buffer | string; type: string }>();
  for (const spec of ICONS) files.set(spec.file, { source: await renderIcon(svg, spec), type: "image/png" });
  files.set("manifest.webmanifest", {
    source: `${JSON.stringify(MANIFEST, null, 2)}\n`,
    type: "application/manifest+json",
  });
  return files;
}

export function pwaAssetsPlugin({ svgPath }: { svgPath: string }): Plugin {
  let cached: ReturnType<typeof generatePwaAssets> | undefined;
  const assets = () => {
    cached ??= generatePwaAssets(svgPath);
    return cached;
  };
  return {
    name: "agora:pwa-assets",
    async generateBundle() {
      for (const [fileName, { source }] of await assets()) {
        this.emitFile({ type: "asset", fileName, source });
      }
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const path = (req.url ?? "").split("?")[0]?.replace(/^\//, "") ?? "";
        const file = (await assets()).get(path);
        if (!file) return next();
        res.setHeader("Content-Type", file.type);
        res.end(file.source);
      });
    },
  };
}
