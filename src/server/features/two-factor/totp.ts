import { randomInt } from "node:crypto";
import * as OTPAuth from "otpauth";
import { TWO_FACTOR } from "../../../common/two-factor";
import { lazy } from "../../platform/lazy";

/** The QR code drawer, loaded when a member sets up two-factor sign-in. */
const qrcode = lazy<typeof import("qrcode")>("qrcode");

/** RFC 6238 with the otpauth library: SHA-1, 6 digits, 30-second steps (what every app reads). */
export function totpFor(secretBase32: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: TWO_FACTOR.issuer,
    label,
    algorithm: "SHA1",
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSec,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret (RFC 4226's recommended length), base32. */
export const newSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

/** The time step of a code accepted at `now` (±1 step), or null when it matches none. */
export function acceptedStep(totp: OTPAuth.TOTP, code: string, now: Date): number | null {
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TWO_FACTOR.window });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TWO_FACTOR.periodSec) + delta;
}

export const qrCodeDataUrl = async (text: string) =>
  `data:image/svg+xml;base64,${Buffer.from(await qrcode().toString(text, { type: "svg", margin: 2, errorCorrectionLevel: "M" })).toString("base64")}`;

/** No 0/o, 1/l/i: read from paper without doubt. 31 symbols, 10 of them: about 49 bits. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export function newRecoveryCode(): string {
  let s = "";
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}
/** What a member typed, as the code is hashed: lower case, no spaces or dashes. */
export const normaliseRecoveryCode = (typed: string) => typed.toLowerCase().replace(/[\s-]/g, "");
