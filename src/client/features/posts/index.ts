/** What other client features may use of posts (src/architecture.ts): the image upload. */
export { useUploadImage } from "./api";
