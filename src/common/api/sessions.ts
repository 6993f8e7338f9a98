import { idParamSchema, messageSchema, pageQuerySchema } from "../http";
import { endedSessionsSchema, securityPreferencesSchema, sessionListSchema } from "../sessions";
import { route } from "./route";

/** The member's signed-in sessions and the new-browser email (issue 24 §4). */
const tags = ["sessions"];

export const listSessions = route("GET", "/api/account/sessions", "member", () => ({
  tags,
  summary: "The signed-in member's active sessions, newest first (browser, system, address, this device)",
  query: pageQuerySchema,
  response: sessionListSchema,
  errors: [400, 401],
}));

export const endSessionById = route("DELETE", "/api/account/sessions/:id", "owner", () => ({
  tags,
  summary: "End one of the member's other sessions",
  params: idParamSchema,
  response: messageSchema,
  errors: [400, 401, 404],
}));

export const endOtherSessions = route("DELETE", "/api/account/sessions", "member", () => ({
  tags,
  summary: "End every session of the member but this one",
  response: endedSessionsSchema,
  errors: [401],
}));

export const getSecurityPreferences = route("GET", "/api/account/security-preferences", "member", () => ({
  tags,
  summary: "Security notices: the email about a sign-in from a new browser",
  response: securityPreferencesSchema,
  errors: [401],
}));

export const updateSecurityPreferences = route("PUT", "/api/account/security-preferences", "member", () => ({
  tags,
  summary: "Turn the new-browser email on or off",
  body: securityPreferencesSchema,
  response: securityPreferencesSchema,
  errors: [400, 401],
}));
