/** What other features may use of this one (src/architecture.ts): nothing else of it is imported from outside. */

export { removeFollow } from "./queries";
export { presentSummary } from "./service";
export { type FollowedTopics, followedCount, followedTopics } from "./topics";
