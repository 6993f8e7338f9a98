import { useInfiniteQuery } from "@tanstack/react-query";
import { listPosts } from "../../../common/api/posts";
import type { FeedSort, FeedTab, TopWindow } from "../../../common/posts";
import { call, routeKey } from "../../api/client";
import { FEED_PAGE_SIZE } from "./api";

/**
 * The home feed's pages (HomePage only: apart from api.ts, whose chunk every page with posts
 * shares). Keys sit under `postKeys.all`, so every post change invalidates them.
 */
const feedKey = (tag: string | null, view: FeedView) =>
  routeKey(listPosts, "feed", tag ?? "", view.tab, view.sort, view.sort === "top" ? view.t : "");

/** The feed's tab, sort and Top window, as the page address holds them (decision 0103). */
export interface FeedView {
  tab: FeedTab;
  sort: FeedSort;
  t: TopWindow;
}
export const DEFAULT_FEED_VIEW: FeedView = { tab: "all", sort: "new", t: "7d" };

export function useFeed(tag: string | null, view: FeedView = DEFAULT_FEED_VIEW) {
  return useInfiniteQuery({
    queryKey: feedKey(tag, view),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      call(listPosts, {
        query: {
          limit: FEED_PAGE_SIZE,
          cursor: pageParam,
          tag: tag ?? undefined,
          ...(view.tab === "following" ? { tab: view.tab } : {}),
          ...(view.sort === "new" ? {} : { sort: view.sort }),
          ...(view.sort === "top" ? { t: view.t } : {}),
        },
      }),
    getNextPageParam: (last) => (last.length === FEED_PAGE_SIZE ? last[last.length - 1]?.id : undefined),
  });
}
