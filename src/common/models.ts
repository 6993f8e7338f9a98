import { z } from "zod";

/**
 * The one set of AI model identifiers every form and every schema uses (issue 25 item 16;
 * docs/decisions/0072-one-model-identifier-set.md). SPEC §9 keeps the identifiers out; these are
 * ours. `slug` links a model to the directory's entry when it exists there. The last three are
 * not models but the catch-alls the forms need: "other" (a model not listed, the rating
 * dialog's last choice), "general" (a forum not about one model) and "any" (a prompt that works
 * with any model).
 */
export const AI_MODELS = [
  { id: "chatgpt", label: "ChatGPT", slug: "gpt-4o" },
  { id: "claude", label: "Claude", slug: "claude-3-5-sonnet" },
  { id: "gemini", label: "Gemini", slug: "gemini-1-5-pro" },
  { id: "llama", label: "Llama", slug: "llama-3-1-405b" },
  { id: "mistral", label: "Mistral", slug: null },
  { id: "midjourney", label: "Midjourney", slug: "midjourney-v6" },
  { id: "stable-diffusion", label: "Stable Diffusion", slug: null },
  { id: "dall-e", label: "DALL-E", slug: null },
  { id: "copilot", label: "Copilot", slug: null },
  { id: "perplexity", label: "Perplexity", slug: null },
  { id: "other", label: "Other", slug: null },
  { id: "general", label: "General / Other", slug: null },
  { id: "any", label: "Any model", slug: null },
] as const;

export type AiModelId = (typeof AI_MODELS)[number]["id"];
export const AI_MODEL_IDS = AI_MODELS.map((m) => m.id) as [AiModelId, ...AiModelId[]];

const byId = new Map<string, (typeof AI_MODELS)[number]>(AI_MODELS.map((m) => [m.id, m]));

export function isAiModelId(value: string): value is AiModelId {
  return byId.has(value);
}

/**
 * Identifiers stored before the one list (the rating dialog and favorite models used display
 * names, e.g. "ChatGPT", "Other", "Stable Diffusion"): the id they mean, or undefined.
 * Migration 0014 rewrote stored rows with the same mapping; the presenters use it as a net.
 */
export function toAiModelId(value: string): AiModelId | undefined {
  if (isAiModelId(value)) return value;
  const key = value.trim().toLowerCase();
  return AI_MODELS.find((m) => m.id === key || m.label.toLowerCase() === key)?.id;
}

/** The label of an id (a legacy value is mapped first; an unknown one is shown as stored). */
export function aiModelLabel(value: string): string {
  const id = toAiModelId(value);
  return id ? byId.get(id)!.label : value;
}

/** The directory slug of a model id, when the directory lists it. */
export function aiModelSlug(value: string): string | null {
  const id = toAiModelId(value);
  return id ? byId.get(id)!.slug : null;
}

/** The schema every server payload with a model id uses: exactly {@link AI_MODEL_IDS}. */
export const aiModelIdSchema = (field = "aiModel") =>
  z.enum(AI_MODEL_IDS, { error: `${field} must be one of ${AI_MODEL_IDS.join(", ")}` });

/** A form's choices: a subset of the one list, in the form's order, with the list's labels. */
function choices<const T extends readonly AiModelId[]>(ids: T) {
  return ids.map((id) => ({ value: id, label: byId.get(id)!.label })) as {
    [K in keyof T]: { value: T[K]; label: string };
  };
}

/** Rating dialog and post composer: six, the last "other" (SPEC §9). */
export const RATING_MODEL_CHOICES = choices([
  "chatgpt",
  "claude",
  "gemini",
  "llama",
  "midjourney",
  "other",
] as const);
export type RatingModel = (typeof RATING_MODEL_CHOICES)[number]["value"];

/** Forums: the rating dialog's named five, Stable Diffusion, and "general" — seven (SPEC §9). */
export const FORUM_MODEL_CHOICES = choices([
  "chatgpt",
  "claude",
  "gemini",
  "llama",
  "midjourney",
  "stable-diffusion",
  "general",
] as const);

/** Prompts: four (SPEC §9). */
export const PROMPT_MODEL_CHOICES = choices(["chatgpt", "claude", "gemini", "any"] as const);

/** Favorite models on the profile: ten names (SPEC §9), the ten models of the list. */
export const FAVORITE_MODEL_CHOICES = choices([
  "chatgpt",
  "claude",
  "gemini",
  "llama",
  "mistral",
  "midjourney",
  "stable-diffusion",
  "dall-e",
  "copilot",
  "perplexity",
] as const);
