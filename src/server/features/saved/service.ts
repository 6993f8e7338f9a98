import type { SavedItems } from "../../../common/ai-models";
import type { PageQuery } from "../../../common/http";
import type { AppContext, SessionUser } from "../../platform/context";
import { presentSummary } from "../ai-models/public";
import { listBookmarkedModels } from "../ai-models/public";

export function createSavedService(ctx: AppContext) {
  return {
    /** `cursor` is the id of the last model seen; the page continues after its bookmark. */
    async list(user: SessionUser, page: PageQuery): Promise<SavedItems> {
      const rows = await listBookmarkedModels(ctx.db, user.id, page.limit, page.cursor);
      return {
        models: rows.map((r) => ({ ...presentSummary(r), bookmarkedAt: r.bookmarkedAt.toISOString() })),
      };
    },
  };
}
