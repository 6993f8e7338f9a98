import type { FastifyRequest } from "fastify";
import { requireAdmin } from "../../platform/session";

/**
 * Route hook for every `/api/admin/*` call: 401 signed out, 403 for members. It runs before
 * validation, so a member learns nothing about the call's input and nothing changes.
 */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}
