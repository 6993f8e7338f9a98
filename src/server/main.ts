import path from "node:path";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { runSeed } from "./db/seed";
import { boundHeapGrowth } from "./platform/heap";

async function main(): Promise<void> {
  boundHeapGrowth();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, {
      clientDir: path.resolve("dist/client"),
      ssrEntry: path.resolve("dist/ssr/entry-server.js"),
    });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp(config);
  const seeded = await runSeed(app.ctx, { demo: config.seedDemo });
  app.log.info({ seeded, database: app.ctx.database.kind }, "database ready");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      app.log.error("shutdown timed out; exiting");
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests, closes the database
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`AI Agora is running at ${config.appUrl}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
