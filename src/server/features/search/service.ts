import { markdownToPlainText } from "../../../common/markdown";
import { ANONYMOUS_AUTHOR } from "../../../common/posts";
import type { SearchQuery, SearchResult } from "../../../common/social";
import type { AppContext, SessionUser } from "../../platform/context";
import { viewerFilter } from "../blocks/public";
import { presentSummary } from "../follows/public";
import { searchPosts, searchPrompts, searchUsers } from "./queries";

const toIso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const EXCERPT = 300;

const excerptOf = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

export function createSearchService(ctx: AppContext) {
  return {
    /**
     * One term across posts, members and prompts, each list best match first; members blocked
     * either way, and their named posts and prompts, are left out (decision 0092).
     */
    async search(viewer: SessionUser | null, query: SearchQuery): Promise<SearchResult> {
      const { hidden } = await viewerFilter(ctx, viewer);
      const [posts, users, prompts] = await Promise.all([
        searchPosts(ctx.db, query.q, query.limit, hidden),
        searchUsers(ctx.db, query.q, query.limit, hidden),
        searchPrompts(ctx.db, query.q, query.limit, hidden),
      ]);
      return {
        posts: posts.map((p) => ({
          id: Number(p.id),
          // Words, not Markdown syntax (docs/decisions/0090).
          content: excerptOf(markdownToPlainText(p.content)),
          aiModel: p.ai_model,
          likes: Number(p.likes),
          comments: Number(p.comments),
          createdAt: toIso(p.created_at),
          // Anonymous (stealth) posts never reveal their author, not even through search.
          author: p.is_anonymous
            ? { id: ANONYMOUS_AUTHOR.id, username: ANONYMOUS_AUTHOR.username, avatar: null }
            : { id: Number(p.author_id), username: p.username, avatar: p.avatar },
        })),
        users: users.map(presentSummary),
        prompts: prompts.map((p) => ({
          id: Number(p.id),
          title: p.title,
          description: p.description,
          category: p.category,
          likes: Number(p.likes_count),
          author: { username: p.username, avatar: p.avatar },
        })),
      };
    },
  };
}
