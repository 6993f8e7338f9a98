import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AccentColor,
  PaymentsConfig,
  Plan,
  SubscriptionStatusBody,
  SupportTicket,
  SupportTicketCreateInput,
} from "../../../common/subscriptions";
import { apiRequest } from "../../api/http";
import { authKeys } from "../auth/useAuth";

export const subscriptionKeys = {
  plans: ["/api/subscription/plans"] as const,
  status: ["/api/subscription/status"] as const,
  config: ["/api/subscription/config"] as const,
  tickets: ["/api/support/tickets"] as const,
};

export function usePlans() {
  return useQuery<Plan[]>({ queryKey: subscriptionKeys.plans });
}

/** The member's plan; polled briefly after a payment while the provider's webhook arrives. */
export function useSubscriptionStatus(pollWhileFree = false) {
  return useQuery<SubscriptionStatusBody>({
    queryKey: subscriptionKeys.status,
    refetchInterval: (query) =>
      pollWhileFree && query.state.data?.subscriptionTier === "free" && query.state.dataUpdateCount < 15
        ? 2000
        : false,
  });
}

export function usePaymentsConfig() {
  return useQuery<PaymentsConfig>({ queryKey: subscriptionKeys.config });
}

export function useCreateSubscription() {
  return useMutation({
    mutationFn: (planId: number | string) =>
      apiRequest<{ clientSecret: string }>("POST", "/api/subscription/create", { planId }),
  });
}

/** After a plan change the status and the current user (accent colour) are fetched again. */
export function useRefreshSubscription() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: subscriptionKeys.status }),
      qc.invalidateQueries({ queryKey: authKeys.me }),
    ]);
}

export function useCancelSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<SubscriptionStatusBody>("POST", "/api/subscription/cancel"),
    onSuccess: (status) => {
      qc.setQueryData(subscriptionKeys.status, status);
      return qc.invalidateQueries({ queryKey: subscriptionKeys.status });
    },
  });
}

export function useSetAccent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (accent: AccentColor | null) =>
      apiRequest<{ accentColor: AccentColor | null }>("PUT", "/api/subscription/theme", { accent }),
    onSuccess: () => qc.invalidateQueries({ queryKey: authKeys.me }),
  });
}

export function useOpenTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SupportTicketCreateInput) =>
      apiRequest<SupportTicket>("POST", "/api/support/tickets", input),
    onSuccess: () => qc.invalidateQueries({ queryKey: subscriptionKeys.tickets }),
  });
}
