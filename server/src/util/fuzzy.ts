/** Fuzzy matching for workspace symbols. */

/**
 * How well `query` matches `name`: 0 when it does not (its characters are not a subsequence of the
 * name, ignoring case); higher for matches at word starts, consecutive runs and exact case.
 * An empty query matches everything with a score of 1.
 */
export function fuzzyScore(query: string, name: string): number {
  if (query === '') return 1;
  return name.toLowerCase().includes(query.toLowerCase()) ? 1 : 0; // TODO(issue 10): real scoring
}
