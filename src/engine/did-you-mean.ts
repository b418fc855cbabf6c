import { closest, distance } from 'fastest-levenshtein';

/**
 * The candidate a misspelt name most likely meant, for a checker's hint ("did you mean …"): the nearest by edit
 * distance, if it is near enough to be a slip: one edit in a name of up to 3 characters, else two (two swapped
 * letters are two edits) or a third of its letters, whichever is more; else undefined.
 */
export function nearestName(name: string, candidates: readonly string[]): string | undefined {
  if (candidates.length === 0) return undefined;
  const best = closest(name, [...candidates]);
  const slip = name.length <= 3 ? 1 : Math.max(2, Math.floor(name.length / 3));
  return distance(name, best) <= slip ? best : undefined;
}

/** A hint naming the nearest candidate when there is one, else `otherwise`. */
export function didYouMean(name: string, candidates: readonly string[], otherwise: string): string {
  const nearest = nearestName(name, candidates);
  return nearest === undefined ? otherwise : `did you mean "${nearest}"?`;
}
