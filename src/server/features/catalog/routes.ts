import type { FastifyPluginAsync } from "fastify";
import * as api from "../../../common/api/catalog";
import { serve } from "../../platform/contract";
import { requireAdmin } from "../../platform/session";
import { adminOnly } from "../admin/public";
import { createCatalogService } from "./service";

/** Editing the catalog changes no member (write-sync keeps the members' caches); admins only. */
const ADMIN_WRITE = { onRequest: adminOnly, config: { membersUnchanged: true } };
const ADMINS = { onRequest: adminOnly };

/** src/common/api/catalog.ts: the admin dashboard's Models tab (decisions 0116, 0117). */
export const catalogRoutes: FastifyPluginAsync = async (app) => {
  const catalog = createCatalogService(app.ctx);
  serve(app, api.listCatalogModels, ADMINS, async (request) => catalog.list(request.query));
  serve(app, api.catalogReviewQueue, ADMINS, async (request) => catalog.reviewQueue(request.query));
  serve(app, api.getCatalogModel, ADMINS, async (request) => catalog.get(request.params.id));
  serve(app, api.createCatalogModel, ADMIN_WRITE, async (request) =>
    catalog.create(requireAdmin(request), request.body),
  );
  serve(app, api.updateCatalogModel, ADMIN_WRITE, async (request) =>
    catalog.update(requireAdmin(request), request.params.id, request.body),
  );
  serve(app, api.retireCatalogModel, ADMIN_WRITE, async (request) =>
    catalog.retire(requireAdmin(request), request.params.id, request.body.reason),
  );
  serve(app, api.restoreCatalogModel, ADMIN_WRITE, async (request) =>
    catalog.restore(requireAdmin(request), request.params.id),
  );
  serve(app, api.verifyCatalogModel, ADMIN_WRITE, async (request) =>
    catalog.verify(requireAdmin(request), request.params.id),
  );
};
