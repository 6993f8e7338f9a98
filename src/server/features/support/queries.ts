import { and, desc, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/connect";
import { type SupportTicketRow, supportTickets } from "../../db/schema";

export async function insertTicket(
  db: DbOrTx,
  values: Pick<SupportTicketRow, "userId" | "subject" | "message" | "plan" | "priority">,
  now: Date,
): Promise<SupportTicketRow> {
  const [row] = await db
    .insert(supportTickets)
    .values({ ...values, createdAt: now })
    .returning();
  return row!;
}

/** A member's own tickets, newest first (keyset by id). */
export async function listTicketsOfUser(
  db: DbOrTx,
  userId: number,
  page: { limit: number; cursor?: number },
): Promise<SupportTicketRow[]> {
  return db
    .select()
    .from(supportTickets)
    .where(
      page.cursor
        ? and(eq(supportTickets.userId, userId), lt(supportTickets.id, page.cursor))
        : eq(supportTickets.userId, userId),
    )
    .orderBy(desc(supportTickets.id))
    .limit(page.limit);
}
