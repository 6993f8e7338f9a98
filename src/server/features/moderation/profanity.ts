import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from "obscenity";

/**
 * A maintained word list (obscenity's English dataset) with its recommended transformers, which
 * also catch obfuscations ("fuuuck", leet speak, look-alike letters). Built once: building the
 * matcher compiles every pattern.
 */
let matcher: RegExpMatcher | undefined;

export function containsProfanity(text: string): boolean {
  matcher ??= new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  return matcher.hasMatch(text);
}
