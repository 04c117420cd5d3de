/**
 * The symbol under the cursor and all its references: what find references, highlights and rename
 * share. Cross-file results are kept with the document (memo) until the index changes, so the
 * highlights an editor asks for on every cursor move do not rescan the workspace.
 */
import { memo, memoKey } from '../../model/document.js';
import type { FeatureContext } from '../types.js';
import { toscaModelOf } from './model.js';
import { occurrenceAt, occurrencesOf, type Occurrence, type ToscaSymbol } from './occurrences.js';
import { importGraphFor } from '../../index/toscaVisibility.js';
import { fromOccurrence, propertyRefs, typeRefs, type FoundRef } from './workspaceRefs.js';

export interface SymbolRefs {
  sym: ToscaSymbol;
  /** The occurrence under the cursor. */
  at: Occurrence;
  /** Every occurrence, declaration included, in no particular order. */
  refs: FoundRef[];
}

const ACROSS = memoKey<Map<string, { generation: number; refs: FoundRef[] }>>('tosca.workspaceRefs');

/** The occurrence of a symbol under `offset` in the document, if any. */
export function occurrenceUnder(ctx: FeatureContext, offset: number): Occurrence | undefined {
  return occurrenceAt(occurrencesOf(ctx.doc, toscaModelOf(ctx)), offset);
}

export function symbolRefsAt(ctx: FeatureContext, offset: number): SymbolRefs | undefined {
  const at = occurrenceUnder(ctx, offset);
  return at ? { sym: at.sym, at, refs: refsOf(ctx, at.sym) } : undefined;
}

function refsOf(ctx: FeatureContext, sym: ToscaSymbol): FoundRef[] {
  const local = occurrencesOf(ctx.doc, toscaModelOf(ctx))
    .filter((o) => o.sym.key === sym.key)
    .map((o) => fromOccurrence(ctx.doc.path, o));
  // Templates and inputs exist only in their own topology.
  if (sym.kind === 'template' || sym.kind === 'input') return local;
  const cache = memo(ctx.doc, ACROSS, () => new Map<string, { generation: number; refs: FoundRef[] }>());
  const generation = ctx.index.generation;
  let hit = cache.get(sym.key);
  if (!hit || hit.generation !== generation) {
    const graph = importGraphFor(ctx, ctx.doc);
    const refs = sym.kind === 'type' ? typeRefs(ctx, graph, sym.type, ctx.doc.path) : propertyRefs(ctx, graph, sym);
    hit = { generation, refs };
    cache.set(sym.key, hit);
  }
  return merge(local, hit.refs);
}

/**
 * This document's occurrences (from its tree: they include function arguments) with the ones found
 * through summaries; the same place found both ways counts once.
 */
function merge(local: FoundRef[], across: FoundRef[]): FoundRef[] {
  const byPlace = new Map<string, FoundRef>();
  for (const r of [...local, ...across]) {
    const k = `${r.path}\u0000${r.span.start}`;
    const prev = byPlace.get(k);
    if (!prev) {
      byPlace.set(k, { ...r });
      continue;
    }
    prev.declaration ||= r.declaration;
    prev.write ||= r.write;
    if (!prev.role && r.role) prev.role = r.role;
  }
  return [...byPlace.values()];
}
