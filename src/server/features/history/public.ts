/** What other features may use of this one (src/architecture.ts): they record their edits through it. */
export { type RevisionInput, recordRevision, sameFields } from "./record";
