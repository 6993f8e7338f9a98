import { z } from "zod";
import { GENERATIONS, LIMITS } from "./constants";
import { AI_MODEL_IDS } from "./models";
import { CONTROL_CHARS } from "./http";

/** SPEC §5 messages, shared by the auth form and the server. */
export const AUTH_MESSAGES = {
  usernameRequired: "Username is required",
  usernameShort: `Username must be at least ${LIMITS.usernameMin} characters`,
  usernameLong: `Username must be at most ${LIMITS.usernameMax} characters`,
  usernameChars: "Username may only contain letters, numbers, dots, dashes and underscores",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Password is required",
  passwordShort: `Password must be at least ${LIMITS.passwordMin} characters`,
  passwordLong: `Password must be at most ${LIMITS.passwordMax} characters`,
  generationInvalid: "Generation must be one of genz, millennial, genx or boomer",
  bioLong: `Bio must be at most ${LIMITS.bioMax} characters`,
  invalidCredentials: "Invalid username or password",
  usernameTaken: "Username is already taken",
  usernameConfusable: "Username is too similar to an existing username",
  emailTaken: "An account with this email already exists",
  loginRequired: "Please log in",
} as const;

const USERNAME_RE = /^[\p{L}\p{N}._-]+$/u;

export const usernameSchema = z
  .string({ error: AUTH_MESSAGES.usernameRequired })
  .trim()
  .min(1, AUTH_MESSAGES.usernameRequired)
  .min(LIMITS.usernameMin, AUTH_MESSAGES.usernameShort)
  .max(LIMITS.usernameMax, AUTH_MESSAGES.usernameLong)
  .regex(USERNAME_RE, AUTH_MESSAGES.usernameChars);

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(LIMITS.emailMax, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));

export const passwordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(LIMITS.passwordMin, AUTH_MESSAGES.passwordShort)
  .max(LIMITS.passwordMax, AUTH_MESSAGES.passwordLong);

export const generationSchema = z.enum(GENERATIONS, { error: AUTH_MESSAGES.generationInvalid });

export const registerSchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  generation: generationSchema.default("millennial"),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.strictObject({
  username: z
    .string({ error: AUTH_MESSAGES.usernameRequired })
    .trim()
    .min(1, AUTH_MESSAGES.usernameRequired)
    .max(200, AUTH_MESSAGES.invalidCredentials),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(LIMITS.passwordMax, AUTH_MESSAGES.invalidCredentials),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const bioSchema = z
  .string({ error: "Bio must be text" })
  .max(LIMITS.bioMax, AUTH_MESSAGES.bioLong)
  .refine((v) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(v), {
    message: "Bio contains characters that are not allowed",
  });

export const profileUpdateSchema = z.strictObject({
  username: usernameSchema.optional(),
  bio: bioSchema.optional(),
  generation: generationSchema.optional(),
  favoriteModels: z
    .array(z.enum(AI_MODEL_IDS, { error: `Unknown favorite model: use one of ${AI_MODEL_IDS.join(", ")}` }), {
      error: "favoriteModels must be a list",
    })
    .max(AI_MODEL_IDS.length, "Too many favorite models")
    .refine((list) => new Set(list).size === list.length, { message: "Favorite models must be distinct" })
    .optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** A member as anyone may see them (never the email). */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  bio: z.string(),
  generation: generationSchema,
  favoriteModels: z.array(z.string()),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The signed-in member's own view: adds what only they (or admins) may see. */
export const currentUserSchema = publicUserSchema.extend({
  email: z.string(),
  role: z.enum(["member", "admin"]),
  /** Whether the member has followed the link mailed to their current address (owner only). */
  emailVerified: z.boolean(),
  /** Custom-theme accent (Pro/Premium), null for the default colors. */
  accentColor: z.string().nullable().optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export function hasControlChars(value: string): boolean {
  return CONTROL_CHARS.test(value);
}
