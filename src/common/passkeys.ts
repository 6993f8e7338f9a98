import { z } from "zod";
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX } from "./passkey-messages";

/**
 * Passkeys (issue 24 item 2; docs/decisions/0088-passkeys.md): the texts and payloads shared by the
 * server feature `passkeys` and its screens.
 */
export {
  PASSKEY_CEREMONY_TTL_SECONDS,
  PASSKEY_MESSAGES,
  PASSKEY_NAME_MAX,
  PASSKEYS_MAX,
} from "./passkey-messages";

export const passkeyNameSchema = z
  .string({ error: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong);

const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, "must be base64url");

/** The extension outputs the browser reports; only credProps is read, the rest is dropped. */
const extensionResultsSchema = z.object({
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
});

/** What the browser's navigator.credentials.create() gives, as JSON (@simplewebauthn/browser). */
export const registrationResponseSchema = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(20_000),
    authenticatorData: b64url(8000).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4000).optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: extensionResultsSchema,
});

/** What navigator.credentials.get() gives, as JSON. */
export const authenticationResponseSchema = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(8000),
    signature: b64url(2000),
    userHandle: b64url(200).optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: extensionResultsSchema,
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

const descriptorSchema = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** PublicKeyCredentialCreationOptionsJSON, as the server generates it. */
export const registrationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(descriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      residentKey: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.string().optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

/** PublicKeyCredentialRequestOptionsJSON, as the server generates it. */
export const authenticationOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(descriptorSchema).optional(),
  userVerification: z.string().optional(),
  hints: z.array(z.string()).optional(),
});

export const addPasskeySchema = z.strictObject({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});
export type AddPasskeyInput = z.infer<typeof addPasskeySchema>;

export const renamePasskeySchema = z.strictObject({ name: passkeyNameSchema });
export type RenamePasskeyInput = z.infer<typeof renamePasskeySchema>;

/** Removing a passkey needs a fresh proof: the password, or an assertion of one of one's passkeys. */
export const removePasskeySchema = z
  .strictObject({
    password: z.string().min(1, PASSKEY_MESSAGES.passwordRequired).max(200).optional(),
    assertion: authenticationResponseSchema.optional(),
  })
  .refine((v) => v.password !== undefined || v.assertion !== undefined, {
    message: PASSKEY_MESSAGES.confirmRequired,
    path: ["password"],
  });
export type RemovePasskeyInput = z.infer<typeof removePasskeySchema>;

/** The remove dialog's form (the passkey alternative is a button, not a field). */
export const removePasskeyFormSchema = z.object({
  password: z.string().min(1, PASSKEY_MESSAGES.passwordRequired).max(200),
});

export const passkeySignInSchema = z.strictObject({ response: authenticationResponseSchema });

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced across the member's devices (a multi-device passkey) or bound to one authenticator. */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ items: z.array(passkeySchema) });
