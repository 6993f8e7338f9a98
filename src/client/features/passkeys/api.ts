import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getMe } from "../../../common/api/auth";
import {
  addPasskey,
  listPasskeys,
  passkeyConfirmationOptions,
  passkeyRegistrationOptions,
  passkeySignIn,
  passkeySignInOptions,
  removePasskey,
  renamePasskey,
} from "../../../common/api/passkeys";
import { call, routeKey } from "../../api/client";
import { ceremonyError, createPasskey, getPasskeyAssertion } from "./webauthn";

export const passkeyKeys = { list: routeKey(listPasskeys) };

export function usePasskeys() {
  return useQuery({ queryKey: passkeyKeys.list, queryFn: () => call(listPasskeys) });
}

/** The browser's ceremony, its refusals turned into a CeremonyError the screens show as they are. */
async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw ceremonyError(err);
  }
}

export function useAddPasskey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await call(passkeyRegistrationOptions);
      const response = await ceremony(() => createPasskey(options));
      return call(addPasskey, { body: { name, response } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: passkeyKeys.list }),
  });
}

export function useRenamePasskey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      call(renamePasskey, { params: { id }, body: { name } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: passkeyKeys.list }),
  });
}

/** Removes a passkey, confirmed by the password or (no password given) by one of one's passkeys. */
export function useRemovePasskey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, password }: { id: number; password?: string }) => {
      if (password !== undefined) return call(removePasskey, { params: { id }, body: { password } });
      const options = await call(passkeyConfirmationOptions);
      const assertion = await ceremony(() => getPasskeyAssertion(options));
      return call(removePasskey, { params: { id }, body: { assertion } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: passkeyKeys.list }),
  });
}

/** Signs in with a discoverable passkey: no username, the authenticator offers this site's passkeys. */
export function usePasskeySignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const options = await call(passkeySignInOptions);
      const response = await ceremony(() => getPasskeyAssertion(options));
      return call(passkeySignIn, { body: { response } });
    },
    onSuccess: (user) => {
      qc.setQueryData(routeKey(getMe), user);
      return qc.invalidateQueries({ queryKey: routeKey(getMe) });
    },
  });
}
