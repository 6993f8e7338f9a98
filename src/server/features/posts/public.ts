/** What other features may use of this one (src/architecture.ts): nothing else of it is imported from outside. */
export { keepLikesOf, likedByMember } from "./liked";
export { namedPostRows, presentPost, postsJson } from "./presenter";
export { deletePost, isImageInUse, removeComment } from "./queries";
