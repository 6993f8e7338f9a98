import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { TIMING } from "../../../common/constants";
import {
  getUnreadCount,
  listNotifications,
  markAllRead,
  markRead,
  notificationStream,
} from "../../../common/api/notifications";
import type { NotificationFilter, UnreadCount } from "../../../common/notifications";
import { call, routeKey, urlOf } from "../../api/client";

/** Typed query keys: everything under `notificationKeys.all` is refreshed after a change. */
export const notificationKeys = {
  all: routeKey(listNotifications),
  list: () => routeKey(listNotifications),
  unread: () => routeKey(listNotifications, "unread-count"),
  /** The notifications page's lists, by filter. */
  pages: (filter?: NotificationFilter) =>
    filter ? routeKey(listNotifications, "page", filter) : routeKey(listNotifications, "page"),
};

/** Notices a page of the notifications page holds (the API's default page size). */
const PAGE_SIZE = 20;

/**
 * The notifications page's list, all or unread only (decision 0143): a page at a time, each after
 * the last notice shown (keyset on the id); a short page is the last.
 */
export function useNotificationPages(filter: NotificationFilter) {
  return useInfiniteQuery({
    queryKey: notificationKeys.pages(filter),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      call(listNotifications, {
        query: { filter, limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    getNextPageParam: (last) => (last.length === PAGE_SIZE ? last[last.length - 1]?.id : undefined),
  });
}

/** The list, polled every 30 s (SPEC §9); the live stream refreshes it sooner. */
export function useNotifications(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: () => call(listNotifications, {}),
    refetchInterval: TIMING.notificationsPollMs,
    enabled,
  });
}

/** The unread count, polled every 15 s (SPEC §9); the live stream updates it at once. */
export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: () => call(getUnreadCount),
    refetchInterval: TIMING.unreadCountPollMs,
    enabled,
  });
}

/** Marking one or all read refreshes the list and the count (SPEC §4). */
function useRefreshAfter() {
  const qc = useQueryClient();
  return (count: UnreadCount) => {
    qc.setQueryData(notificationKeys.unread(), count);
    return qc.invalidateQueries({ queryKey: notificationKeys.all });
  };
}

export function useMarkRead() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (id: number) => call(markRead, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useMarkAllRead() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: () => call(markAllRead),
    onSuccess: refresh,
  });
}

/**
 * The live stream (Server-Sent Events): each `unread` event sets the badge at once and
 * refreshes the list. The browser reconnects by itself; polling stays as the fallback.
 */
export function useNotificationStream(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource(urlOf(notificationStream), { withCredentials: true });
    let last: number | undefined;
    const onUnread = (event: MessageEvent<string>) => {
      try {
        const data = JSON.parse(event.data) as UnreadCount;
        if (typeof data.count !== "number") return;
        qc.setQueryData(notificationKeys.unread(), { count: data.count });
        // The first event only confirms the current count; later ones mean something changed.
        if (last !== undefined) {
          void qc.invalidateQueries({ queryKey: notificationKeys.list(), exact: true });
          void qc.invalidateQueries({ queryKey: notificationKeys.pages() });
        }
        last = data.count;
      } catch {
        // a malformed event is ignored
      }
    };
    source.addEventListener("unread", onUnread as EventListener);
    return () => {
      source.removeEventListener("unread", onUnread as EventListener);
      source.close();
    };
  }, [enabled, qc]);
}
