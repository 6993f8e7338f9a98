/**
 * Model choices of the forms (SPEC §9 keeps their identifiers out; these are ours).
 * `slug` links a choice to the directory's model when it exists there.
 */
export const RATING_MODEL_CHOICES = [
  { value: "ChatGPT", label: "ChatGPT", slug: "gpt-4o" },
  { value: "Claude", label: "Claude", slug: "claude-3-5-sonnet" },
  { value: "Gemini", label: "Gemini", slug: "gemini-1-5-pro" },
  { value: "Llama", label: "Llama", slug: "llama-3-1-405b" },
  { value: "Midjourney", label: "Midjourney", slug: "midjourney-v6" },
  { value: "Other", label: "Other", slug: null },
] as const;
export type RatingModel = (typeof RATING_MODEL_CHOICES)[number]["value"];

/** Forums: the rating dialog's six plus Stable Diffusion — seven choices. */
export const FORUM_MODEL_CHOICES = [
  { value: "chatgpt", label: "ChatGPT" },
  { value: "claude", label: "Claude" },
  { value: "gemini", label: "Gemini" },
  { value: "llama", label: "Llama" },
  { value: "midjourney", label: "Midjourney" },
  { value: "stable-diffusion", label: "Stable Diffusion" },
  { value: "general", label: "General / Other" },
] as const;

/** Prompts: four choices. */
export const PROMPT_MODEL_CHOICES = [
  { value: "chatgpt", label: "ChatGPT" },
  { value: "claude", label: "Claude" },
  { value: "gemini", label: "Gemini" },
  { value: "any", label: "Any model" },
] as const;
