/**
 * "Did you mean": the one edit distance and the one closeness threshold every suggestion in both
 * language packs uses, so a misspelling is judged the same way everywhere.
 */

/**
 * Edit distance between two words, ignoring case: insertions, deletions, substitutions and swaps of
 * two neighbouring characters each cost 1 (`nmae` is one slip away from `name`). Words whose
 * lengths differ by more than 3 are reported as far apart without computing anything.
 */
export function editDistance(a: string, b: string, max = 99): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (Math.abs(x.length - y.length) > Math.min(3, max)) return 99;
  // Three rows of the optimal-string-alignment table.
  let prev2 = new Array<number>(y.length + 1).fill(0);
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = new Array<number>(y.length + 1);
    cur[0] = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
    }
    // Every cell of a row bounds the final distance from below: past `max`, stop (did-you-mean
    // only asks whether a candidate is closer than the best so far).
    let rowMin = cur[0]!;
    for (let j = 1; j <= y.length; j++) if (cur[j]! < rowMin) rowMin = cur[j]!;
    if (rowMin > max) return 99;
    prev2 = prev;
    prev = cur;
  }
  return prev[y.length]!;
}

/**
 * How many slips a word of this length may contain and still be taken for a candidate: one for
 * words under 8 characters, two up to 11, three beyond. Tighter than "a third of the length", which
 * paired unrelated words such as `meta-type` and `data-types`.
 */
export function suggestionLimit(word: string): number {
  return word.length < 8 ? 1 : word.length < 12 ? 2 : 3;
}

/**
 * The candidate closest to `word` when it is close enough to be a likely slip, else undefined.
 * A case-only difference counts as 0, a stray digit (`derived_from4`) as 1. Ties keep the first
 * candidate, so callers list the likeliest names first.
 */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  if (word === '') return undefined;
  let best: string | undefined;
  let bestD = Infinity;
  const stripped = word.replace(/\d+/g, '');
  const limit = suggestionLimit(word);
  for (const c of candidates) {
    if (c === word) continue;
    // Only a candidate closer than the best so far (and within the limit) matters.
    let d = editDistance(word, c, Math.min(bestD - 1, limit));
    if (stripped !== word && stripped === c) d = Math.min(d, 1);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return bestD <= limit ? best : undefined;
}

/**
 * The parenthesis a message about an unknown name ends with: ` (did you mean `x`?)` when there is a likely slip,
 * else what is known instead, ` (label: a, b, c)` (the first `most` names, then `…`), else nothing.
 */
export function suggestion(
  hint: string | undefined,
  known?: { label: string; names: Iterable<string>; most?: number },
): string {
  if (hint) return ` (did you mean \`${hint}\`?)`;
  if (!known) return '';
  const names = [...known.names];
  if (!names.length) return '';
  const most = known.most ?? names.length;
  return ` (${known.label}: ${names.slice(0, most).join(', ')}${names.length > most ? ', …' : ''})`;
}
