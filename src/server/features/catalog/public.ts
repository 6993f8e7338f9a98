/** What other features may use of this one (src/architecture.ts): nothing else of it is imported from outside. */
export { createModelIn } from "./service";
