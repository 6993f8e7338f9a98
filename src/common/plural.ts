/**
 * English plurals for every count the interface shows ("1 member", "2 members", "1,247 reviews"):
 * one helper instead of a `n === 1 ? … : …` at each call site (issue 25: "1 members" on Explore).
 * US English (docs/decisions/0062-us-english-and-plurals.md).
 */
const rules = new Intl.PluralRules("en-US");
const numbers = new Intl.NumberFormat("en-US");

/** The noun for a count: `plural(1, "reply", "replies")` → "reply", `plural(0, "reply", "replies")` → "replies". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return rules.select(count) === "one" ? singular : pluralForm;
}

/** The count with its noun, digits grouped: `countOf(1247, "review")` → "1,247 reviews". */
export function countOf(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${numbers.format(count)} ${plural(count, singular, pluralForm)}`;
}
