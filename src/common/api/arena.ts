import { z } from "zod";
import {
  agreementSchema,
  anomalySchema,
  arenaModelSchema,
  battleCreateSchema,
  battleIdParamSchema,
  battleSchema,
  boardQuerySchema,
  boardSchema,
  headToHeadQuerySchema,
  headToHeadSchema,
  modelStandingSchema,
  nextBattleQuerySchema,
  nextBattleSchema,
  voteInputSchema,
  voteRevealSchema,
  winRatesSchema,
} from "../arena";
import { slugParamSchema } from "../ai-models";
import { messageSchema } from "../http";
import { route } from "./route";

/** The Arena (issue 22): battles, blind votes, Bradley–Terry boards. Boards are public; voting needs a session. */
const tags = ["arena"];

export const arenaModels = route("GET", "/api/arena/models", "public", () => ({
  tags,
  summary: "The directory models a battle may name (id, name, slug, category)",
  response: z.array(arenaModelSchema),
}));

export const createBattle = route("POST", "/api/arena/battles", "member", () => ({
  tags,
  summary: "Submit a battle: a prompt and two directory models' responses (moderated, rate limited)",
  body: battleCreateSchema,
  response: battleSchema,
  status: 201,
  errors: [400, 401, 413, 422, 429],
}));

export const myBattles = route("GET", "/api/arena/battles/mine", "member", () => ({
  tags,
  summary: "The member's own battles, newest first (at most 50)",
  response: z.array(battleSchema),
  errors: [401],
}));

export const deleteBattle = route("DELETE", "/api/arena/battles/:id", "owner", () => ({
  tags,
  summary: "Delete a battle: its submitter while it has no votes, or an administrator (the boards recompute)",
  params: battleIdParamSchema,
  response: messageSchema,
  errors: [400, 401, 403, 404, 409],
}));

export const nextBattle = route("GET", "/api/arena/next", "member", () => ({
  tags,
  summary:
    "A battle the member has not voted on and did not submit, responses in random order, models hidden",
  query: nextBattleQuerySchema,
  response: nextBattleSchema,
  errors: [401],
}));

export const voteBattle = route("POST", "/api/arena/battles/:id/vote", "member", () => ({
  tags,
  summary: "Vote once on a battle; answers the models' names and the community's split",
  params: battleIdParamSchema,
  body: voteInputSchema,
  response: voteRevealSchema,
  errors: [400, 401, 403, 404, 409, 429],
}));

export const arenaBoard = route("GET", "/api/arena/board", "public", () => ({
  tags,
  summary: "One leaderboard view (overall, category, tag or generation) as the last recompute left it",
  query: boardQuerySchema,
  response: boardSchema,
  errors: [400],
}));

export const arenaWinRates = route("GET", "/api/arena/win-rates", "public", () => ({
  tags,
  summary: "One view's pairwise win-rate matrix (the heatmap), as the last recompute left it",
  query: boardQuerySchema,
  response: winRatesSchema,
  errors: [400],
}));

export const arenaAgreement = route("GET", "/api/arena/agreement", "public", () => ({
  tags,
  summary: "Kendall's τ between each pair of generations' rankings",
  response: agreementSchema,
}));

export const arenaAnomalies = route("GET", "/api/arena/anomalies", "admin", () => ({
  tags,
  summary: "Members whose many votes always favor one model (administrators)",
  response: z.array(anomalySchema),
  errors: [401, 403],
}));

export const modelStanding = route("GET", "/api/arena/standing/:slug", "public", () => ({
  tags,
  summary: "A directory model's arena rating, interval and rank, overall and per voter generation",
  params: slugParamSchema,
  response: modelStandingSchema,
  errors: [400, 404],
}));

export const headToHead = route("GET", "/api/arena/head-to-head", "public", () => ({
  tags,
  summary: "Compared models' head-to-head records (wins, losses, ties) from the counted votes",
  query: headToHeadQuerySchema,
  response: headToHeadSchema,
  errors: [400],
}));
