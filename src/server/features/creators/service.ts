import type { Generation } from "../../../common/constants";
import type { Creator, CreatorsQuery } from "../../../common/trending";
import type { AppContext, SessionUser } from "../../platform/context";
import { listCreators } from "./queries";

export function createCreatorsService(ctx: AppContext) {
  return {
    async list(viewer: SessionUser | null, query: CreatorsQuery): Promise<Creator[]> {
      const rows = await listCreators(ctx.db, viewer?.id ?? null, query);
      return rows.map((r) => ({
        id: r.id,
        username: r.username,
        avatar: r.avatar,
        bio: r.bio,
        generation: r.generation as Generation,
        followersCount: r.followersCount,
        likesReceived: r.likesReceived,
        isFollowing: Boolean(r.isFollowing),
        isSelf: viewer?.id === r.id,
      }));
    },
  };
}
