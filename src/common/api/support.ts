import { pageQuerySchema } from "../http";
import { supportTicketCreateSchema, supportTicketSchema, supportTicketsSchema } from "../subscriptions";
import { route } from "./route";

/** Contacting support (priority by plan) and one's own tickets. */
const tags = ["support"];

export const openTicket = route("POST", "/api/support/tickets", "member", () => ({
  tags,
  summary: "Contact support; the ticket is flagged priority or dedicated by the member's plan",
  body: supportTicketCreateSchema,
  response: supportTicketSchema,
  status: 201,
  errors: [400, 401, 429],
}));

export const listTickets = route("GET", "/api/support/tickets", "member", () => ({
  tags,
  summary: "The signed-in member's own support tickets, newest first",
  query: pageQuerySchema,
  response: supportTicketsSchema,
  errors: [400, 401],
}));
