import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { followTopic, listTopicFollows, unfollowTopic } from "../../../common/api/topic-follows";
import { listPosts } from "../../../common/api/posts";
import type { TopicKind } from "../../../common/topic-follows";
import { call, routeKey } from "../../api/client";

/** The member's followed hashtags and models: small, read once and shared by every Follow button. */
export const topicFollowsQuery = () =>
  queryOptions({
    queryKey: routeKey(listTopicFollows),
    queryFn: () => call(listTopicFollows),
    staleTime: 60_000,
  });

export function useTopicFollows(enabled = true) {
  return useQuery({ ...topicFollowsQuery(), enabled });
}

/** After a follow the list answers at once and the feed's pages (the Following tab) are refetched. */
export function useFollowTopic() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, target, follow }: { kind: TopicKind; target: string; follow: boolean }) =>
      call(follow ? followTopic : unfollowTopic, { params: { kind, target } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: routeKey(listTopicFollows) });
      void qc.invalidateQueries({ queryKey: routeKey(listPosts) });
    },
  });
}
