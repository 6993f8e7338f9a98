/** What other features may use of this one (src/architecture.ts): nothing else of it is imported from outside. */
export { getNotificationPreferences, updateNotificationPreferences } from "./preferences";
export { notify } from "./service";
export { streamRegistry } from "./stream";
export { unreadCacheOf } from "./unread-cache";
