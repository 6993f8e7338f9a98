/** What other client features may use of posts (src/architecture.ts): the image upload. */
export { useUploadImage } from "./api";
export { usePickImage } from "./use-pick-image";
