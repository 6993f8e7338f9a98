import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from "../../../common/api/two-factor";
import { call, routeKey } from "../../api/client";

export const twoFactorKeys = { status: routeKey(getTwoFactorStatus) };

export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorKeys.status, queryFn: () => call(getTwoFactorStatus) });
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: (password: string) => call(startTwoFactorSetup, { body: { password } }) });
}

function useStatusChange<T, R>(fn: (input: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

export const useEnableTwoFactor = () =>
  useStatusChange((code: string) => call(enableTwoFactor, { body: { code } }));
export const useDisableTwoFactor = () =>
  useStatusChange((body: { password: string; code: string }) => call(disableTwoFactor, { body }));
export const useRegenerateRecoveryCodes = () =>
  useStatusChange((password: string) => call(regenerateRecoveryCodes, { body: { password } }));
