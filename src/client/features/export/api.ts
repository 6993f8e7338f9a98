import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { downloadExport, getExportState, requestExport } from "../../../common/api/export";
import { call, routeKey, urlOf } from "../../api/client";

export const exportKeys = { state: routeKey(getExportState) };

/** How often the page looks again while an export is being prepared. */
const PENDING_POLL_MS = 3000;

/** The member's latest export and when they may ask again; polled while one is being prepared. */
export function useExportState() {
  return useQuery({
    queryKey: exportKeys.state,
    queryFn: () => call(getExportState),
    refetchInterval: (query) => (query.state.data?.latest?.status === "pending" ? PENDING_POLL_MS : false),
  });
}

export function useRequestExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(requestExport),
    onSettled: () => qc.invalidateQueries({ queryKey: exportKeys.state }),
  });
}

/** The download's address (a plain link: the server answers it as an attachment). */
export const exportDownloadUrl = (id: number) => urlOf(downloadExport, { params: { id } });
