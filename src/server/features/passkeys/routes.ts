import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/passkeys";
import { serve } from "../../platform/contract";
import { requireUser } from "../../platform/session";
import { createPasskeyService } from "./service";

/** src/common/api/passkeys.ts: registering, listing, renaming and removing passkeys; signing in with one. */
export const passkeyRoutes: FastifyPluginAsync = async (app) => {
  const passkeys = createPasskeyService(app.ctx);

  serve(app, api.listPasskeys, {}, async (request) => passkeys.list(requireUser(request)));
  serve(app, api.passkeyRegistrationOptions, {}, async (request, reply) =>
    passkeys.registrationOptions(requireUser(request), request, reply),
  );
  serve(app, api.addPasskey, {}, async (request, reply) =>
    passkeys.add(requireUser(request), request.body, request, reply),
  );
  serve(app, api.renamePasskey, {}, async (request) =>
    passkeys.rename(requireUser(request), request.params.id, request.body.name),
  );
  serve(app, api.passkeyConfirmationOptions, {}, async (request, reply) =>
    passkeys.confirmationOptions(requireUser(request), request, reply),
  );
  serve(app, api.removePasskey, {}, async (request, reply) =>
    passkeys.remove(requireUser(request), request.params.id, request.body, request, reply),
  );
  serve(app, api.passkeySignInOptions, {}, async (request, reply) => passkeys.signInOptions(request, reply));
  serve(app, api.passkeySignIn, {}, async (request, reply) =>
    passkeys.signIn(request.body.response, request, reply),
  );
};
