import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { openApiDocument } from "../common/api/docs";
import { allRoutes } from "../common/api/index";
import { PRODUCT_NAME, TAGLINE } from "../common/constants";
import type { Config } from "./config";
import { connectDatabase, type Database } from "./db/connect";
import { migrate } from "./db/migrate";
import { createWriteBuffers } from "./platform/buffers";
import { createSeedRegistry } from "./db/seed/registry";
import { accountFeature } from "./features/account";
import { adminFeature } from "./features/admin";
import { aiModelsFeature } from "./features/ai-models";
import { analyticsFeature } from "./features/analytics";
import { arenaFeature } from "./features/arena";
import { authFeature } from "./features/auth";
import { blocksFeature } from "./features/blocks";
import { creatorsFeature } from "./features/creators";
import { exploreFeature } from "./features/explore";
import { exportFeature } from "./features/export";
import { featureFlagsFeature } from "./features/feature-flags";
import { feedsFeature } from "./features/feeds";
import { followsFeature } from "./features/follows";
import { forumsFeature } from "./features/forums";
import { healthFeature } from "./features/health";
import { insightsFeature } from "./features/insights";
import { mailDigestFeature } from "./features/mail-digest";
import { modelRequestsFeature } from "./features/model-requests";
import { modelVersionsFeature } from "./features/model-versions";
import { catalogFeature } from "./features/catalog";
import { notificationsFeature } from "./features/notifications";
import { oidcFeature } from "./features/oidc";
import { passkeysFeature } from "./features/passkeys";
import { passwordResetFeature } from "./features/password-reset";
import { postsFeature } from "./features/posts";
import { promptsFeature } from "./features/prompts";
import { pushFeature } from "./features/push";
import { reportsFeature } from "./features/reports";
import { historyFeature } from "./features/history";
import { savedFeature } from "./features/saved";
import { searchFeature } from "./features/search";
import { sessionsFeature } from "./features/sessions";
import { siteFeature } from "./features/site";
import { statsFeature } from "./features/stats";
import { subscriptionsFeature } from "./features/subscriptions";
import { supportFeature } from "./features/support";
import { trendingFeature } from "./features/trending";
import { adminTwoFactorGate, twoFactorFeature } from "./features/two-factor";
import { uploadsFeature } from "./features/uploads";
import { usersFeature } from "./features/users";
import { backfillUsernameSkeletons } from "./features/users/queries";
import type { AppContext } from "./platform/context";
import { onlyContractRoutes, serve } from "./platform/contract";
import { frameworkErrors, installErrorHandler } from "./platform/errors";
import { createEventBus } from "./platform/events";
import { createJobQueue, type JobQueueOptions } from "./platform/jobs";
import { createMailer } from "./platform/mail";
import { API_COMPRESSION, COMPRESS_THRESHOLD } from "./platform/compression";
import { publicCachePlugin } from "./platform/public-cache";
import { createLimiterFactory } from "./platform/rate-limit";
import { connectRedis } from "./platform/redis";
import { registerOriginCheck, registerPersonalNoStore, registerSecurityHeaders } from "./platform/security";
import { serializerCompiler } from "./platform/serializer";
import { sessionPlugin } from "./platform/session";
import { registerClient } from "./platform/static";
import { writeSyncPlugin } from "./platform/write-sync";

export interface BuildOptions {
  /** An already-connected database (tests share one per file); otherwise one is opened from config. */
  database?: Database;
  passwordLogN?: number;
  now?: () => Date;
  logger?: boolean;
  /** Called for every route as it is registered (the security tests collect the route table). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** The job queue: workers on/off, polling, and (tests) shorter retry delays and intervals. */
  jobs?: JobQueueOptions;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * What the app is: every feature, in the order it is registered under /api. Each is a Fastify
 * plugin (`features/<name>/index.ts`) that declares all it adds — routes, event listeners, jobs,
 * seed steps — on this app's registries (`ctx.events`, `ctx.jobs`, `ctx.seeds`); nothing
 * registers itself at import time. Listeners of one event run in this order (so the welcome
 * mail is queued before the verification mail, and the launch offer is granted last).
 * (moderation has no plugin: it adds nothing to the app, other features call it.)
 */
export const FEATURES: readonly FastifyPluginAsync[] = [
  healthFeature,
  authFeature,
  twoFactorFeature,
  sessionsFeature,
  oidcFeature,
  passwordResetFeature,
  passkeysFeature,
  mailDigestFeature,
  usersFeature,
  followsFeature,
  blocksFeature,
  notificationsFeature,
  pushFeature,
  searchFeature,
  accountFeature,
  statsFeature,
  postsFeature,
  uploadsFeature,
  siteFeature,
  subscriptionsFeature,
  supportFeature,
  forumsFeature,
  promptsFeature,
  aiModelsFeature,
  arenaFeature,
  savedFeature,
  exportFeature,
  modelRequestsFeature,
  modelVersionsFeature,
  catalogFeature,
  historyFeature,
  adminFeature,
  reportsFeature,
  featureFlagsFeature,
  trendingFeature,
  insightsFeature,
  exploreFeature,
  creatorsFeature,
  analyticsFeature,
];

/** Builds the whole application; `main.ts` starts it and every API test builds its own. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: ["req.headers.cookie"] },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    forceCloseConnections: false,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  // The API is exactly the contract (src/common/api/): any other /api route fails the start.
  onlyContractRoutes(app, allRoutes());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await connectDatabase({ databaseUrl: config.databaseUrl, pgliteDir: `${config.dataDir}/db` }));
  await migrate(database);

  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : undefined;

  const jobs = createJobQueue(database, app.log, options.jobs);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    redis,
    limiter: createLimiterFactory(redis, config.redisPrefix),
    jobs,
    events: createEventBus(app.log),
    seeds: createSeedRegistry<AppContext>(),
    buffers: createWriteBuffers(),
    mailer: createMailer(config, app.log, { jobs }),
    log: app.log,
    passwordLogN: options.passwordLogN ?? 17,
    now: options.now ?? (() => new Date()),
  };
  app.decorate("ctx", ctx);
  await backfillUsernameSkeletons(ctx.db, (row) =>
    app.log.warn({ userId: row.id }, "username looks like an older member's: left without a skeleton"),
  );

  installErrorHandler(app);
  await registerSecurityHeaders(app, config);
  const compression = {
    threshold: COMPRESS_THRESHOLD,
    encodings: ["br", "gzip", "deflate"] as Array<"br" | "gzip" | "deflate">,
  };
  // API answers are compressed on every request (a member's feed, their notifications; the public
  // cache keeps its answers gzipped), in one call: brotli at quality 1 costs a third of the default
  // 4 for a few per cent more bytes, and the plugin's stream path (its default above 8 KB on two
  // cores) cost ten times the compression itself (decision 0132). Files and pages keep quality 4.
  app.addHook("onRoute", (route) => {
    if (route.url?.startsWith("/api/") && route.compress === undefined) {
      route.compress = { ...compression, ...API_COMPRESSION };
    }
  });
  await app.register(compress, { global: true, ...compression });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, description: `${PRODUCT_NAME} — ${TAGLINE}`, version: "1.0.0" },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "agora_session" } } },
    },
    transform: jsonSchemaTransform,
  });
  registerOriginCheck(app, config);
  registerPersonalNoStore(app);
  // Before the caches that it empties on every write (sessions, public reads).
  await app.register(writeSyncPlugin);
  await app.register(sessionPlugin);
  // After the session hook (it tells signed-in requests apart), before the routes.
  await app.register(publicCachePlugin);

  await app.register(
    async (api) => {
      // REQUIRE_ADMIN_2FA: before every feature, so that it covers each admin route.
      await api.register(adminTwoFactorGate);
      for (const feature of FEATURES) await api.register(feature);
      serve(api, openApiDocument, {}, async (_request, reply) => reply.send(app.swagger()));
    },
    { prefix: "/api" },
  );

  // Atom feeds live outside /api (the contract holds /api routes only): decision 0101.
  await app.register(feedsFeature);

  await registerClient(app, config.clientDir, config.ssrEntry);

  // Every job kind, listener and seed step is declared by now (features declare theirs while they register).
  await jobs.start();

  app.addHook("onClose", async () => {
    // What is held in memory is written while the database is still open.
    await ctx.buffers.close();
    // Jobs in progress finish (or go back to the queue) before their connections close.
    await jobs.stop();
    await ctx.mailer.close();
    redis?.disconnect();
    if (ownsDatabase) await database.close();
  });

  return app;
}
