import { z } from "zod";
import { generationSchema, usernameSchema, emailSchema } from "./auth";
import { CONTROL_CHARS } from "./http";

/**
 * Sign in with an OpenID Connect provider (issue 24, item 3; docs/decisions/0089). The texts a
 * member reads, shared by the screens and the server.
 */
export const OIDC_MESSAGES = {
  notConfigured: "Sign-in with an identity provider is not available on this site",
  providerUnavailable: "The identity provider could not be reached. Please try again later.",
  flowExpired: "This sign-in attempt has expired or was already used. Please start again.",
  flowRefused: "The identity provider's answer could not be verified. Please start again.",
  cancelled: "Sign-in with the identity provider was canceled.",
  pendingExpired: "This sign-up has expired. Please sign in with your provider again.",
  emailUnverified:
    "An account with this email already exists. Sign in with your password, then link your provider from Sign-in and security.",
  wrongPassword: "The password is not right",
  alreadyLinkedOther: "This provider account is already linked to another member",
  alreadyLinked: "This provider account is already linked to your account",
  lastWayIn:
    "Set a password or link another provider before you unlink this one: it is your only way to sign in.",
  notFound: "Linked account not found",
  unlinked: "The provider was unlinked",
} as const;

/** Who starts a flow: a visitor signing in (or up), or a member linking a provider. */
export const oidcStartSchema = z.strictObject({
  intent: z.enum(["signin", "link"], { error: "intent must be signin or link" }),
});
export type OidcStartInput = z.infer<typeof oidcStartSchema>;

export const oidcStartAnswerSchema = z.object({
  /** Where the browser goes next: the provider's authorization endpoint. */
  url: z.string(),
});

const noControl = (v: string) => !CONTROL_CHARS.test(v);

/** The query string the provider sent the browser back with (everything after `?`). */
export const oidcCallbackSchema = z.strictObject({
  query: z
    .string({ error: "query is required" })
    .min(1, "query is required")
    .max(8_000, "query is too long")
    .refine(noControl, { message: "query may not contain control characters" }),
});
export type OidcCallbackInput = z.infer<typeof oidcCallbackSchema>;

const pendingTokenSchema = z
  .string({ error: "token is required" })
  .min(1, "token is required")
  .max(200, "token is too long")
  .regex(/^[\w-]+$/, "token is malformed");

/**
 * What the callback led to: signed in; a new member who must finish signing up; an existing
 * account (same verified email) the member may link with their password; or a provider linked
 * to the signed-in member.
 */
export const oidcCallbackAnswerSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("signed-in") }),
  z.object({
    status: z.literal("signup"),
    token: z.string(),
    email: z.string(),
    suggestedUsername: z.string(),
  }),
  z.object({ status: z.literal("link"), token: z.string(), email: z.string() }),
  z.object({ status: z.literal("linked") }),
]);
export type OidcCallbackAnswer = z.infer<typeof oidcCallbackAnswerSchema>;

export const oidcSignupSchema = z.strictObject({
  token: pendingTokenSchema,
  username: usernameSchema,
  email: emailSchema,
  generation: generationSchema.default("millennial"),
});
export type OidcSignupInput = z.input<typeof oidcSignupSchema>;

export const oidcLinkAccountSchema = z.strictObject({
  token: pendingTokenSchema,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(200, "The password is not right"),
});
export type OidcLinkAccountInput = z.infer<typeof oidcLinkAccountSchema>;

export const oidcIdentitySchema = z.object({
  id: z.number().int(),
  /** The provider's email for this identity, as it was when last used (may be empty). */
  email: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
});
export type OidcIdentity = z.infer<typeof oidcIdentitySchema>;

export const oidcIdentitiesSchema = z.object({
  /** The button label (OIDC_BUTTON_LABEL); null when no provider is configured. */
  label: z.string().nullable(),
  /** Whether the member has a password (another way in). */
  hasPassword: z.boolean(),
  identities: z.array(oidcIdentitySchema),
});
export type OidcIdentities = z.infer<typeof oidcIdentitiesSchema>;

export const oidcConfigSchema = z.object({
  /** The sign-in button's label; null when no provider is configured (no button). */
  label: z.string().nullable(),
});
export type OidcConfig = z.infer<typeof oidcConfigSchema>;
