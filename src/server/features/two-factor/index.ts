import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { allRoutes } from "../../../common/api";
import { twoFactorRoutes } from "./routes";
import { adminEnrolmentRequired, hasTwoFactor } from "./service";

/** Two-factor sign-in with time-based codes (issue 24 §1): enrolment, the second step, recovery codes. */
export const twoFactorFeature: FastifyPluginAsync = async (app) => {
  await app.register(twoFactorRoutes);
};

/**
 * REQUIRE_ADMIN_2FA=1 (issue 24 §1): every route the contract marks `admin` refuses an
 * administrator who has not turned two-factor sign-in on (403 `two_factor_enrolment_required`;
 * the client sends them to Sign-in and security). Registered by app.ts around the features.
 */
export const adminTwoFactorGate = fp(async (app) => {
  if (!app.ctx.config.requireAdminTwoFactor) return;
  const adminRoutes = new Set(
    allRoutes()
      .filter((r) => r.access === "admin")
      .map((r) => `${r.method} ${r.path}`),
  );
  // A callback hook: every request but an admin's on an admin route passes with no promise.
  app.addHook("onRequest", (request, _reply, done) => {
    const admin = request.user?.isAdmin ? request.user : null;
    if (!admin || !adminRoutes.has(`${request.method} ${request.routeOptions.url}`)) return done();
    hasTwoFactor(app.ctx, admin.id).then(
      (enrolled) => done(enrolled ? undefined : adminEnrolmentRequired()),
      done,
    );
  });
});
