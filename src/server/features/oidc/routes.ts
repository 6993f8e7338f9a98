import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/oidc";
import { serve } from "../../platform/contract";
import { requireUser } from "../../platform/session";
import { createOidcService } from "./service";

/** src/common/api/oidc.ts: sign in, sign up and link with an OpenID Connect provider. */
export const oidcRoutes: FastifyPluginAsync = async (app) => {
  const oidc = createOidcService(app.ctx);

  serve(app, api.getOidcConfig, {}, async () => oidc.config());
  serve(app, api.startOidc, {}, async (request, reply) => oidc.start(request.body.intent, request, reply));
  serve(app, api.finishOidc, {}, async (request, reply) => oidc.callback(request.body.query, request, reply));
  serve(app, api.oidcSignup, {}, async (request, reply) => oidc.signup(request.body, request, reply));
  serve(app, api.oidcLinkAccount, {}, async (request, reply) =>
    oidc.linkAccount(request.body, request, reply),
  );
  serve(app, api.listOidcIdentities, {}, async (request) => oidc.identities(requireUser(request)));
  serve(app, api.unlinkOidcIdentity, {}, async (request) =>
    oidc.unlink(requireUser(request), request.params.id),
  );
};
