import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReportCreated, ReportCreateInput } from "../../../common/reports";
import { apiRequest } from "../../api/http";

/** Sends a member's report; the admin queue (if this member is an admin too) is refreshed. */
export function useCreateReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportCreateInput) => apiRequest<ReportCreated>("POST", "/api/reports", input),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["/api/admin/reports"] }),
  });
}
