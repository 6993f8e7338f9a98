/** What other features may use of this one (src/architecture.ts): nothing else of it is imported from outside. */
export { avatarPath, removeAvatarFile } from "./avatar";
export { presentCurrentUser } from "./presenter";
export {
  findUserByEmail,
  findUserById,
  findUserBySkeleton,
  findUserByUsername,
  insertUser,
  updateUser,
} from "./queries";
