import type { QueryClient, QueryFilters } from "@tanstack/react-query";

/**
 * Applies a mutation's answer to the cached copies `filters` match (`updater` as
 * `setQueriesData` takes it). A copy that is being fetched meanwhile (a feed refetched after a
 * new post, a next page loading) is fetched again: its answer was computed before the change and,
 * landing after it, would put the old version back on screen (an edit undone, a like unliked)
 * until the next refetch, which `staleTime: Infinity` never makes.
 */
export function patchQueries<T>(
  qc: QueryClient,
  filters: QueryFilters,
  updater: (data: T | undefined) => T | undefined,
): void {
  qc.setQueriesData<T>(filters, updater);
  const inFlight = qc
    .getQueryCache()
    .findAll(filters)
    .filter((q) => q.state.fetchStatus === "fetching");
  if (inFlight.length === 0) return;
  // cancelRefetch: the running fetch is dropped (its answer is not written) and made again.
  void qc.invalidateQueries(
    { predicate: (q) => inFlight.includes(q), refetchType: "all" },
    { cancelRefetch: true },
  );
}
