/**
 * Fuzzy matching for workspace symbols, in the manner of fzf and VS Code's quick open: the query's
 * characters must appear in the name in order (ignoring case); among the alignments that exist, the
 * best one is scored by where the characters land.
 *
 * - every matched character scores a base amount;
 * - a character at a word start scores a bonus: the name's first character, one after a separator
 *   (`.`, `_`, `-`, `:` as in `::`, `/`, space), an upper-case letter after a lower-case one
 *   (camelCase) and a digit after a letter;
 * - a character right after the previous match scores a consecutive bonus, at least as large as the
 *   word-start bonus of the run's first character (so `Comp` in `tosca.nodes.Compute` is as good as
 *   its `C`);
 * - a gap between two matched characters costs a little to open and a little per skipped character;
 *   characters skipped before the first match cost less (capped), so a match late in a long name
 *   still ranks well when it is at a word start;
 * - the same case as the query scores a small bonus per character;
 * - a match starting at the name's first character, and the whole name, score more again.
 *
 * The alignment search is a dynamic programme over (query index, name index), O(query × name) time,
 * run only for names that pass a cheap subsequence test first: most names of a workspace fail that
 * test, which is what keeps a query over tens of thousands of names within a few milliseconds.
 */

const MATCH = 16;
const GAP_START = -3;
const GAP_EXTENSION = -1;
/** Skipped characters before the first match cost this much each, at most LEADING_CAP in total. */
const LEADING = -1;
const LEADING_CAP = -6;
const BONUS_FIRST = 10;
const BONUS_SEPARATOR = 8;
const BONUS_CAMEL = 7;
const BONUS_CONSECUTIVE = 4;
const BONUS_CASE = 1;
/** The first query character's word-start bonus counts this many times (where a match starts matters most). */
const FIRST_CHAR_MULTIPLIER = 2;
const BONUS_PREFIX = 12;
const BONUS_EXACT = 40;
const BONUS_EXACT_CASE = 10;

/** Lower-case code of a UTF-16 unit (ASCII fast path). */
function lower(c: number): number {
  if (c < 128) return c >= 65 && c <= 90 ? c + 32 : c;
  return String.fromCharCode(c).toLowerCase().charCodeAt(0);
}

function isUpper(c: number): boolean {
  return c < 128 ? c >= 65 && c <= 90 : String.fromCharCode(c).toLowerCase() !== String.fromCharCode(c);
}

function isLowerOrDigit(c: number): boolean {
  return c < 128 ? (c >= 97 && c <= 122) || (c >= 48 && c <= 57) : !isUpper(c);
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** `.` `_` `-` `:` `/` `\` space `@` `#` `$` `<` `>` `,` `(` `)` `[` `]`. */
function isSeparator(c: number): boolean {
  switch (c) {
    case 46:
    case 95:
    case 45:
    case 58:
    case 47:
    case 92:
    case 32:
    case 64:
    case 35:
    case 36:
    case 60:
    case 62:
    case 44:
    case 40:
    case 41:
    case 91:
    case 93:
      return true;
    default:
      return false;
  }
}

/** ASCII character classes for `boundaryBonus`: the search asks for a bonus at every matched position. */
const SEPARATOR = 1;
const UPPER = 2;
const LOWER = 3;
const DIGIT = 4;
const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  ASCII_CLASS[c] = isSeparator(c) ? SEPARATOR : isDigit(c) ? DIGIT : isUpper(c) ? UPPER : isLowerOrDigit(c) ? LOWER : 0;
}

/**
 * The bonus table of an ASCII pair: the previous character's class times 8 plus this one's. The
 * same answers as the rules of `boundaryBonus` below, read off a table.
 */
const PAIR_BONUS = new Uint8Array(64);
for (let p = 0; p < 8; p++) {
  for (let c = 0; c < 8; c++) {
    PAIR_BONUS[p * 8 + c] =
      p === SEPARATOR
        ? c === SEPARATOR
          ? 0
          : BONUS_SEPARATOR
        : c === UPPER && p === LOWER
          ? BONUS_CAMEL
          : c === DIGIT && p !== DIGIT
            ? BONUS_CAMEL
            : 0;
  }
}

/** The word-start bonus of the character at `j` of `name`. */
function boundaryBonus(name: string, j: number): number {
  if (j === 0) return BONUS_FIRST;
  const prev = name.charCodeAt(j - 1);
  const c = name.charCodeAt(j);
  if (prev < 128 && c < 128) return PAIR_BONUS[ASCII_CLASS[prev]! * 8 + ASCII_CLASS[c]!]!;
  if (isSeparator(prev)) return isSeparator(c) ? 0 : BONUS_SEPARATOR;
  if (isUpper(c) && isLowerOrDigit(prev) && !isDigit(prev)) return BONUS_CAMEL;
  if (isDigit(c) && !isDigit(prev)) return BONUS_CAMEL;
  return 0;
}

/** `name` lower-cased one UTF-16 unit at a time (same length, so positions stay those of the name). */
function lowerUnits(name: string): string {
  const ln = name.toLowerCase();
  if (ln.length === name.length) return ln;
  let out = '';
  for (let j = 0; j < name.length; j++) out += String.fromCharCode(lower(name.charCodeAt(j)));
  return out;
}

/** The first position of an alignment of `lq` in `ln` (lower-cased), or -1 when there is none. */
function firstAlignment(lq: string, ln: string): number {
  let from = 0;
  let first = -1;
  for (let i = 0; i < lq.length; i++) {
    const at = ln.indexOf(lq[i]!, from);
    if (at < 0) return -1;
    if (i === 0) first = at;
    from = at + 1;
  }
  return first;
}

/**
 * How well `query` matches `name`: 0 when it does not (its characters are not a subsequence of the
 * name, ignoring case); higher for matches at word starts, consecutive runs, a prefix, the same
 * case, the whole name. An empty query matches everything with a score of 1.
 */
export function fuzzyScore(query: string, name: string): number {
  if (query === '') return 1;
  if (query.length > name.length) return 0;
  return fuzzyScoreLowered(query, lowerUnits(query), name, lowerUnits(name));
}

/**
 * The letters and digits of a lower-cased name as bits (a–z, then the digits folded onto six bits):
 * a name whose mask lacks a bit of the query's cannot match it, a test of one AND where the matcher's
 * subsequence test makes a call per query character. Other characters set no bit, so they never
 * rule a name out.
 */
export function charMask(lowered: string): number {
  let mask = 0;
  for (let j = 0; j < lowered.length; j++) {
    const c = lowered.charCodeAt(j);
    if (c >= 97 && c <= 122) mask |= 1 << (c - 97);
    else if (c >= 48 && c <= 57) mask |= 1 << (26 + ((c - 48) % 6));
  }
  return mask;
}

/** `name` lower-cased as the matcher compares it, for callers that score one name against many queries. */
export const loweredForMatch = lowerUnits;

/**
 * `fuzzyScore` with the query and the name already lower-cased by `loweredForMatch` (`lq`, `ln`):
 * a list of names scored against every query lower-cases each name once, not once per query.
 */
export function fuzzyScoreLowered(query: string, lq: string, name: string, ln: string): number {
  if (query === '') return 1;
  const m = query.length;
  const n = name.length;
  if (m > n) return 0;
  // The cheap test most names of a workspace fail: native `indexOf` over the lower-cased name.
  const from = firstAlignment(lq, ln);
  if (from < 0) return 0;
  // No alignment ends after the last occurrence of the query's last character.
  const to = ln.lastIndexOf(lq[m - 1]!);
  const prefix = ln.startsWith(lq);
  let score =
    m === 1
      ? bestSingle(query, lq, name, ln)
      : prefix
        ? prefixAlignment(query, name)
        : sparseAlignment(query, lq, name, ln, from, to);
  if (prefix) score += BONUS_PREFIX;
  if (m === n) {
    score += BONUS_EXACT;
    if (query === name) score += BONUS_EXACT_CASE;
  }
  // Every match scores above 0, however poor (0 means "no match").
  return Math.max(score, 1);
}

/** The score of the first character alone at position `j`. */
function firstScore(query: string, name: string, j: number): number {
  const caseBonus = name.charCodeAt(j) === query.charCodeAt(0) ? BONUS_CASE : 0;
  return MATCH + boundaryBonus(name, j) * FIRST_CHAR_MULTIPLIER + caseBonus + Math.max(LEADING_CAP, LEADING * j);
}

/** One-character queries: the best single position (no alignment to search). */
function bestSingle(query: string, lq: string, name: string, ln: string): number {
  let best = -Infinity;
  for (let j = ln.indexOf(lq); j >= 0; j = ln.indexOf(lq, j + 1)) best = Math.max(best, firstScore(query, name, j));
  return best;
}

/**
 * The score of the alignment at the start of the name, which is the best one when the name starts with
 * the query: its first character has the first-character bonus no other start has, and each character
 * after it extends a run whose bonus is that first-character bonus, more than a word start elsewhere
 * earns with its case bonus (and a gap only costs). The same sums as `bestAlignment` makes along it,
 * without the search: most names a short query matches start with it.
 */
function prefixAlignment(query: string, name: string): number {
  let score = firstScore(query, name, 0);
  let run = boundaryBonus(name, 0);
  for (let j = 1; j < query.length; j++) {
    run = Math.max(run, boundaryBonus(name, j), BONUS_CONSECUTIVE);
    score += MATCH + run + (name.charCodeAt(j) === query.charCodeAt(j) ? BONUS_CASE : 0);
  }
  return score;
}

/** The full alignment search even where the name starts with the query (the tests compare the two). */
export function searchedScoreForTest(query: string, name: string): number {
  const lq = lowerUnits(query);
  const ln = lowerUnits(name);
  const from = firstAlignment(lq, ln);
  if (from < 0 || query.length < 2) return 0;
  return sparseAlignment(query, lq, name, ln, from, ln.lastIndexOf(lq[lq.length - 1]!));
}

/**
 * The dense search over every (query, name) cell, which the sparse one replaced: the reference the
 * tests compare `sparseAlignment` to, on every query and name they generate.
 */
export function denseScoreForTest(query: string, name: string): number {
  const lq = lowerUnits(query);
  const ln = lowerUnits(name);
  const from = firstAlignment(lq, ln);
  if (from < 0 || query.length < 2) return 0;
  return bestAlignment(query, lq, name, ln, from, ln.lastIndexOf(lq[lq.length - 1]!));
}

const NEG = -1e9;

/**
 * Scratch space of the alignment search, grown as needed and reused: the search runs for thousands
 * of names per query, and allocating a buffer for each costs more than the search. Holds no state
 * between calls (every call overwrites what it reads).
 */
let scratch = new Float64Array(1024);

/**
 * The best alignment's score, over name positions `from` (the first possible start) to `to` (the
 * last possible end). The buffer holds, per position, the best score of query[0..i] with query[i]
 * matched exactly there for the previous and the current row, and the bonus of the run ending
 * there for both rows (rows swap by offset, so nothing is allocated per row).
 */
function bestAlignment(query: string, lq: string, name: string, ln: string, from: number, to: number): number {
  const m = lq.length;
  const n = name.length;
  if (scratch.length < 4 * n) scratch = new Float64Array(4 * n);
  const buf = scratch;
  let prev = 0;
  let cur = n;
  let prevRun = 2 * n;
  let curRun = 3 * n;
  buf.fill(NEG, 0, n);
  for (let i = 0; i < m; i++) {
    const qc = lq.charCodeAt(i);
    const qRaw = query.charCodeAt(i);
    // Best `prev[j'] + gap cost` over j' < j - 1, carried along j.
    let gapped = NEG;
    buf.fill(NEG, cur, cur + n);
    // Row i matches from the first possible start on, leaving room for the rest of the query.
    const first = from + i;
    const last = to - (m - 1 - i);
    for (let j = first; j <= last; j++) {
      if (i > 0 && j >= 2) gapped = Math.max(gapped + GAP_EXTENSION, buf[prev + j - 2]! + GAP_START);
      if (ln.charCodeAt(j) !== qc) continue;
      if (i === 0) {
        buf[cur + j] = firstScore(query, name, j);
        buf[curRun + j] = boundaryBonus(name, j);
        continue;
      }
      const caseBonus = name.charCodeAt(j) === qRaw ? BONUS_CASE : 0;
      const bonus = boundaryBonus(name, j);
      let best = NEG;
      let run = 0;
      const before = buf[prev + j - 1]!;
      if (before > NEG / 2) {
        // Consecutive: the run keeps the larger of its start's bonus and this character's.
        run = Math.max(buf[prevRun + j - 1]!, bonus, BONUS_CONSECUTIVE);
        best = before + MATCH + run + caseBonus;
      }
      if (gapped > NEG / 2 && gapped + MATCH + bonus + caseBonus > best) {
        best = gapped + MATCH + bonus + caseBonus;
        run = bonus;
      }
      buf[cur + j] = best;
      buf[curRun + j] = run;
    }
    [prev, cur] = [cur, prev];
    [prevRun, curRun] = [curRun, prevRun];
  }
  let score = NEG;
  for (let j = from; j <= to; j++) score = Math.max(score, buf[prev + j]!);
  return score;
}

/**
 * Scratch rows of the sparse search: per matched position, its place in the name, the best score
 * ending there and the bonus of its run; for the previous and the current query character. Reused
 * like `scratch`, holding nothing between calls.
 */
let rows = new Float64Array(6 * 64);

/**
 * `bestAlignment`'s result, visiting only the cells where the name has the query character: a
 * short query against a long name matches a few positions per row, not the name's length. The
 * gap term is linear in the distance, so the best gapped predecessor of position j is the best
 * `score - GAP_EXTENSION * j'` over the previous row's positions j' <= j - 2, kept as a running
 * maximum while both rows are walked in order. The same sums in the same integers as the dense
 * search, so the same score (`test/util/fuzzy.test.ts` compares both).
 */
function sparseAlignment(query: string, lq: string, name: string, ln: string, from: number, to: number): number {
  const m = lq.length;
  const n = name.length;
  if (rows.length < 6 * n) rows = new Float64Array(6 * n);
  const r = rows;
  // Row layout: [pos, score, run] for each of the two rows, `n` entries each.
  let prevPos = 0;
  let prevScore = n;
  let prevRun = 2 * n;
  let curPos = 3 * n;
  let curScore = 4 * n;
  let curRun = 5 * n;
  let prevLen = 0;
  for (let i = 0; i < m; i++) {
    const q = lq[i]!;
    const qRaw = query.charCodeAt(i);
    const first = from + i;
    const last = to - (m - 1 - i);
    let len = 0;
    // The previous row's entries are read in order: `k` is the next one not yet folded into the
    // gapped maximum, `c` the candidate for the consecutive step (position j - 1).
    let k = 0;
    let c = 0;
    let gappedBase = NEG;
    for (let j = ln.indexOf(q, first); j >= 0 && j <= last; j = ln.indexOf(q, j + 1)) {
      if (i === 0) {
        r[curPos + len] = j;
        r[curScore + len] = firstScore(query, name, j);
        r[curRun + len] = boundaryBonus(name, j);
        len++;
        continue;
      }
      while (k < prevLen && r[prevPos + k]! <= j - 2) {
        const v = r[prevScore + k]! - GAP_EXTENSION * r[prevPos + k]!;
        if (v > gappedBase) gappedBase = v;
        k++;
      }
      while (c < prevLen && r[prevPos + c]! < j - 1) c++;
      const caseBonus = name.charCodeAt(j) === qRaw ? BONUS_CASE : 0;
      const bonus = boundaryBonus(name, j);
      let best = NEG;
      let run = 0;
      if (c < prevLen && r[prevPos + c]! === j - 1) {
        run = Math.max(r[prevRun + c]!, bonus, BONUS_CONSECUTIVE);
        best = r[prevScore + c]! + MATCH + run + caseBonus;
      }
      if (gappedBase > NEG) {
        const gapped = gappedBase + GAP_START + GAP_EXTENSION * (j - 2);
        if (gapped + MATCH + bonus + caseBonus > best) {
          best = gapped + MATCH + bonus + caseBonus;
          run = bonus;
        }
      }
      if (best === NEG) continue;
      r[curPos + len] = j;
      r[curScore + len] = best;
      r[curRun + len] = run;
      len++;
    }
    [prevPos, curPos] = [curPos, prevPos];
    [prevScore, curScore] = [curScore, prevScore];
    [prevRun, curRun] = [curRun, prevRun];
    prevLen = len;
  }
  let score = NEG;
  for (let e = 0; e < prevLen; e++) score = Math.max(score, r[prevScore + e]!);
  return score;
}
