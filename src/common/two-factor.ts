import { z } from "zod";
import { currentUserSchema } from "./auth";
import { CONTROL_CHARS } from "./http";

/**
 * Two-factor sign-in with time-based codes (issue 24 §1, RFC 6238; docs/decisions/0086 and 0087):
 * the texts the security page, the sign-in screen and the server share.
 */
export const TWO_FACTOR = {
  /** Codes are 6 digits, a new one every 30 seconds; one step either side is accepted. */
  digits: 6,
  periodSec: 30,
  window: 1,
  recoveryCodes: 10,
  /** How long the password step's pending token lasts. */
  pendingTtlSec: 5 * 60,
  issuer: "AI Agora",
} as const;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code",
  codeInvalid: "That code is not valid. Check your authenticator app and try again.",
  codeFormat: "Enter the 6-digit code from your authenticator app",
  pendingInvalid: "This sign-in has expired. Please sign in again with your password.",
  notEnrolling: "Start setting up two-factor sign-in first",
  alreadyOn: "Two-factor sign-in is already on",
  notOn: "Two-factor sign-in is not on",
  turnedOn: "Two-factor sign-in is on. Your other devices were signed out.",
  turnedOff: "Two-factor sign-in is off",
  tooManyAttempts: "Too many code attempts: rate limit reached. Please try again in 15 minutes.",
  adminRequired: "Administrators must turn on two-factor sign-in before using admin tools.",
} as const;

/** A 6-digit code, or a recovery code (10 letters and digits, dashes and spaces ignored). */
export const secondFactorCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeRequired)
  .max(40, TWO_FACTOR_MESSAGES.codeInvalid)
  .refine((v) => !CONTROL_CHARS.test(v), { message: TWO_FACTOR_MESSAGES.codeInvalid });

/** A current 6-digit code (enrolment: only the app proves it has the secret). */
export const totpCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeFormat })
  .trim()
  .regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat);

const passwordField = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .max(200, "Password is incorrect");

/** The password step's answer when a second step is needed: no session yet. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Single use, valid `expiresInSeconds`; sent back with the code. */
  pendingToken: z.string(),
  expiresInSeconds: z.number().int(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** What the password step answers: the member (signed in), or a second step to take. */
export const loginResultSchema = z.union([currentUserSchema, twoFactorChallengeSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;

export const secondStepSchema = z.strictObject({
  pendingToken: z.string({ error: TWO_FACTOR_MESSAGES.pendingInvalid }).min(1).max(200),
  code: secondFactorCodeSchema,
});
export type SecondStepInput = z.infer<typeof secondStepSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** Whether this member must turn it on before using admin tools (REQUIRE_ADMIN_2FA). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupInputSchema = z.strictObject({ password: passwordField });
export const twoFactorSetupSchema = z.object({
  /** Base32 secret, shown once for typing into an app. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code: an SVG data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableSchema = z.strictObject({ code: totpCodeSchema });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorDisableSchema = z.strictObject({
  password: passwordField,
  code: secondFactorCodeSchema,
});
export const recoveryCodesRegenerateSchema = z.strictObject({ password: passwordField });
