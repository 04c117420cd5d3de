/**
 * Find references in TOSCA documents (and, through the dispatcher, document highlights): types,
 * templates, inputs, properties and attributes, across every file that can see them (see
 * workspaceRefs.ts). Template `type:` uses carry the role `template`, `derived_from` uses `subtype`,
 * for the "N templates · M subtypes" lens.
 */
import { isCloudifyDocument } from './cloudifyNav.js';
import { cloudifyReferences } from './cloudifySymbols.js';
import { memo, memoKey } from '../../model/document.js';
import type { FeatureContext, Reference } from '../types.js';
import type { LineIndex } from '../../syntax/positions.js';
import { occurrenceUnder, symbolRefsAt } from './symbolRefs.js';

/**
 * The answers by symbol (and whether the declaration is included), kept with the document until the
 * index changes. A type used by thousands of files has thousands of references; building their
 * ranges (a line index per file, each checked against its file's stat) and sorting them cost
 * 10-20 ms on every request, and editors ask again on every highlight and lens refresh.
 */
const ANSWERS = memoKey<Map<string, { generation: number; refs: Reference[] }>>('tosca.references');

export function references(ctx: FeatureContext, offset: number, includeDeclaration: boolean): Reference[] {
  // A Cloudify blueprint uses its names where TOSCA has none: its own walk (cloudifySymbols.ts).
  if (isCloudifyDocument(ctx)) return cloudifyReferences(ctx, offset, includeDeclaration);
  const at = occurrenceUnder(ctx, offset);
  if (!at) return [];
  const answers = memo(ctx.doc, ANSWERS, () => new Map<string, { generation: number; refs: Reference[] }>());
  const key = `${includeDeclaration ? 'd' : '-'}${at.sym.key}`;
  const generation = ctx.index.generation;
  let hit = answers.get(key);
  if (!hit || hit.generation !== generation) {
    hit = { generation, refs: answer(ctx, offset, includeDeclaration) };
    answers.set(key, hit);
  }
  // A new array each time: callers may filter or extend it.
  return hit.refs.slice();
}

function answer(ctx: FeatureContext, offset: number, includeDeclaration: boolean): Reference[] {
  const found = symbolRefsAt(ctx, offset);
  if (!found) return [];
  const out: { ref: Reference; start: number }[] = [];
  // One line index per file (each is checked against the file's stat), not one per reference.
  const linesByPath = new Map<string, LineIndex | undefined>([[ctx.doc.path, ctx.doc.lines]]);
  for (const r of found.refs) {
    if (r.declaration && !includeDeclaration) continue;
    let lines = linesByPath.get(r.path);
    if (!linesByPath.has(r.path)) linesByPath.set(r.path, (lines = ctx.linesOf(r.path)));
    if (!lines) continue;
    const ref: Reference = { path: r.path, range: lines.rangeOf(r.span), declaration: r.declaration, write: r.write };
    if (r.role) ref.role = r.role;
    out.push({ ref, start: r.span.start });
  }
  // This document first, then the others by path; each in text order.
  const rank = (p: string) => (p === ctx.doc.path ? '' : p);
  out.sort((a, b) => rank(a.ref.path).localeCompare(rank(b.ref.path)) || a.start - b.start);
  return out.map((x) => x.ref);
}
