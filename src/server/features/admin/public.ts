/** What other features may use of this one (src/architecture.ts): nothing else of it is imported from outside. */
export { recordAudit } from "./audit";
export { adminOnly } from "./guard";
export { createMemberActions } from "./members";
export { writeSettings } from "./queries";
