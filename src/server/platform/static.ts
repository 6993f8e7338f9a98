import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built client: hashed assets cached for a year, index.html never cached, and every
 * path that is not an API call or a file answered with the SPA. Unknown /api/* stays JSON 404.
 */
export async function registerClient(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, "index.html") : undefined;
  const hasClient = indexFile !== undefined && fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("Cache-Control", isHashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split("?")[0] ?? "/";
    const wantsPage = (request.method === "GET" || request.method === "HEAD") && !urlPath.startsWith("/api/");
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(urlPath) || urlPath.startsWith("/assets/");
    if (wantsPage && !looksLikeFile && hasClient) {
      return reply
        .header("Cache-Control", "no-cache")
        .type("text/html; charset=utf-8")
        .sendFile("index.html");
    }
    const label = urlPath.length > 200 ? `${urlPath.slice(0, 200)}…` : urlPath;
    return reply.status(404).send({ message: `Not found: ${request.method} ${label}` });
  });
}
