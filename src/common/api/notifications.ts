import { z } from "zod";
import { idParamSchema } from "../http";
import { notificationListQuerySchema, notificationSchema, unreadCountSchema } from "../notifications";
import { route } from "./route";

/** The signed-in member's notifications, their unread count and its live stream. */
const tags = ["notifications"];

export const listNotifications = route("GET", "/api/notifications", "member", () => ({
  tags,
  summary: "The signed-in member's notifications, newest first (`filter=unread`: the unread ones only)",
  query: notificationListQuerySchema,
  response: z.array(notificationSchema),
  errors: [400, 401],
}));

export const getUnreadCount = route("GET", "/api/notifications/unread-count", "member", () => ({
  tags,
  summary: "How many notifications are unread",
  response: unreadCountSchema,
  errors: [401],
}));

/** An EventSource opens it (`urlOf`); the handler writes the stream itself. */
export const notificationStream = route("GET", "/api/notifications/stream", "member", () => ({
  tags,
  summary:
    "Server-Sent Events: `event: unread` with `{ count }` now and on every change; a comment every 25 s",
  produces: "text/event-stream" as const,
  response: z.string().describe("text/event-stream"),
  errors: [401],
}));

export const markAllRead = route("PUT", "/api/notifications/read-all", "member", () => ({
  tags,
  summary: "Mark every notification read",
  response: unreadCountSchema,
  errors: [401],
}));

export const markRead = route("PUT", "/api/notifications/:id/read", "owner", () => ({
  tags,
  summary: "Mark one of one's own notifications read (another member's answers 404)",
  params: idParamSchema,
  response: unreadCountSchema,
  errors: [400, 401, 404],
}));
