import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/connect";
import { type UserRow, users } from "../../db/schema";
import { isUniqueViolation } from "../../platform/http";
import { usernameSkeleton } from "../../platform/username-skeleton";

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

/** The member whose username looks like `username` (same confusable skeleton), if any: an index probe. */
export async function findUserBySkeleton(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.usernameSkeleton, usernameSkeleton(username)))
    .limit(1);
  return row;
}

export async function insertUser(
  db: DbOrTx,
  values: { username: string; email: string; passwordHash: string; generation: string; isDemo?: number },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, usernameSkeleton: usernameSkeleton(values.username) })
    .returning();
  return row!;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<
    Pick<
      UserRow,
      | "username"
      | "bio"
      | "generation"
      | "favoriteModels"
      | "avatar"
      | "email"
      | "emailVerifiedAt"
      | "passwordHash"
      | "role"
    >
  >,
): Promise<UserRow | undefined> {
  const skeleton =
    values.username === undefined ? {} : { usernameSkeleton: usernameSkeleton(values.username) };
  const [row] = await db
    .update(users)
    .set({ ...values, ...skeleton, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * Start-up: members written before migration 0017 (or by a script) get their skeleton. A row
 * whose skeleton an older member already holds keeps none (both existed before the rule; the
 * unique index only stops new lookalikes), and is logged.
 */
export async function backfillUsernameSkeletons(
  db: DbOrTx,
  onClash: (row: { id: number; username: string }) => void,
): Promise<number> {
  let after = 0;
  let filled = 0;
  for (;;) {
    const rows = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`${users.usernameSkeleton} is null and ${users.id} > ${after}`)
      .orderBy(users.id)
      .limit(500);
    if (rows.length === 0) return filled;
    for (const row of rows) {
      after = row.id;
      const taken = await findUserBySkeleton(db, row.username);
      if (taken) {
        onClash(row);
        continue;
      }
      // Another instance starting at the same time may fill the same skeleton first.
      const done = await db
        .update(users)
        .set({ usernameSkeleton: usernameSkeleton(row.username) })
        .where(sql`${users.id} = ${row.id} and ${users.usernameSkeleton} is null`)
        .then(
          () => true,
          (err) => {
            if (isUniqueViolation(err, "users_username_skeleton_idx")) return false;
            throw err;
          },
        );
      if (done) filled += 1;
      else onClash(row);
    }
  }
}
