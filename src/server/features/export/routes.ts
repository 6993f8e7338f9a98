import fs from "node:fs";
import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/export";
import { EXPORT_MESSAGES } from "../../../common/export";
import { serve } from "../../platform/contract";
import { requireUser } from "../../platform/session";
import { createExportService } from "./service";

/** "Take your data with you" (src/common/api/export.ts): request, state, download. */
export const exportRoutes: FastifyPluginAsync = async (app) => {
  const exports = createExportService(app.ctx);
  serve(app, api.getExportState, {}, async (request) =>
    exports.state(requireUser(request, EXPORT_MESSAGES.loginRequired)),
  );
  serve(app, api.requestExport, {}, async (request) =>
    exports.request(requireUser(request, EXPORT_MESSAGES.loginRequired)),
  );
  serve(app, api.downloadExport, {}, async (request, reply) => {
    const user = requireUser(request, EXPORT_MESSAGES.loginRequired);
    const { file, size, row } = await exports.download(user, request.params.id);
    const day = (row.readyAt ?? row.requestedAt).toISOString().slice(0, 10);
    return reply
      .type("application/zip")
      .header("Content-Disposition", `attachment; filename="ai-agora-data-${day}.zip"`)
      .header("Cache-Control", "private, no-store")
      .header("Content-Length", size)
      .send(fs.createReadStream(file));
  });
};
