import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/connect";
import { type UserRow, users } from "../../db/schema";

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

export async function insertUser(
  db: DbOrTx,
  values: { username: string; email: string; passwordHash: string; generation: string; isDemo?: number },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<
    Pick<
      UserRow,
      "username" | "bio" | "generation" | "favoriteModels" | "avatar" | "email" | "passwordHash" | "role"
    >
  >,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}
