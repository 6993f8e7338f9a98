import { z } from "zod";

/** Texts of email verification (issue 25), shared by the server and the /verify-email screen. */
export const VERIFY_MESSAGES = {
  verified: "Your email address is verified.",
  verifiedTitle: "Email verified",
  invalidToken:
    "This verification link is invalid, has expired or was already used. Request a new one from your account settings.",
  invalidTitle: "Link not valid",
  noToken: "No verification token found. Open the link from your email, or request a new one.",
  sent: "Verification link sent: check your inbox.",
  alreadyVerified: "Your email address is already verified.",
  rateLimited: "Too many verification emails: rate limit reached. Please try again in an hour.",
  unverified: "Your email address is not verified yet.",
  verifiedShort: "Verified",
} as const;

/** Verification links stay valid this long. */
export const VERIFY_TOKEN_TTL_HOURS = 24;

export const verifyEmailSchema = z.strictObject({
  token: z
    .string({ error: VERIFY_MESSAGES.invalidToken })
    .trim()
    .min(1, VERIFY_MESSAGES.invalidToken)
    .max(200, VERIFY_MESSAGES.invalidToken),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;
