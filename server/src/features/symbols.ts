/**
 * The document outline (from the document's pack) and workspace symbols (every pack's, filtered and
 * ranked against the query with the shared fuzzy matcher).
 */
import { fuzzyScore } from '../util/fuzzy.js';
import { PACKS, packFor } from './packs.js';
import type { DocumentSymbol, FeatureContext, WorkspaceContext, WorkspaceSymbol } from './types.js';

export function documentSymbols(ctx: FeatureContext): DocumentSymbol[] {
  if (ctx.doc.binary) return [];
  return packFor(ctx.doc.kind)?.symbols(ctx) ?? [];
}

/** Symbols matching `query`, best first, at most `limit`. */
export function workspaceSymbols(ws: WorkspaceContext, query: string, limit = 500): WorkspaceSymbol[] {
  const scored: { s: WorkspaceSymbol; score: number }[] = [];
  for (const pack of PACKS) {
    for (const s of pack.workspaceSymbols(ws)) {
      const score = fuzzyScore(query, s.name);
      if (score > 0) scored.push({ s, score });
    }
  }
  // Ties broken by length, then by code units: `localeCompare` costs more than the scoring itself
  // when a short query matches tens of thousands of names.
  scored.sort((a, b) => b.score - a.score || a.s.name.length - b.s.name.length || ordinal(a.s.name, b.s.name));
  return scored.slice(0, limit).map((x) => x.s);
}

const ordinal = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
