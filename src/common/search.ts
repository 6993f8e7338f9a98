/**
 * One normaliser for search text (issue 25 item 14): model names are written "GPT-4o", "gpt4o",
 * "GPT 4o", "Llama 3", "llama3". The indexed text and the query both go through it, so any of
 * those finds the others:
 * - a letter directly followed by a digit is split ("gpt4o" → "gpt 4o", "llama3" → "llama 3");
 * - a hyphen between letters or digits is a space ("GPT-4o" → "GPT 4o").
 * Only ASCII letters and digits are concerned, so that the database's copy of the rule
 * (`agora_search_normalize`, migration 0016, used by the generated search columns) is exactly
 * the same whatever its locale; `search-normalize.api.test.ts` checks that the two agree.
 * Searches then match each word as a prefix too ("gpt 4" finds "gpt 4o", "claud" finds "Claude").
 */
export function normalizeSearchText(text: string): string {
  return text.replace(/([A-Za-z])(?=[0-9])/g, "$1 ").replace(/(?<=[A-Za-z0-9])-(?=[A-Za-z0-9])/g, " ");
}

/** At most this many words of a query become prefix terms. */
export const PREFIX_WORDS_MAX = 8;

/**
 * A query as a PostgreSQL `to_tsquery` text that every one of its words starts a word of the
 * text ("gpt4" → "gpt:* & 4:*"), built from letter/digit words only so that no input can make
 * it fail; null when the query has no such word.
 */
export function prefixQueryText(term: string): string | null {
  const words = (
    normalizeSearchText(term)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, PREFIX_WORDS_MAX);
  if (words.length === 0) return null;
  return words.map((w) => `${w.slice(0, 60)}:*`).join(" & ");
}
