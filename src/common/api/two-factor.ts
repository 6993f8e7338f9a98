import { currentUserSchema } from "../auth";
import { messageSchema } from "../http";
import {
  recoveryCodesRegenerateSchema,
  recoveryCodesSchema,
  secondStepSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupInputSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from "../two-factor";
import { route } from "./route";

/** Two-factor sign-in with time-based codes (issue 24 §1). */
const tags = ["two-factor"];

export const completeTwoFactorSignIn = route("POST", "/api/auth/two-factor", "public", () => ({
  tags: ["auth"],
  summary:
    "Second step of a sign-in: the pending token of the password step and a 6-digit code or a recovery code",
  body: secondStepSchema,
  response: currentUserSchema,
  errors: [400, 401, 403, 429],
}));

export const getTwoFactorStatus = route("GET", "/api/account/two-factor", "member", () => ({
  tags,
  summary: "Whether two-factor sign-in is on, and how many recovery codes are left",
  response: twoFactorStatusSchema,
  errors: [401],
}));

export const startTwoFactorSetup = route("POST", "/api/account/two-factor/setup", "member", () => ({
  tags,
  summary: "Start turning two-factor sign-in on (needs the password): a new secret and its QR code",
  body: twoFactorSetupInputSchema,
  response: twoFactorSetupSchema,
  errors: [400, 401, 409, 429],
}));

export const enableTwoFactor = route("POST", "/api/account/two-factor/enable", "member", () => ({
  tags,
  summary:
    "Confirm the setup with a first code: two-factor sign-in is on, other devices are signed out; answers the ten recovery codes (shown once)",
  body: twoFactorEnableSchema,
  response: recoveryCodesSchema,
  errors: [400, 401, 409, 429],
}));

export const disableTwoFactor = route("POST", "/api/account/two-factor/disable", "member", () => ({
  tags,
  summary: "Turn two-factor sign-in off (needs the password and a code or a recovery code)",
  body: twoFactorDisableSchema,
  response: messageSchema,
  errors: [400, 401, 409, 429],
}));

export const regenerateRecoveryCodes = route(
  "POST",
  "/api/account/two-factor/recovery-codes",
  "member",
  () => ({
    tags,
    summary: "Replace the recovery codes with ten new ones (needs the password; the old ones stop working)",
    body: recoveryCodesRegenerateSchema,
    response: recoveryCodesSchema,
    errors: [400, 401, 409, 429],
  }),
);
