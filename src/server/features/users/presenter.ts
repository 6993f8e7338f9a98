import type { CurrentUser, PublicUser } from "../../../common/auth";
import type { Generation } from "../../../common/constants";
import type { PublicUserRow } from "../../db/schema";
import { accentColorFor } from "../../platform/entitlements";

/** A member as anybody may see them: never the email, hash or role. */
export function presentPublicUser(row: PublicUserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    avatar: row.avatar,
    bio: row.bio,
    generation: row.generation as Generation,
    favoriteModels: row.favoriteModels,
    followersCount: row.followersCount,
    followingCount: row.followingCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The member's own view of themselves. */
export function presentCurrentUser(row: PublicUserRow, isAdmin: boolean): CurrentUser {
  return {
    ...presentPublicUser(row),
    email: row.email,
    role: isAdmin ? "admin" : "member",
    emailVerified: row.emailVerifiedAt !== null,
    accentColor: accentColorFor(row),
  };
}
