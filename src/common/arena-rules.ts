import { GENERATION_LABELS, type Generation } from "./constants";

/**
 * The Arena (issue 22): members submit a prompt and two directory models' answers ("battles"),
 * others vote blind, and the boards rank the models by Bradley–Terry with bootstrap intervals.
 * The method's published numbers (the about page reads them from here).
 */
export const ARENA_RULES = {
  /** Below this many counted votes a model's row is marked provisional. */
  minVotes: 30,
  /** Bootstrap resamples behind every interval. */
  resamples: 200,
  /** Virtual games (half won) each model plays against a reference: the prior. */
  priorGames: 1,
  /** One member's counted votes on one submitter's battles. */
  perSubmitterCap: 25,
  /** Default wait before a new or inactive account's votes count (configurable: ARENA_VOTE_DELAY_DAYS). */
  voteDelayDays: 7,
  /** Minutes between recomputes (configurable: ARENA_RECOMPUTE_SECONDS). */
  recomputeMinutes: 5,
  /** Anomaly: at least this many decisive votes on battles with one model... */
  anomalyMinVotes: 10,
  /** ...favoring it at least this often. */
  anomalyShare: 0.9,
} as const;

export const ARENA_TAGS = [
  "coding",
  "writing",
  "reasoning",
  "analysis",
  "creative",
  "education",
  "images",
  "math",
  "research",
  "everyday",
] as const;
export type ArenaTag = (typeof ARENA_TAGS)[number];

export const ARENA_LIMITS = {
  promptMax: 4000,
  responseMax: 10_000,
  versionMax: 80,
  tagsMax: 4,
  /** A response image's description (its alt text). */
  imageAltMax: 300,
} as const;

export const ARENA_CHOICES = ["a", "b", "tie", "bad"] as const;
export type ArenaChoice = (typeof ARENA_CHOICES)[number];

export const ARENA_MESSAGES = {
  notFound: "Battle not found",
  sameModel: "Pick two different models",
  unknownModel: "Pick models from the directory",
  notYours: "Only the member who submitted this battle can delete it",
  hasVotes: "This battle already has votes, so it can no longer be deleted",
  ownBattle: "You cannot vote on your own battle",
  alreadyVoted: "You have already voted on this battle",
  loginToVote: "Please log in to vote in the Arena",
  loginToSubmit: "Please log in to submit a battle",
  deleted: "Battle deleted",
  removed: "Battle removed; the boards are being recomputed",
  noBattles: "You have voted on every battle. Check back later, or submit one of your own.",
  fillPrompt: "Please enter the prompt you ran",
  fillResponse: "Please paste both responses",
  dateInvalid: "Enter the date you used the model (YYYY-MM-DD), not in the future",
  tagInvalid: `Tags must be among: ${ARENA_TAGS.join(", ")}`,
  viewInvalid: "Unknown leaderboard view",
  modelNotFound: "Model not found",
  imageAltMissing: "Describe the image for members who cannot see it",
  imageNotFound: "The image was not found: upload it again",
  imageInvalid: "image must be the address of an image uploaded with POST /api/uploads/images",
  notInArena: "Not yet in the Arena",
  /** The submitter's notice when their battle reaches 10 votes (decision 0102). */
  milestone: (votes: number) => `Your Arena battle reached ${votes} votes`,
} as const;

/** The choice's words on the voting buttons (keys 1–4). */
export const ARENA_CHOICE_LABELS: Record<ArenaChoice, string> = {
  a: "A is better",
  b: "B is better",
  tie: "Tie",
  bad: "Both are bad",
};

/** The leaderboard's views; each has a shareable address (`/arena/leaderboard?view=…`). */
export const ARENA_VIEWS = ["overall", "category", "tag", "generation"] as const;
export type ArenaView = (typeof ARENA_VIEWS)[number];

/** The stored key of a view: "overall", "category:Language Models", "tag:coding", "generation:genz". */
export function viewKey(q: { view: ArenaView; g?: string | undefined }): string {
  return q.view === "overall" ? "overall" : `${q.view}:${q.g ?? ""}`;
}

export const generationLabel = (g: string): string => GENERATION_LABELS[g as Generation] ?? g;

/** Words describing a τ for the agreement table. */
export function agreementWords(tau: number | null): string {
  if (tau === null) return "Not enough data";
  if (tau >= 0.7) return "Strong agreement";
  if (tau >= 0.4) return "Moderate agreement";
  if (tau >= 0.1) return "Weak agreement";
  if (tau > -0.1) return "No agreement";
  return "Disagreement";
}
