/**
 * The document outline (from the document's pack) and workspace symbols (every pack's, filtered and
 * ranked against the query with the shared fuzzy matcher).
 */
import { fuzzyScoreLowered, loweredForMatch } from '../util/fuzzy.js';
import { memoKey } from '../model/document.js';
import { PACKS, packFor } from './packs.js';
import type { DocumentSymbol, FeatureContext, WorkspaceContext, WorkspaceSymbol } from './types.js';

export function documentSymbols(ctx: FeatureContext): DocumentSymbol[] {
  if (ctx.doc.binary) return [];
  return packFor(ctx.doc.kind)?.symbols(ctx) ?? [];
}

interface Named {
  s: WorkspaceSymbol;
  /** The name lower-cased for the matcher. */
  lower: string;
}

/** Every pack's symbols with their names lower-cased once: kept by the index until it changes. */
const ALL_SYMBOLS = memoKey<Named[]>('workspaceSymbols.all');

function allSymbols(ws: WorkspaceContext): Named[] {
  return ws.index.derive(ALL_SYMBOLS, () => {
    const all: Named[] = [];
    for (const pack of PACKS)
      for (const s of pack.workspaceSymbols(ws)) all.push({ s, lower: loweredForMatch(s.name) });
    return all;
  });
}

/**
 * Symbols matching `query`, best first, at most `limit`; ties go to the shorter name, then by code
 * units (`localeCompare` would cost more than the scoring), then the packs' order. Only what makes
 * the cut is sorted: the lowest score that does is found first, and among the names at that score
 * the shortest are taken by counting lengths, so a short query matching tens of thousands of names
 * never sorts them all.
 */
export function workspaceSymbols(ws: WorkspaceContext, query: string, limit = 500): WorkspaceSymbol[] {
  const all = allSymbols(ws);
  const lq = loweredForMatch(query);
  const scores = new Float64Array(all.length);
  let matched = 0;
  for (let i = 0; i < all.length; i++) {
    const n = all[i]!;
    const score = fuzzyScoreLowered(query, lq, n.s.name, n.lower);
    scores[i] = score;
    if (score > 0) matched++;
  }
  const k = Math.min(limit, matched);
  if (k <= 0) return [];
  // The k-th best score; everything above it is in, and `room` names at it.
  const cut = scores.slice().sort()[all.length - k]!;
  let room = k;
  for (const x of scores) if (x > cut) room--;
  // Among the names at the cut, the shortest first: all of the lengths below `longest`, and the
  // first `atLongest` at that length in code-unit order.
  const byLength: number[] = [];
  for (let i = 0; i < all.length; i++)
    if (scores[i] === cut) {
      const n = all[i]!.s.name.length;
      byLength[n] = (byLength[n] ?? 0) + 1;
    }
  let longest = 0;
  let atLongest = room;
  for (; longest < byLength.length; longest++) {
    const c = byLength[longest] ?? 0;
    if (c >= atLongest) break;
    atLongest -= c;
  }
  const boundary: number[] = [];
  const chosen: number[] = [];
  for (let i = 0; i < all.length; i++) {
    const x = scores[i]!;
    if (x > cut) chosen.push(i);
    else if (x === cut) {
      const n = all[i]!.s.name.length;
      if (n < longest) chosen.push(i);
      else if (n === longest) boundary.push(i);
    }
  }
  // Stable sorts on lists in the packs' order keep that order for equal names.
  boundary.sort((a, b) => ordinal(all[a]!.s.name, all[b]!.s.name));
  chosen.push(...boundary.slice(0, atLongest));
  chosen.sort((a, b) => a - b);
  const key = (i: number) => all[i]!.s.name;
  chosen.sort((a, b) => scores[b]! - scores[a]! || key(a).length - key(b).length || ordinal(key(a), key(b)));
  return chosen.map((i) => all[i]!.s);
}

const ordinal = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
