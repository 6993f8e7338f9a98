import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/two-factor";
import { serve } from "../../platform/contract";
import { requireUser } from "../../platform/session";
import { createTwoFactorService } from "./service";

/** src/common/api/two-factor.ts: the second sign-in step and the member's two-factor settings. */
export const twoFactorRoutes: FastifyPluginAsync = async (app) => {
  const twoFactor = createTwoFactorService(app.ctx);
  serve(app, api.completeTwoFactorSignIn, {}, async (request, reply) =>
    twoFactor.completeSignIn(request.body, request, reply),
  );
  serve(app, api.getTwoFactorStatus, {}, async (request) => twoFactor.status(requireUser(request)));
  serve(app, api.startTwoFactorSetup, {}, async (request) =>
    twoFactor.setup(requireUser(request), request.body.password),
  );
  serve(app, api.enableTwoFactor, {}, async (request) =>
    twoFactor.enable(requireUser(request), request.body.code, request),
  );
  serve(app, api.disableTwoFactor, {}, async (request) =>
    twoFactor.disable(requireUser(request), request.body.password, request.body.code),
  );
  serve(app, api.regenerateRecoveryCodes, {}, async (request) =>
    twoFactor.regenerate(requireUser(request), request.body.password),
  );
};
