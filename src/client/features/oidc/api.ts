import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getMe } from "../../../common/api/auth";
import {
  finishOidc,
  getOidcConfig,
  listOidcIdentities,
  oidcLinkAccount,
  oidcSignup,
  startOidc,
  unlinkOidcIdentity,
} from "../../../common/api/oidc";
import type { OidcLinkAccountInput, OidcSignupInput } from "../../../common/oidc";
import { call, routeKey } from "../../api/client";

/** Query options and hooks of the OpenID Connect screens (issue 24, item 3). */
export const oidcKeys = { config: routeKey(getOidcConfig), identities: routeKey(listOidcIdentities) };
const meKey = routeKey(getMe);

/** Whether a provider is configured (its button label), cached like the site's settings. */
export const oidcConfigQuery = () => ({
  queryKey: oidcKeys.config,
  queryFn: () => call(getOidcConfig),
  staleTime: 10 * 60 * 1000,
});

export function useOidcConfig() {
  return useQuery(oidcConfigQuery());
}

/** Starts a flow and sends the browser to the provider. */
export function useStartOidc() {
  return useMutation({
    mutationFn: (intent: "signin" | "link") => call(startOidc, { body: { intent } }),
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}

export function useFinishOidc() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (query: string) => call(finishOidc, { body: { query } }),
    onSuccess: async (answer) => {
      if (answer.status === "signed-in") await qc.invalidateQueries({ queryKey: meKey });
      if (answer.status === "linked") await qc.invalidateQueries({ queryKey: oidcKeys.identities });
    },
  });
}

export function useOidcSignup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: OidcSignupInput) => call(oidcSignup, { body: input }),
    onSuccess: (user) => {
      qc.setQueryData(meKey, user);
      return qc.invalidateQueries({ queryKey: meKey });
    },
  });
}

export function useOidcLinkAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: OidcLinkAccountInput) => call(oidcLinkAccount, { body: input }),
    onSuccess: (user) => {
      qc.setQueryData(meKey, user);
      return qc.invalidateQueries({ queryKey: meKey });
    },
  });
}

export function useOidcIdentities() {
  return useQuery({ queryKey: oidcKeys.identities, queryFn: () => call(listOidcIdentities) });
}

export function useUnlinkOidc() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(unlinkOidcIdentity, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: oidcKeys.identities }),
  });
}
