/** What other features may use of this one (src/architecture.ts): nothing else of it is imported from outside. */
export { containsProfanity } from "./profanity";
export { createModerationService, getModerationSettings, invalidateModerationSettings } from "./service";
export { visible, visibleSql } from "./visibility";
