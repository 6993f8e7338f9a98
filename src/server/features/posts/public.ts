/** What other features may use of this one (src/architecture.ts): nothing else of it is imported from outside. */
export { presentPost } from "./presenter";
export { deletePost, isImageInUse, removeComment } from "./queries";
