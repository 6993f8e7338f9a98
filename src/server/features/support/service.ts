import type { PageQuery } from "../../../common/http";
import type { SupportTicket, SupportTicketCreateInput } from "../../../common/subscriptions";
import type { PublicUserRow, SupportTicketRow } from "../../db/schema";
import type { AppContext } from "../../platform/context";
import { effectivePlan, supportPriorityFor } from "../../platform/entitlements";
import { insertTicket, listTicketsOfUser } from "./queries";

export function presentTicket(row: SupportTicketRow): SupportTicket {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    priority: row.priority as SupportTicket["priority"],
    status: row.status as SupportTicket["status"],
    createdAt: row.createdAt.toISOString(),
  };
}

/** The support contact form: every member may write; the plan decides the ticket's priority. */
export function createSupportService(ctx: AppContext) {
  const limiter = ctx.limiter({ name: "support-ticket", points: 5, durationSec: 60 * 60 });
  return {
    async open(user: PublicUserRow, input: SupportTicketCreateInput): Promise<SupportTicket> {
      await limiter.consume(
        String(user.id),
        "Too many support requests: rate limit reached. Please try again later.",
      );
      const now = ctx.now();
      const row = await insertTicket(
        ctx.db,
        {
          userId: user.id,
          subject: input.subject,
          message: input.message,
          plan: effectivePlan(user, now),
          priority: supportPriorityFor(user, now),
        },
        now,
      );
      ctx.log.info({ ticket: row.id, priority: row.priority }, "support ticket opened");
      return presentTicket(row);
    },

    async mine(user: PublicUserRow, page: PageQuery): Promise<SupportTicket[]> {
      return (await listTicketsOfUser(ctx.db, user.id, page)).map(presentTicket);
    },
  };
}
