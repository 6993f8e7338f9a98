import { currentUserSchema } from "../auth";
import { idParamSchema, messageSchema } from "../http";
import {
  addPasskeySchema,
  authenticationOptionsSchema,
  passkeyListSchema,
  passkeySchema,
  passkeySignInSchema,
  registrationOptionsSchema,
  removePasskeySchema,
  renamePasskeySchema,
} from "../passkeys";
import { route } from "./route";

/**
 * Passkeys (WebAuthn, issue 24 item 2; docs/decisions/0088-passkeys.md). Every ceremony starts with
 * an options call that sets a short-lived, single-use ceremony cookie bound to its challenge.
 */
const tags = ["passkeys"];

export const listPasskeys = route("GET", "/api/passkeys", "member", () => ({
  tags,
  summary: "The signed-in member's passkeys (name, created, last used)",
  response: passkeyListSchema,
  errors: [401],
}));

export const passkeyRegistrationOptions = route(
  "POST",
  "/api/passkeys/registration-options",
  "member",
  () => ({
    tags,
    summary:
      "Start registering a passkey: creation options (a discoverable credential with user verification)",
    response: registrationOptionsSchema,
    errors: [401, 409, 429],
  }),
);

export const addPasskey = route("POST", "/api/passkeys", "member", () => ({
  tags,
  summary: "Finish registering a passkey: verifies the attestation (challenge, origin, RP ID) and stores it",
  body: addPasskeySchema,
  response: passkeySchema,
  status: 201,
  errors: [400, 401, 409, 429],
}));

export const renamePasskey = route("PATCH", "/api/passkeys/:id", "owner", () => ({
  tags,
  summary: "Rename one of one's passkeys",
  params: idParamSchema,
  body: renamePasskeySchema,
  response: passkeySchema,
  errors: [400, 401, 404],
}));

export const passkeyConfirmationOptions = route(
  "POST",
  "/api/passkeys/confirmation-options",
  "member",
  () => ({
    tags,
    summary: "Start confirming a sensitive change with one of one's passkeys: request options",
    response: authenticationOptionsSchema,
    errors: [401, 429],
  }),
);

export const removePasskey = route("DELETE", "/api/passkeys/:id", "owner", () => ({
  tags,
  summary:
    "Remove one of one's passkeys (needs the password or a fresh passkey assertion); ends the member's other sessions",
  params: idParamSchema,
  body: removePasskeySchema,
  response: messageSchema,
  errors: [400, 401, 404, 429],
}));

export const passkeySignInOptions = route("POST", "/api/auth/passkey-options", "public", () => ({
  tags: ["auth", ...tags],
  summary: "Start signing in with a passkey (no username: the passkey names the account)",
  response: authenticationOptionsSchema,
  errors: [429],
}));

export const passkeySignIn = route("POST", "/api/auth/passkey", "public", () => ({
  tags: ["auth", ...tags],
  summary: "Sign in with a passkey assertion (signature, counter, origin and RP ID checked)",
  body: passkeySignInSchema,
  response: currentUserSchema,
  errors: [400, 401, 403, 429],
}));
