/**
 * Find references in TOSCA documents (and, through the dispatcher, document highlights): types,
 * templates, inputs, properties and attributes, across every file that can see them (see
 * workspaceRefs.ts). Template `type:` uses carry the role `template`, `derived_from` uses `subtype`,
 * for the "N templates · M subtypes" lens.
 */
import type { FeatureContext, Reference } from '../types.js';
import { symbolRefsAt } from './symbolRefs.js';

export function references(ctx: FeatureContext, offset: number, includeDeclaration: boolean): Reference[] {
  const found = symbolRefsAt(ctx, offset);
  if (!found) return [];
  const out: { ref: Reference; start: number }[] = [];
  for (const r of found.refs) {
    if (r.declaration && !includeDeclaration) continue;
    const lines = r.path === ctx.doc.path ? ctx.doc.lines : ctx.linesOf(r.path);
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
