import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { PASSKEY_MESSAGES } from "../../../common/passkey-messages";

/**
 * The browser half of a WebAuthn ceremony (@simplewebauthn/browser), loaded only when a passkey
 * is used: the sign-in screen and the security page do not carry it in their chunks.
 */
const browser = () => import("@simplewebauthn/browser");

export async function passkeysSupported(): Promise<boolean> {
  return (await browser()).browserSupportsWebAuthn();
}

export async function createPasskey(options: unknown): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await browser();
  return startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
}

export async function getPasskeyAssertion(options: unknown): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await browser();
  return startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
}

/** A failed browser ceremony, in words: the member cancelled, or the browser cannot. */
export class CeremonyError extends Error {}

export function ceremonyError(err: unknown): CeremonyError {
  const name = (err as { name?: string } | null)?.name;
  if (name === "NotAllowedError" || name === "AbortError")
    return new CeremonyError(PASSKEY_MESSAGES.cancelled);
  if (name === "InvalidStateError") return new CeremonyError(PASSKEY_MESSAGES.alreadyRegistered);
  if (name === "NotSupportedError") return new CeremonyError(PASSKEY_MESSAGES.unsupported);
  return new CeremonyError(PASSKEY_MESSAGES.verificationFailed);
}
