/**
 * Passkeys' texts and limits without zod (src/common/passkeys.ts re-exports them with the schemas):
 * the sign-in screen and the security page import these and load the schemas only on a submit.
 */
export const PASSKEY_MESSAGES = {
  sectionTitle: "Passkeys",
  sectionIntro:
    "A passkey signs you in with your device's fingerprint, face or screen lock instead of your password. It cannot be phished or reused on another site.",
  none: "You have no passkeys yet.",
  add: "Add a passkey",
  nameLabel: "Passkey name",
  nameHint: "So you can tell your passkeys apart, e.g. “Work laptop”.",
  nameRequired: "Give the passkey a name",
  nameTooLong: "Use at most 60 characters",
  added: "Passkey added",
  renamed: "Passkey renamed",
  removed: "Passkey removed. Your other sessions were signed out.",
  notFound: "Passkey not found",
  tooMany: "You can register at most 20 passkeys. Remove one first.",
  alreadyRegistered: "This passkey is already registered",
  ceremonyExpired: "That passkey request expired. Please try again.",
  verificationFailed: "The passkey could not be verified. Please try again.",
  signInFailed: "That passkey was not recognized. Try again or sign in with your password.",
  signInButton: "Sign in with a passkey",
  confirmRequired: "Enter your password or confirm with a passkey",
  passwordRequired: "Enter your password",
  cancelled: "The passkey request was canceled or timed out.",
  unsupported: "This browser does not support passkeys.",
  never: "Never used",
} as const;

/** Most passkeys one member may register. */
export const PASSKEYS_MAX = 20;
/** How long a ceremony (its challenge) stays valid: WebAuthn's recommended 5 minutes. */
export const PASSKEY_CEREMONY_TTL_SECONDS = 5 * 60;
export const PASSKEY_NAME_MAX = 60;
