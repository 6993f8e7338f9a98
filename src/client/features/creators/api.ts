import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { Generation } from "../../../common/constants";
import type { Insights } from "../../../common/insights";
import type {
  Creator,
  Explore,
  RisingCreator,
  Timeframe,
  TrendingPost,
  TrendingTopic,
} from "../../../common/trending";
import { getJson, withQuery } from "../../api/http";

/** Typed query keys of the discovery screens (each key is the URL the default queryFn fetches). */
export const discoveryKeys = {
  topics: (timeframe: Timeframe) => [withQuery("/api/trending/topics", { timeframe })] as const,
  posts: (timeframe: Timeframe) => [withQuery("/api/trending/posts", { timeframe })] as const,
  rising: (timeframe: Timeframe) => [withQuery("/api/trending/creators", { timeframe })] as const,
  insights: ["/api/generational-insights"] as const,
  explore: ["/api/explore"] as const,
  creatorsAll: ["/api/creators"] as const,
  creators: (generation: Generation | null) => ["/api/creators", generation ?? "all"] as const,
};

export const useTrendingTopics = (timeframe: Timeframe, enabled = true) =>
  useQuery<TrendingTopic[]>({ queryKey: discoveryKeys.topics(timeframe), enabled });
export const useTrendingPosts = (timeframe: Timeframe, enabled = true) =>
  useQuery<TrendingPost[]>({ queryKey: discoveryKeys.posts(timeframe), enabled });
export const useRisingCreators = (timeframe: Timeframe, enabled = true) =>
  useQuery<RisingCreator[]>({ queryKey: discoveryKeys.rising(timeframe), enabled });
export const useInsights = () => useQuery<Insights>({ queryKey: discoveryKeys.insights });
export const useExplore = () => useQuery<Explore>({ queryKey: discoveryKeys.explore });

export const CREATORS_PAGE = 20;

/** The creators directory, ranked, with "Load More" (keyset on the last member id). */
export function useCreators(generation: Generation | null) {
  return useInfiniteQuery({
    queryKey: discoveryKeys.creators(generation),
    queryFn: ({ pageParam }) =>
      getJson<Creator[]>(
        withQuery("/api/creators", {
          generation: generation ?? undefined,
          limit: CREATORS_PAGE,
          cursor: pageParam || undefined,
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last: Creator[]) =>
      last.length === CREATORS_PAGE ? last[last.length - 1]!.id : undefined,
  });
}
