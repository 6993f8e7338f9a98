/** What other features may use of this one (src/architecture.ts): nothing else of it is imported from outside. */
export { containsProfanity } from "./profanity";
export {
  createModerationService,
  type DuplicateLookahead,
  getModerationSettings,
  invalidateModerationSettings,
  type Screened,
} from "./service";
export { visible, visibleSql } from "./visibility";
