import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { ModerationSettingsUpdate, ReportGroup, ReportResolveInput } from "../../../common/admin";
import {
  ADMIN_API_PREFIX,
  getModerationSettings,
  getModerationStats,
  liftRateLimit,
  listAuditLog,
  listMembers,
  listModerationActions,
  unbanMember,
  updateModerationSettings,
} from "../../../common/api/admin";
import { listActiveFlags, listFlags, updateFlag } from "../../../common/api/feature-flags";
import { listOpenReports, resolveReports } from "../../../common/api/reports";
import type { FeatureFlagUpdate } from "../../../common/feature-flags";
import { call, routeKey } from "../../api/client";

export const ADMIN_PAGE_SIZE = 20;

/** Typed query keys; every admin query lives under ADMIN_API_PREFIX and is refreshed after an action. */
export const adminKeys = {
  stats: routeKey(getModerationStats),
  actions: routeKey(listModerationActions, "list"),
  settings: routeKey(getModerationSettings),
  reports: routeKey(listOpenReports, "list"),
  users: routeKey(listMembers, "restricted"),
  flags: routeKey(listFlags),
  audit: routeKey(listAuditLog, "list"),
};

/** The dashboard shows the state of now: its queries refetch when a tab opens. */
const fresh = { staleTime: 0 } as const;

export function refreshAdmin(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(ADMIN_API_PREFIX) });
}

/** A page of `ADMIN_PAGE_SIZE` items after the cursor (none: the first page). */
type PageQuery = { limit: number; cursor: number | undefined };

function usePaged<T>(
  key: readonly unknown[],
  fetchPage: (query: PageQuery) => Promise<T[]>,
  cursorOf: (item: T) => number,
) {
  return useInfiniteQuery({
    queryKey: key,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => fetchPage({ limit: ADMIN_PAGE_SIZE, cursor: pageParam }),
    getNextPageParam: (last) =>
      last.length === ADMIN_PAGE_SIZE ? cursorOf(last[last.length - 1]!) : undefined,
    ...fresh,
  });
}

export const useModerationStats = () =>
  useQuery({ queryKey: adminKeys.stats, queryFn: () => call(getModerationStats), ...fresh });

export const useModerationActions = () =>
  usePaged(
    adminKeys.actions,
    (query) => call(listModerationActions, { query }),
    (a) => a.id,
  );

export const useModerationSettings = () =>
  useQuery({ queryKey: adminKeys.settings, queryFn: () => call(getModerationSettings), ...fresh });

export const useReportGroups = () =>
  usePaged<ReportGroup>(
    adminKeys.reports,
    (query) => call(listOpenReports, { query }),
    (g) => g.latestReportId,
  );

export const useRestrictedMembers = () =>
  useQuery({
    queryKey: adminKeys.users,
    queryFn: () => call(listMembers, { query: { filter: "restricted", limit: 100 } }),
    ...fresh,
  });

export const useAdminFlags = () =>
  useQuery({ queryKey: adminKeys.flags, queryFn: () => call(listFlags), ...fresh });

export const useAuditLog = () =>
  usePaged(
    adminKeys.audit,
    (query) => call(listAuditLog, { query }),
    (e) => e.id,
  );

/** A mutation that refreshes every admin query (and the caller's flags) when it succeeds. */
function useAdminMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await refreshAdmin(qc);
      await qc.invalidateQueries({ queryKey: routeKey(listActiveFlags) });
    },
  });
}

export const useSaveSettings = () =>
  useAdminMutation((input: ModerationSettingsUpdate) => call(updateModerationSettings, { body: input }));

export const useResolveReport = () =>
  useAdminMutation((input: ReportResolveInput) => call(resolveReports, { body: input }));

export const useUpdateFlag = () =>
  useAdminMutation(({ key, ...input }: FeatureFlagUpdate & { key: string }) =>
    call(updateFlag, { params: { key }, body: input }),
  );

export const useUnban = () =>
  useAdminMutation((id: number) => call(unbanMember, { params: { id }, body: {} }));

export const useLiftRateLimit = () =>
  useAdminMutation((id: number) => call(liftRateLimit, { params: { id } }));
