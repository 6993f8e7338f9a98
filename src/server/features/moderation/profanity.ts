import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from "obscenity";

/**
 * A maintained word list (obscenity's English dataset) with its recommended transformers, which
 * also catch obfuscations ("fuuuck", leet speak, look-alike letters). Built once: building the
 * matcher compiles every pattern.
 *
 * `hasMatch` runs each of the list's ~120 patterns over the text in turn, after finding every
 * allowed word ("Scunthorpe") with a pass of its own: a tenth of the server's time on a comment
 * (decision 0149). Almost every text matches none, so one regular expression made of all the
 * patterns is tried first over the same transformed text; only a text it matches goes through
 * `hasMatch`, which decides (the allowed words included). The answer is the matcher's.
 */
interface MatcherInternals {
  blacklistedTerms: ReadonlyArray<{ regExp: RegExp }>;
  blacklistMatcherTransformers: unknown;
  applyTransformers(input: string, transformers: unknown): [number[], string];
}

interface Profanity {
  matcher: RegExpMatcher;
  /** Whether the text could match: null when the matcher's parts could not be read (then every text is checked in full). */
  mayMatch: ((text: string) => boolean) | null;
}

let built: Profanity | undefined;

function build(): Profanity {
  const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  const inner = matcher as unknown as Partial<MatcherInternals>;
  const terms = inner.blacklistedTerms;
  const transform = inner.applyTransformers;
  if (!Array.isArray(terms) || terms.length === 0 || typeof transform !== "function") {
    return { matcher, mayMatch: null };
  }
  const any = new RegExp(terms.map((t) => `(?:${t.regExp.source})`).join("|"), "s");
  return {
    matcher,
    mayMatch: (text) => any.test(transform.call(matcher, text, inner.blacklistMatcherTransformers)[1]),
  };
}

export function containsProfanity(text: string): boolean {
  built ??= build();
  if (built.mayMatch && !built.mayMatch(text)) return false;
  return built.matcher.hasMatch(text);
}

/** The matcher alone, without the first pass (tests compare the two). */
export function containsProfanityInFull(text: string): boolean {
  built ??= build();
  return built.matcher.hasMatch(text);
}
