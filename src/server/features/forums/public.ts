/** What other features may use of this one (src/architecture.ts): nothing else of it is imported from outside. */
export { createModerator } from "./moderate";
export { createForumService, replyUrl, threadUrl } from "./service";
