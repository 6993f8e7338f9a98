import { messageSchema } from "../http";
import { forgotPasswordSchema, resetPasswordSchema } from "../password-reset";
import { route } from "./route";

/** Resetting a forgotten password by a link mailed to the member. */
const tags = ["auth"];

export const forgotPassword = route("POST", "/api/auth/forgot-password", "public", () => ({
  tags,
  summary: "Email a password reset link (same answer whether or not the account exists)",
  body: forgotPasswordSchema,
  response: messageSchema,
  errors: [400, 429],
}));

export const resetPassword = route("POST", "/api/auth/reset-password", "public", () => ({
  tags,
  summary: "Set a new password with a reset token; ends every session of the member",
  body: resetPasswordSchema,
  response: messageSchema,
  errors: [400, 429],
}));
