import decancer from "decancer";

/**
 * The confusable skeleton of a username (issue 25, docs/decisions/0052-confusable-usernames.md):
 * two usernames with the same skeleton look alike, and only the first may exist.
 *
 * 1. decancer (Unicode TR39 confusables, plus fullwidth, mathematical, Cyrillic/Greek
 *    lookalikes, accents and leetspeak-free case folding) cures the name to lowercase ASCII
 *    where it can: "rоot_sec" (Cyrillic о) and "ｒｏｏｔ_sec" → "root_sec", "ǀǀǀadmin" → "iiiadmin".
 * 2. Then the ASCII lookalikes TR39 leaves alone but a sans-serif font does not: i, l, 1 and |
 *    are one letter (capital I and small l are the same glyph), 0 is o, "rn" is m, "vv" is w.
 *
 * Separators are kept ("root_sec" and "root-sec" stay distinct): they differ visibly.
 */
const ASCII_FOLDS: Array<[RegExp, string]> = [
  [/[il1|!]/g, "l"],
  [/0/g, "o"],
  [/rn/g, "m"],
  [/vv/g, "w"],
];

export function usernameSkeleton(username: string): string {
  let s = decancer(username.normalize("NFKC").trim()).toString().toLowerCase();
  for (const [re, to] of ASCII_FOLDS) s = s.replace(re, to);
  // A name decancer cannot cure to anything keeps its own lowercase form.
  return s || username.trim().toLowerCase();
}
