import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { TIMING } from "../../../common/constants";
import type { Notification, UnreadCount } from "../../../common/notifications";
import { apiRequest } from "../../api/http";

/** Typed query keys (the default query function fetches the key joined by "/"). */
export const notificationKeys = {
  all: ["/api/notifications"] as const,
  list: () => ["/api/notifications"] as const,
  unread: () => ["/api/notifications", "unread-count"] as const,
};

/** The list, polled every 30 s (SPEC §9); the live stream refreshes it sooner. */
export function useNotifications(enabled = true) {
  return useQuery<Notification[]>({
    queryKey: notificationKeys.list(),
    refetchInterval: TIMING.notificationsPollMs,
    enabled,
  });
}

/** The unread count, polled every 15 s (SPEC §9); the live stream updates it at once. */
export function useUnreadCount(enabled = true) {
  return useQuery<UnreadCount>({
    queryKey: notificationKeys.unread(),
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
    mutationFn: (id: number) => apiRequest<UnreadCount>("PUT", `/api/notifications/${id}/read`),
    onSuccess: refresh,
  });
}

export function useMarkAllRead() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: () => apiRequest<UnreadCount>("PUT", "/api/notifications/read-all"),
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
    const source = new EventSource("/api/notifications/stream", { withCredentials: true });
    let last: number | undefined;
    const onUnread = (event: MessageEvent<string>) => {
      try {
        const data = JSON.parse(event.data) as UnreadCount;
        if (typeof data.count !== "number") return;
        qc.setQueryData(notificationKeys.unread(), { count: data.count });
        // The first event only confirms the current count; later ones mean something changed.
        if (last !== undefined) void qc.invalidateQueries({ queryKey: notificationKeys.list(), exact: true });
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
