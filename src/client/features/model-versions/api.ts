import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createModelVersion,
  deleteModelVersion,
  listModelVersions,
  updateModelVersion,
} from "../../../common/api/model-versions";
import type { ModelVersionInput } from "../../../common/model-versions";
import { call, routeKey } from "../../api/client";

/** Typed query keys: a model's versions with their rating split. */
export const versionKeys = {
  all: routeKey(listModelVersions),
  of: (slug: string) => routeKey(listModelVersions, slug),
};

export function versionsQuery(slug: string) {
  return queryOptions({
    queryKey: versionKeys.of(slug),
    queryFn: () => call(listModelVersions, { params: { slug } }),
  });
}

/** A model's versions (newest release first); `enabled` false until a model is chosen. */
export function useVersions(slug: string, enabled = true) {
  return useQuery({ ...versionsQuery(slug), enabled: enabled && slug !== "" });
}

/** After a review (or an admin's edit): the model's rating per version is read again. */
export function useRefreshVersions() {
  const qc = useQueryClient();
  return (slug: string) => qc.invalidateQueries({ queryKey: versionKeys.of(slug) });
}

export function useVersionMutations(modelId: number, slug: string) {
  const qc = useQueryClient();
  // Every model's reviews name their version: a rename or a delete shows on the reviews too.
  const refresh = () => qc.invalidateQueries();
  const refreshList = () => qc.invalidateQueries({ queryKey: versionKeys.of(slug) });
  return {
    create: useMutation({
      mutationFn: (body: ModelVersionInput) => call(createModelVersion, { params: { id: modelId }, body }),
      onSuccess: refreshList,
    }),
    update: useMutation({
      mutationFn: (v: { id: number; body: ModelVersionInput }) =>
        call(updateModelVersion, { params: { id: v.id }, body: v.body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(deleteModelVersion, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}
