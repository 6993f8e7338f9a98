import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  cancelSubscription,
  createSubscription,
  getPaymentsConfig,
  getSubscriptionStatus,
  listPlans,
  setTheme,
} from "../../../common/api/subscriptions";
import { listTickets, openTicket } from "../../../common/api/support";
import type { AccentColor, SupportTicketCreateInput } from "../../../common/subscriptions";
import { call, routeKey } from "../../api/client";
import { authKeys } from "../auth/useAuth";

export const subscriptionKeys = {
  plans: routeKey(listPlans),
  status: routeKey(getSubscriptionStatus),
  config: routeKey(getPaymentsConfig),
  tickets: routeKey(listTickets),
};

export function usePlans() {
  return useQuery({ queryKey: subscriptionKeys.plans, queryFn: () => call(listPlans) });
}

/** The member's plan; polled briefly after a payment while the provider's webhook arrives. */
export function useSubscriptionStatus(pollWhileFree = false) {
  return useQuery({
    queryKey: subscriptionKeys.status,
    queryFn: () => call(getSubscriptionStatus),
    refetchInterval: (query) =>
      pollWhileFree && query.state.data?.subscriptionTier === "free" && query.state.dataUpdateCount < 15
        ? 2000
        : false,
  });
}

export function usePaymentsConfig() {
  return useQuery({ queryKey: subscriptionKeys.config, queryFn: () => call(getPaymentsConfig) });
}

export function useCreateSubscription() {
  return useMutation({
    mutationFn: (planId: number | string) => call(createSubscription, { body: { planId } }),
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
    mutationFn: () => call(cancelSubscription),
    onSuccess: (status) => {
      qc.setQueryData(subscriptionKeys.status, status);
      return qc.invalidateQueries({ queryKey: subscriptionKeys.status });
    },
  });
}

export function useSetAccent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (accent: AccentColor | null) => call(setTheme, { body: { accent } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: authKeys.me }),
  });
}

export function useOpenTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SupportTicketCreateInput) => call(openTicket, { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: subscriptionKeys.tickets }),
  });
}
