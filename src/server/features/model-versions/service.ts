import {
  MODEL_VERSION_CODES,
  MODEL_VERSION_MESSAGES,
  type ModelVersion,
  type ModelVersionInput,
  type ModelVersions,
  modelVersionInputSchema,
} from "../../../common/model-versions";
import { MODEL_SLUG_RE } from "../../../common/ai-models";
import { distributionStats } from "../../../common/ai-models";
import type { AppContext, SessionUser } from "../../platform/context";
import { type AppError, badRequest, conflict, notFound } from "../../platform/errors";
import { isUniqueViolation } from "../../platform/http";
import { recordAudit } from "../admin/public";
import {
  deleteVersion,
  findModelBySlug,
  holdModel,
  insertVersion,
  listVersions,
  starCounts,
  updateVersion,
  type VersionRow,
} from "./queries";
import { ratingsChanged } from "./stats";

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The refusal of a version that is not one of the model's (a review's or a battle's). */
export const versionNotOfModel = (): AppError =>
  badRequest(MODEL_VERSION_MESSAGES.notOfModel, MODEL_VERSION_CODES.notOfModel);

export function presentVersion(row: VersionRow, counts: readonly number[] = [0, 0, 0, 0, 0]): ModelVersion {
  const { mean, count } = distributionStats(counts);
  return {
    id: row.id,
    modelId: row.model_id,
    name: row.name,
    releaseDate: row.release_date,
    notes: row.notes,
    rating: Math.round(mean * 100) / 100,
    ratingCount: count,
    createdAt: iso(row.created_at),
  };
}

export function createModelVersionService(ctx: AppContext) {
  const exists = (name: string) => conflict(MODEL_VERSION_MESSAGES.exists(name), MODEL_VERSION_CODES.exists);

  async function withCounts(row: VersionRow): Promise<ModelVersion> {
    const counts = await starCounts(ctx.db, [row.id]);
    return presentVersion(row, counts.get(row.id));
  }

  return {
    /** A model's versions, newest release first, with the rating per version and the change mark. */
    async list(slug: string): Promise<ModelVersions> {
      const model = MODEL_SLUG_RE.test(slug) ? await findModelBySlug(ctx.db, slug) : null;
      if (!model) throw notFound(MODEL_VERSION_MESSAGES.modelNotFound);
      const rows = await listVersions(ctx.db, model.id);
      const counts = await starCounts(
        ctx.db,
        rows.map((r) => r.id),
      );
      const versions = rows.map((r) => presentVersion(r, counts.get(r.id)));
      const [newest, previous] = rows;
      let change: ModelVersions["change"] = null;
      if (newest && previous) {
        const found = ratingsChanged(counts.get(newest.id) ?? [], counts.get(previous.id) ?? []);
        if (found) {
          change = {
            since: { id: previous.id, name: previous.name },
            newest: { id: newest.id, name: newest.name },
            direction: found.direction,
            pValue: found.pValue,
          };
        }
      }
      return { versions, change };
    },

    async create(admin: SessionUser, modelId: number, raw: ModelVersionInput): Promise<ModelVersion> {
      const input = modelVersionInputSchema.parse(raw);
      try {
        const row = await ctx.db.transaction(async (tx) => {
          const model = await holdModel(tx, modelId);
          if (!model) throw notFound(MODEL_VERSION_MESSAGES.modelNotFound);
          const created = await insertVersion(tx, { modelId, ...input, at: ctx.now() });
          await recordAudit(ctx, tx, admin, {
            action: "model_version.create",
            summary: `Added the version “${created.name}” to ${model.name}`,
            targetType: "model_version",
            targetId: created.id,
            details: { modelId, name: created.name, releaseDate: created.release_date },
          });
          return created;
        });
        return presentVersion(row);
      } catch (err) {
        // Two admins adding the same name at the same moment: the unique index decides.
        if (isUniqueViolation(err, "model_versions_model_name_idx")) throw exists(input.name);
        throw err;
      }
    },

    async update(admin: SessionUser, id: number, raw: ModelVersionInput): Promise<ModelVersion> {
      const input = modelVersionInputSchema.parse(raw);
      try {
        const row = await ctx.db.transaction(async (tx) => {
          const updated = await updateVersion(tx, id, { ...input, at: ctx.now() });
          if (!updated) throw notFound(MODEL_VERSION_MESSAGES.notFound);
          await recordAudit(ctx, tx, admin, {
            action: "model_version.update",
            summary: `Edited the version “${updated.name}”`,
            targetType: "model_version",
            targetId: id,
            details: { modelId: updated.model_id, name: updated.name, releaseDate: updated.release_date },
          });
          return updated;
        });
        return withCounts(row);
      } catch (err) {
        if (isUniqueViolation(err, "model_versions_model_name_idx")) throw exists(input.name);
        throw err;
      }
    },

    async remove(admin: SessionUser, id: number): Promise<{ message: string }> {
      await ctx.db.transaction(async (tx) => {
        const deleted = await deleteVersion(tx, id);
        if (!deleted) throw notFound(MODEL_VERSION_MESSAGES.notFound);
        await recordAudit(ctx, tx, admin, {
          action: "model_version.delete",
          summary: `Deleted the version “${deleted.name}”`,
          targetType: "model_version",
          targetId: id,
          details: { modelId: deleted.model_id, name: deleted.name },
        });
      });
      return { message: MODEL_VERSION_MESSAGES.deleted };
    },
  };
}
