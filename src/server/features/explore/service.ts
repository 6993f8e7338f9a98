import { MODEL_CATEGORIES } from "../../../common/ai-models";
import type { Generation } from "../../../common/constants";
import { EXPLORE_LIMITS, type Explore, type SuggestedMember } from "../../../common/trending";
import type { AppContext, SessionUser } from "../../platform/context";
import * as q from "./queries";

/** Categories in the directory's order (SPEC §9); unknown ones last. */
const categoryOrder = (c: string) => {
  const i = (MODEL_CATEGORIES as readonly string[]).indexOf(c);
  return i === -1 ? MODEL_CATEGORIES.length : i;
};

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function presentSuggestion(row: q.SuggestionRow, reason: SuggestedMember["reason"]): SuggestedMember {
  return {
    id: row.id,
    username: row.username,
    avatar: row.avatar,
    bio: row.bio,
    generation: row.generation as Generation,
    followersCount: row.followersCount,
    followedByYourFollows: reason === "network" ? row.followedByYourFollows : 0,
    reason,
  };
}

export function createExploreService(ctx: AppContext) {
  /** Members followed by those you follow first, then the most followed members. */
  async function suggestions(viewer: SessionUser | null): Promise<SuggestedMember[]> {
    const limit = EXPLORE_LIMITS.members;
    const network = viewer ? await q.networkSuggestions(ctx.db, viewer.id, limit) : [];
    const out = network.map((r) => presentSuggestion(r, "network"));
    if (out.length < limit) {
      const popular = await q.popularMembers(
        ctx.db,
        viewer?.id ?? null,
        out.map((m) => m.id),
        limit - out.length,
      );
      out.push(...popular.map((r) => presentSuggestion(r, "popular")));
    }
    return out;
  }

  return {
    async get(viewer: SessionUser | null): Promise<Explore> {
      const [models, forums, prompts, members] = await Promise.all([
        q.topModelsByCategory(ctx.db, EXPLORE_LIMITS.modelsPerCategory),
        q.activeForums(ctx.db, EXPLORE_LIMITS.forums),
        q.popularPrompts(ctx.db, EXPLORE_LIMITS.prompts),
        suggestions(viewer),
      ]);
      const byCategory = new Map<string, Explore["topModels"][number]["models"]>();
      for (const m of models) {
        const list = byCategory.get(m.category) ?? [];
        list.push({
          id: m.id,
          slug: m.slug,
          name: m.name,
          company: m.company,
          rating: Number(m.rating),
          reviewCount: m.reviewCount,
        });
        byCategory.set(m.category, list);
      }
      return {
        topModels: [...byCategory]
          .sort(([a], [b]) => categoryOrder(a) - categoryOrder(b))
          .map(([category, list]) => ({ category, models: list })),
        activeForums: forums.map((f) => ({ ...f, lastActivityAt: iso(f.lastActivityAt) })),
        popularPrompts: prompts,
        suggestedMembers: members,
      };
    },
  };
}
