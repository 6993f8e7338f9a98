import { createHash } from "node:crypto";
import { SPAM_REASONS } from "../../../common/moderation";

/** More links than this in one text is a link flood. */
export const MAX_LINKS = 3;
/** This many identical characters in a row ("!!!!!!!!!!!!", "aaaaaaaaaaaa") is a character flood. */
export const CHAR_FLOOD_RUN = 12;
/** The same word this many times in a row ("buy buy buy buy buy buy") is a word flood. */
export const WORD_FLOOD_RUN = 6;

const LINK_RE = /\b(?:https?:\/\/|www\.)[^\s]+/gi;
const CHAR_FLOOD_RE = new RegExp(`(\\S)\\1{${CHAR_FLOOD_RUN - 1},}`, "u");
const WORD_FLOOD_RE = new RegExp(
  `(?:^|\\s)([\\p{L}\\p{N}']+)(?:[\\s,.!?]+\\1(?=[\\s,.!?]|$)){${WORD_FLOOD_RUN - 1},}`,
  "iu",
);

export function countLinks(text: string): number {
  return text.match(LINK_RE)?.length ?? 0;
}

/** The content-only spam rules (link, character and word floods); null when the text is fine. */
export function detectSpam(text: string): string | null {
  if (countLinks(text) > MAX_LINKS) return SPAM_REASONS.links;
  if (CHAR_FLOOD_RE.test(text)) return SPAM_REASONS.characters;
  if (WORD_FLOOD_RE.test(text)) return SPAM_REASONS.words;
  return null;
}

/** What counts as "the same text" for the repeated-posts rule: case, spacing and punctuation aside. */
export function normalizeForDuplicate(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export function fingerprint(text: string): string {
  return createHash("sha256").update(normalizeForDuplicate(text)).digest("base64url");
}
