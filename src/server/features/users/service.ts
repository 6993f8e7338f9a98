import { AUTH_MESSAGES, type ProfileUpdateInput } from "../../../common/auth";
import type { AppContext, SessionUser } from "../../platform/context";
import { conflict, confusableUsername, notFound } from "../../platform/errors";
import { isUniqueViolation } from "../../platform/http";
import { presentCurrentUser, presentPublicUser } from "./presenter";
import { findUserById, findUserBySkeleton, findUserByUsername, updateUser } from "./queries";

export function createUserService(ctx: AppContext) {
  return {
    async getPublic(id: number) {
      const row = await findUserById(ctx.db, id);
      if (!row) throw notFound("User not found");
      return presentPublicUser(row);
    },

    async updateProfile(viewer: SessionUser, input: ProfileUpdateInput) {
      if (input.username && input.username.toLowerCase() !== viewer.username.toLowerCase()) {
        const taken = await findUserByUsername(ctx.db, input.username);
        if (taken && taken.id !== viewer.id) throw conflict(AUTH_MESSAGES.usernameTaken, "username_taken");
      }
      if (input.username) {
        // A name that only looks like another member's is refused too (issue 25).
        const alike = await findUserBySkeleton(ctx.db, input.username);
        if (alike && alike.id !== viewer.id) throw confusableUsername(AUTH_MESSAGES.usernameConfusable);
      }
      // The owner is the WHERE clause: only the signed-in member's row can change.
      const row = await updateUser(ctx.db, viewer.id, input).catch((err) => {
        if (isUniqueViolation(err, "users_username_lower_idx"))
          throw conflict(AUTH_MESSAGES.usernameTaken, "username_taken");
        if (isUniqueViolation(err, "users_username_skeleton_idx")) {
          throw confusableUsername(AUTH_MESSAGES.usernameConfusable);
        }
        throw err;
      });
      if (!row) throw notFound("User not found");
      return presentCurrentUser(row, viewer.isAdmin);
    },
  };
}
