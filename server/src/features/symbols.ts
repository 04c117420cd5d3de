/**
 * The document outline (from the document's pack) and workspace symbols (every pack's, filtered and
 * ranked against the query with the shared fuzzy matcher).
 */
import { charMask, fuzzyScoreLowered, loweredForMatch } from '../util/fuzzy.js';
import { memoKey } from '../model/document.js';
import { PACKS, packFor } from './packs.js';
import type { DocumentSymbol, FeatureContext, WorkspaceContext, WorkspaceSymbol } from './types.js';

export function documentSymbols(ctx: FeatureContext): DocumentSymbol[] {
  if (ctx.doc.binary) return [];
  return packFor(ctx.doc.kind)?.symbols(ctx) ?? [];
}

/**
 * Every pack's symbols, kept by the index until it changes, with their distinct names: a workspace
 * repeats names (the same property in many descriptors), and each distinct name is scored once per
 * query, lower-cased once per list.
 */
interface SymbolList {
  symbols: WorkspaceSymbol[];
  /** The distinct names, and each lower-cased for the matcher. */
  names: string[];
  lowered: string[];
  /** Each lower-cased name's `charMask`: most names are ruled out by it before the matcher runs. */
  masks: Int32Array;
  /** The index in `names` of each symbol's name. */
  nameOf: Uint32Array;
  /**
   * Scratch space of a query (each distinct name's score, each symbol's rank key), rewritten by every
   * query: allocating 250 KB per query made collections part of the latency's tail. Queries run one at
   * a time, and nothing returned points into them.
   */
  scores: Float64Array;
  keys: Float64Array;
}

const ALL_SYMBOLS = memoKey<SymbolList>('workspaceSymbols.all');

function allSymbols(ws: WorkspaceContext): SymbolList {
  return ws.index.derive(ALL_SYMBOLS, () => {
    const symbols: WorkspaceSymbol[] = [];
    for (const pack of PACKS) for (const s of pack.workspaceSymbols(ws)) symbols.push(s);
    const names: string[] = [];
    const lowered: string[] = [];
    const nameOf = new Uint32Array(symbols.length);
    const seen = new Map<string, number>();
    for (let i = 0; i < symbols.length; i++) {
      const name = symbols[i]!.name;
      let at = seen.get(name);
      if (at === undefined) {
        at = names.length;
        seen.set(name, at);
        names.push(name);
        lowered.push(loweredForMatch(name));
      }
      nameOf[i] = at;
    }
    const masks = new Int32Array(names.length);
    for (let u = 0; u < names.length; u++) masks[u] = charMask(lowered[u]!);
    return {
      symbols,
      names,
      lowered,
      masks,
      nameOf,
      scores: new Float64Array(names.length),
      keys: new Float64Array(symbols.length),
    };
  });
}

/**
 * A symbol's rank as one number: the score (an integer), then the shorter name. Names longer than
 * the field holds rank as equally long there; the final order compares the real lengths.
 */
const LENGTH_FIELD = 2 ** 20;

/**
 * Symbols matching `query`, best first, at most `limit`; ties go to the shorter name, then by code
 * units (`localeCompare` would cost more than the scoring), then the packs' order. Only what makes
 * the cut is sorted: the rank of the last symbol that makes it is found by selection, not by sorting
 * every match, so a short query matching tens of thousands of names never sorts them all.
 */
export function workspaceSymbols(ws: WorkspaceContext, query: string, limit = 500): WorkspaceSymbol[] {
  const { symbols, names, lowered, masks, nameOf, scores: nameScores, keys } = allSymbols(ws);
  const lq = loweredForMatch(query);
  const qm = charMask(lq);
  for (let u = 0; u < names.length; u++)
    nameScores[u] = (masks[u]! & qm) === qm ? fuzzyScoreLowered(query, lq, names[u]!, lowered[u]!) : 0;
  let matched = 0;
  for (let i = 0; i < symbols.length; i++) {
    const score = nameScores[nameOf[i]!]!;
    keys[i] = 0;
    if (score <= 0) continue;
    const len = Math.min(symbols[i]!.name.length, LENGTH_FIELD - 1);
    keys[i] = score * LENGTH_FIELD + (LENGTH_FIELD - 1 - len);
    matched++;
  }
  const k = Math.min(limit, matched);
  if (k <= 0) return [];
  // The k-th best key; every symbol above it is in, and `room` of those at it (by code units).
  const cut = k === matched ? 0.5 : kthLargest(keys, matched, k);
  const chosen: number[] = [];
  const boundary: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    const x = keys[i]!;
    if (x > cut) chosen.push(i);
    else if (x === cut) boundary.push(i);
  }
  const room = k - chosen.length;
  if (room > 0) {
    // Stable: equal names keep the packs' order.
    boundary.sort(
      (a, b) => symbols[a]!.name.length - symbols[b]!.name.length || ordinal(symbols[a]!.name, symbols[b]!.name),
    );
    chosen.push(...boundary.slice(0, room));
  }
  chosen.sort(
    (a, b) =>
      nameScores[nameOf[b]!]! - nameScores[nameOf[a]!]! ||
      symbols[a]!.name.length - symbols[b]!.name.length ||
      ordinal(symbols[a]!.name, symbols[b]!.name) ||
      a - b,
  );
  return chosen.map((i) => symbols[i]!);
}

/** The k-th largest of the positive values of `keys` (there are `positives`), by quickselect on a copy. */
function kthLargest(keys: Float64Array, positives: number, k: number): number {
  const v = new Float64Array(positives);
  let n = 0;
  for (const x of keys) if (x > 0) v[n++] = x;
  // Hoare-style selection of the (k-1)-th position in descending order.
  const want = k - 1;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = v[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (v[i]! > pivot) i++;
      while (v[j]! < pivot) j--;
      if (i <= j) {
        const t = v[i]!;
        v[i] = v[j]!;
        v[j] = t;
        i++;
        j--;
      }
    }
    if (want <= j) hi = j;
    else if (want >= i) lo = i;
    else return v[want]!;
  }
  return v[want]!;
}

const ordinal = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
