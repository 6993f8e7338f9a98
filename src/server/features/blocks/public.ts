/** What other features may use of this one (src/architecture.ts): nothing else of it is imported from outside. */
export {
  blockedEitherWay,
  hidesAuthor,
  NO_FILTER,
  noTagAmong,
  notAmong,
  notAuthoredBy,
  notificationSilenced,
  type ViewerFilter,
  viewerFilter,
} from "./filters";
