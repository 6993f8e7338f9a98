import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createReport, listOpenReports } from "../../../common/api/reports";
import type { ReportCreateInput } from "../../../common/reports";
import { call, routeKey } from "../../api/client";

/** Sends a member's report; the admin queue (if this member is an admin too) is refreshed. */
export function useCreateReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportCreateInput) => call(createReport, { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: routeKey(listOpenReports) }),
  });
}
