import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { listCreators } from "../../../common/api/creators";
import { getExplore } from "../../../common/api/explore";
import { getInsights } from "../../../common/api/insights";
import { risingCreators, trendingPosts, trendingTopics } from "../../../common/api/trending";
import type { Generation } from "../../../common/constants";
import type { Creator, Timeframe } from "../../../common/trending";
import { call, routeKey } from "../../api/client";

/** Typed query keys of the discovery screens, each under its route's path. */
export const discoveryKeys = {
  topics: (timeframe: Timeframe) => routeKey(trendingTopics, timeframe),
  posts: (timeframe: Timeframe) => routeKey(trendingPosts, timeframe),
  rising: (timeframe: Timeframe) => routeKey(risingCreators, timeframe),
  insights: routeKey(getInsights),
  explore: routeKey(getExplore),
  creatorsAll: routeKey(listCreators),
  creators: (generation: Generation | null) => routeKey(listCreators, generation ?? "all"),
};

export const useTrendingTopics = (timeframe: Timeframe, enabled = true) =>
  useQuery({
    queryKey: discoveryKeys.topics(timeframe),
    queryFn: () => call(trendingTopics, { query: { timeframe } }),
    enabled,
  });
export const useTrendingPosts = (timeframe: Timeframe, enabled = true) =>
  useQuery({
    queryKey: discoveryKeys.posts(timeframe),
    queryFn: () => call(trendingPosts, { query: { timeframe } }),
    enabled,
  });
export const useRisingCreators = (timeframe: Timeframe, enabled = true) =>
  useQuery({
    queryKey: discoveryKeys.rising(timeframe),
    queryFn: () => call(risingCreators, { query: { timeframe } }),
    enabled,
  });
export const useInsights = () =>
  useQuery({ queryKey: discoveryKeys.insights, queryFn: () => call(getInsights) });
export const useExplore = () =>
  useQuery({ queryKey: discoveryKeys.explore, queryFn: () => call(getExplore) });

export const CREATORS_PAGE = 20;

/** The creators directory, ranked, with "Load More" (keyset on the last member id). */
export function useCreators(generation: Generation | null) {
  return useInfiniteQuery({
    queryKey: discoveryKeys.creators(generation),
    queryFn: ({ pageParam }) =>
      call(listCreators, {
        query: { generation: generation ?? undefined, limit: CREATORS_PAGE, cursor: pageParam || undefined },
      }),
    initialPageParam: 0,
    getNextPageParam: (last: Creator[]) =>
      last.length === CREATORS_PAGE ? last[last.length - 1]!.id : undefined,
  });
}
