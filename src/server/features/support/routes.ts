import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pageQuerySchema } from "../../../common/http";
import {
  supportTicketCreateSchema,
  supportTicketSchema,
  supportTicketsSchema,
} from "../../../common/subscriptions";
import { errorResponses } from "../../platform/http";
import { requireUser } from "../../platform/session";
import { createSupportService } from "./service";

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = createSupportService(app.ctx);

  app.post(
    "/support/tickets",
    {
      schema: {
        tags: ["support"],
        summary: "Contact support; the ticket is flagged priority or dedicated by the member's plan",
        body: supportTicketCreateSchema,
        response: { 201: supportTicketSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await support.open(requireUser(request), request.body)),
  );

  app.get(
    "/support/tickets",
    {
      schema: {
        tags: ["support"],
        summary: "The signed-in member's own support tickets, newest first",
        querystring: pageQuerySchema,
        response: { 200: supportTicketsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => support.mine(requireUser(request), request.query),
  );
};
