import { idParamSchema, messageSchema } from "../http";
import { currentUserSchema } from "../auth";
import {
  oidcCallbackAnswerSchema,
  oidcCallbackSchema,
  oidcConfigSchema,
  oidcIdentitiesSchema,
  oidcLinkAccountSchema,
  oidcSignupSchema,
  oidcStartAnswerSchema,
  oidcStartSchema,
} from "../oidc";
import { route } from "./route";

/** Sign in with an OpenID Connect provider (issue 24, item 3; docs/decisions/0089). */
const tags = ["oidc"];

export const getOidcConfig = route("GET", "/api/oidc/config", "public", () => ({
  tags,
  summary: "Whether a provider is configured, and its button label",
  response: oidcConfigSchema,
}));

export const startOidc = route("POST", "/api/oidc/start", "public", () => ({
  tags,
  summary: "Start the authorization code flow (PKCE, state, nonce): answers the provider's URL",
  body: oidcStartSchema,
  response: oidcStartAnswerSchema,
  errors: [400, 401, 429, 503],
}));

export const finishOidc = route("POST", "/api/oidc/callback", "public", () => ({
  tags,
  summary: "The provider's answer (the callback page's query string): sign in, sign up or link",
  body: oidcCallbackSchema,
  response: oidcCallbackAnswerSchema,
  errors: [400, 403, 409, 429, 503],
}));

export const oidcSignup = route("POST", "/api/oidc/signup", "public", () => ({
  tags,
  summary: "Create the account of a new member who signed in with the provider",
  body: oidcSignupSchema,
  response: currentUserSchema,
  status: 201,
  errors: [400, 409, 429],
}));

export const oidcLinkAccount = route("POST", "/api/oidc/link-account", "public", () => ({
  tags,
  summary: "Link the provider to an existing account with its password, and sign in",
  body: oidcLinkAccountSchema,
  response: currentUserSchema,
  errors: [400, 401, 403, 409, 429],
}));

export const listOidcIdentities = route("GET", "/api/oidc/identities", "member", () => ({
  tags,
  summary: "The signed-in member's linked provider accounts",
  response: oidcIdentitiesSchema,
  errors: [401],
}));

export const unlinkOidcIdentity = route("DELETE", "/api/oidc/identities/:id", "owner", () => ({
  tags,
  summary: "Unlink a provider account, if the member keeps another way in",
  params: idParamSchema,
  response: messageSchema,
  errors: [400, 401, 404, 409],
}));
