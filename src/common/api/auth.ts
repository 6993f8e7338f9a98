import { currentUserSchema, loginSchema, registerSchema } from "../auth";
import { messageSchema } from "../http";
import { loginResultSchema } from "../two-factor";
import { route } from "./route";

/** Signing up, in and out, and the current member. */
const tags = ["auth"];

export const register = route("POST", "/api/auth/register", "public", () => ({
  tags,
  summary: "Create an account and sign in",
  body: registerSchema,
  response: currentUserSchema,
  status: 201,
  errors: [400, 409, 429],
}));

export const login = route("POST", "/api/auth/login", "public", () => ({
  tags,
  summary:
    "Sign in by username: answers the member, or (two-factor sign-in on) a pending token for the second step and no session yet",
  body: loginSchema,
  response: loginResultSchema,
  errors: [400, 401, 403, 429],
}));

export const logout = route("POST", "/api/auth/logout", "public", () => ({
  tags,
  summary: "Sign out",
  response: messageSchema,
}));

export const getMe = route("GET", "/api/auth/me", "member", () => ({
  tags,
  summary: "The signed-in member",
  response: currentUserSchema,
  errors: [401],
}));
