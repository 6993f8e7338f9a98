import { z } from "zod";

/** The sessions page and the new-browser email (issue 24 §4; docs/decisions/0086). */
export const SESSION_MESSAGES = {
  notFound: "Session not found",
  ended: "Session ended",
  thisDevice: "Use Sign out to end the session of this device",
} as const;

export const sessionSchema = z.object({
  id: z.number().int(),
  /** "Chrome 131", "Firefox", or "Unknown browser". */
  browser: z.string(),
  /** "Windows 10", "macOS", "Android", or "Unknown system". */
  system: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.object({
  items: z.array(sessionSchema),
  nextCursor: z.number().int().nullable(),
});
export type SessionList = z.infer<typeof sessionListSchema>;

export const endedSessionsSchema = z.object({ ended: z.number().int(), message: z.string() });

export const securityPreferencesSchema = z.strictObject({
  /** Email me when my account is signed in to from a new browser. */
  newBrowserEmail: z.boolean({ error: "newBrowserEmail must be true or false" }),
});
export type SecurityPreferences = z.infer<typeof securityPreferencesSchema>;
