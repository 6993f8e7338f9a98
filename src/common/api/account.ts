import { currentUserSchema } from "../auth";
import { verifyEmailSchema } from "../email-verification";
import { messageSchema } from "../http";
import { notificationPreferencesSchema, notificationPreferencesUpdateSchema } from "../notifications";
import { accountDeleteSchema, emailChangeSchema, passwordChangeSchema } from "../social";
import { route } from "./route";

/** Account settings: email, password, notification preferences, deletion; email verification. */
const tags = ["account"];

export const verifyEmail = route("POST", "/api/auth/verify-email", "public", () => ({
  tags: ["auth"],
  summary:
    "Verify an email address with the token of the link mailed to it (once, within 24 hours; signed in or not)",
  body: verifyEmailSchema,
  response: messageSchema,
  errors: [400, 429],
}));

export const resendVerificationEmail = route("POST", "/api/account/verification-email", "member", () => ({
  tags,
  summary: "Mail a new verification link to the signed-in member's address (3 an hour)",
  response: messageSchema,
  errors: [401, 409, 429],
}));

export const getNotificationPreferences = route(
  "GET",
  "/api/account/notification-preferences",
  "member",
  () => ({
    tags,
    summary: "Notification choices per kind (follow, like, comment, reply, mention) and channel",
    response: notificationPreferencesSchema,
    errors: [401],
  }),
);

export const updateNotificationPreferences = route(
  "PUT",
  "/api/account/notification-preferences",
  "member",
  () => ({
    tags,
    summary: "Change notification choices (only the kinds and channels sent)",
    body: notificationPreferencesUpdateSchema,
    response: notificationPreferencesSchema,
    errors: [400, 401],
  }),
);

export const changeEmail = route("PUT", "/api/account/email", "member", () => ({
  tags,
  summary:
    "Change the email address (needs the current password): it is unverified until the link mailed to it is followed, and other devices are signed out",
  body: emailChangeSchema,
  response: currentUserSchema,
  errors: [400, 401, 409, 429],
}));

export const changePassword = route("PUT", "/api/account/password", "member", () => ({
  tags,
  summary: "Change the password (other devices are signed out)",
  body: passwordChangeSchema,
  response: messageSchema,
  errors: [400, 401, 429],
}));

export const deleteAccount = route("DELETE", "/api/account", "member", () => ({
  tags,
  summary: "Delete the account and everything the member wrote (password and the word DELETE)",
  body: accountDeleteSchema,
  response: messageSchema,
  errors: [400, 401, 409, 429],
}));
