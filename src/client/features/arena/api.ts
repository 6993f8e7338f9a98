import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  arenaAgreement,
  arenaAnomalies,
  arenaBoard,
  arenaModels,
  arenaWinRates,
  createBattle,
  deleteBattle,
  myBattles,
  nextBattle,
  voteBattle,
} from "../../../common/api/arena";
import type { ArenaChoice, ArenaView, BattleCreateData } from "../../../common/arena";
import { call, routeKey } from "../../api/client";

export interface BoardView {
  view: ArenaView;
  g?: string;
}

export const arenaKeys = {
  board: (v: BoardView) => routeKey(arenaBoard, v.view, v.g ?? ""),
  winRates: (v: BoardView) => routeKey(arenaWinRates, v.view, v.g ?? ""),
  agreement: routeKey(arenaAgreement),
  models: routeKey(arenaModels),
  next: routeKey(nextBattle),
  /** The next battle, or the one a link asked for. */
  nextOf: (battle: number | undefined) => routeKey(nextBattle, battle ?? ""),
  mine: routeKey(myBattles),
};

export const boardQuery = (v: BoardView) =>
  queryOptions({
    queryKey: arenaKeys.board(v),
    queryFn: () => call(arenaBoard, { query: v.view === "overall" ? {} : { view: v.view, g: v.g } }),
  });

export const winRatesQuery = (v: BoardView) =>
  queryOptions({
    queryKey: arenaKeys.winRates(v),
    queryFn: () => call(arenaWinRates, { query: v.view === "overall" ? {} : { view: v.view, g: v.g } }),
  });

export const agreementQuery = () =>
  queryOptions({ queryKey: arenaKeys.agreement, queryFn: () => call(arenaAgreement) });

export const useBoard = (v: BoardView) => useQuery(boardQuery(v));
export const useWinRates = (v: BoardView) => useQuery(winRatesQuery(v));
export const useAgreement = () => useQuery(agreementQuery());
export const useArenaModels = () =>
  useQuery({ queryKey: arenaKeys.models, queryFn: () => call(arenaModels), staleTime: 5 * 60_000 });

export function useNextBattle(enabled: boolean, battle?: number) {
  return useQuery({
    queryKey: arenaKeys.nextOf(battle),
    queryFn: () => call(nextBattle, { query: battle === undefined ? {} : { battle } }),
    enabled,
    staleTime: Infinity,
  });
}

export function useMyBattles(enabled: boolean) {
  return useQuery({ queryKey: arenaKeys.mine, queryFn: () => call(myBattles), enabled });
}

export function useVote() {
  return useMutation({
    mutationFn: ({ id, choice }: { id: number; choice: ArenaChoice }) =>
      call(voteBattle, { params: { id }, body: { choice } }),
  });
}

export function useCreateBattle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: BattleCreateData) => call(createBattle, { body: input }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: arenaKeys.mine }),
  });
}

export function useDeleteBattle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteBattle, { params: { id } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: arenaKeys.mine }),
  });
}

export function useAnomalies() {
  return useQuery({ queryKey: routeKey(arenaAnomalies), queryFn: () => call(arenaAnomalies) });
}
