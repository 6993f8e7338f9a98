import { z } from "zod";
import { AUTH_MESSAGES, passwordSchema } from "./auth";
import { LIMITS } from "./constants";

/** SPEC §5 / §8 texts of the forgot-password and reset-password screens, shared by both ends. */
export const RESET_MESSAGES = {
  emailRequired: "Please enter your email address",
  emailInvalid: AUTH_MESSAGES.emailInvalid,
  sent: "If an account with that email exists, a password reset link has been sent.",
  sentTitle: "Check your email",
  forgotFailed: "Something went wrong. Please try again.",
  invalidLinkTitle: "Invalid Link",
  noToken: "No reset token found. Please request a new password reset.",
  fillAll: "Please fill in all fields",
  passwordShort: `Password must be at least ${LIMITS.passwordMin} characters long`,
  mismatch: "Passwords do not match",
  successTitle: "Success!",
  success: "Your password has been reset successfully.",
  resetFailed: "Failed to reset password. The link may have expired.",
  invalidToken:
    "This reset link is invalid or has expired. The link may have expired — please request a new one.",
} as const;

/** Reset links stay valid this long (SPEC §9: 30 minutes). */
export const RESET_TOKEN_TTL_MINUTES = 30;

export const forgotPasswordSchema = z.strictObject({
  email: z
    .string({ error: RESET_MESSAGES.emailRequired })
    .trim()
    .min(1, RESET_MESSAGES.emailRequired)
    .max(LIMITS.emailMax, RESET_MESSAGES.emailInvalid)
    .pipe(z.email({ error: RESET_MESSAGES.emailInvalid })),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.strictObject({
  token: z
    .string({ error: RESET_MESSAGES.invalidToken })
    .trim()
    .min(1, RESET_MESSAGES.invalidToken)
    .max(200, RESET_MESSAGES.invalidToken),
  password: passwordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Client-side checks of the reset form, in the order SPEC §5 lists them; null when valid. */
export function checkResetForm(password: string, confirm: string): string | null {
  if (!password || !confirm) return RESET_MESSAGES.fillAll;
  if (password.length < LIMITS.passwordMin) return RESET_MESSAGES.passwordShort;
  if (password !== confirm) return RESET_MESSAGES.mismatch;
  if (password.length > LIMITS.passwordMax) return AUTH_MESSAGES.passwordLong;
  return null;
}

/**
 * The reset form's fields (new password and its confirmation) with {@link checkResetForm}'s
 * checks: one message at a time, on the field it is about.
 */
export const resetFormSchema = z
  .object({ password: z.string(), confirm: z.string() })
  .superRefine((v, ctx) => {
    const problem = checkResetForm(v.password, v.confirm);
    if (!problem) return;
    const onConfirm =
      problem === RESET_MESSAGES.mismatch || (problem === RESET_MESSAGES.fillAll && v.password);
    ctx.addIssue({ code: "custom", message: problem, path: [onConfirm ? "confirm" : "password"] });
  });
export type ResetFormInput = z.infer<typeof resetFormSchema>;
