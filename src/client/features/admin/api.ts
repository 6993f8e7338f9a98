import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  AdminUser,
  AuditEntry,
  ModerationSettingsUpdate,
  ModerationStats,
  ReportGroup,
  ReportResolveInput,
} from "../../../common/admin";
import type { AdminFeatureFlag, FeatureFlagUpdate } from "../../../common/feature-flags";
import type { ModerationAction, ModerationSettings } from "../../../common/moderation";
import { apiRequest, getJson, withQuery } from "../../api/http";

export const ADMIN_PAGE_SIZE = 20;

/** Typed query keys; every admin query lives under "/api/admin" and is refreshed after an action. */
export const adminKeys = {
  stats: ["/api/admin/moderation-stats"] as const,
  actions: ["/api/admin/moderation-actions", "list"] as const,
  settings: ["/api/admin/moderation-settings"] as const,
  reports: ["/api/admin/reports", "list"] as const,
  users: ["/api/admin/users", "restricted"] as const,
  flags: ["/api/admin/feature-flags"] as const,
  audit: ["/api/admin/audit-log", "list"] as const,
};

/** The dashboard shows the state of now: its queries refetch when a tab opens. */
const fresh = { staleTime: 0 } as const;

export function refreshAdmin(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith("/api/admin") });
}

function usePaged<T>(key: readonly unknown[], url: string, cursorOf: (item: T) => number) {
  return useInfiniteQuery({
    queryKey: key,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => getJson<T[]>(withQuery(url, { limit: ADMIN_PAGE_SIZE, cursor: pageParam })),
    getNextPageParam: (last) =>
      last.length === ADMIN_PAGE_SIZE ? cursorOf(last[last.length - 1]!) : undefined,
    ...fresh,
  });
}

export const useModerationStats = () => useQuery<ModerationStats>({ queryKey: adminKeys.stats, ...fresh });

export const useModerationActions = () =>
  usePaged<ModerationAction>(adminKeys.actions, "/api/admin/moderation-actions", (a) => a.id);

export const useModerationSettings = () =>
  useQuery<ModerationSettings>({ queryKey: adminKeys.settings, ...fresh });

export const useReportGroups = () =>
  usePaged<ReportGroup>(adminKeys.reports, "/api/admin/reports", (g) => g.latestReportId);

export const useRestrictedMembers = () =>
  useQuery<AdminUser[]>({
    queryKey: adminKeys.users,
    queryFn: () => getJson<AdminUser[]>(withQuery("/api/admin/users", { filter: "restricted", limit: 100 })),
    ...fresh,
  });

export const useAdminFlags = () => useQuery<AdminFeatureFlag[]>({ queryKey: adminKeys.flags, ...fresh });

export const useAuditLog = () => usePaged<AuditEntry>(adminKeys.audit, "/api/admin/audit-log", (e) => e.id);

/** A mutation that refreshes every admin query (and the caller's flags) when it succeeds. */
function useAdminMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await refreshAdmin(qc);
      await qc.invalidateQueries({ queryKey: ["/api/feature-flags"] });
    },
  });
}

export const useSaveSettings = () =>
  useAdminMutation((input: ModerationSettingsUpdate) =>
    apiRequest<ModerationSettings>("PUT", "/api/admin/moderation-settings", input),
  );

export const useResolveReport = () =>
  useAdminMutation((input: ReportResolveInput) =>
    apiRequest<{ message: string }>("POST", "/api/admin/reports/resolve", input),
  );

export const useUpdateFlag = () =>
  useAdminMutation(({ key, ...input }: FeatureFlagUpdate & { key: string }) =>
    apiRequest<AdminFeatureFlag>("PUT", `/api/admin/feature-flags/${encodeURIComponent(key)}`, input),
  );

export const useUnban = () =>
  useAdminMutation((id: number) => apiRequest<AdminUser>("POST", `/api/admin/users/${id}/unban`, {}));

export const useLiftRateLimit = () =>
  useAdminMutation((id: number) => apiRequest<AdminUser>("DELETE", `/api/admin/users/${id}/rate-limit`));
