/**
 * Code lenses of a TOSCA file: "N templates · N subtypes" on each type declared here, "N
 * references" and "build step k of n" on each node template, "Show deployment plan" on the
 * topology. Only their places are decided here; the counts come from the
 * pack's references when the editor shows them, starting at `at`, which sits on the type's (or the
 * template's) key as a cursor would.
 */
import { isToscaSummary, summariseTosca } from '../../model/tosca/summary.js';
import { unquotedSpan } from '../../syntax/scalars.js';
import type { CodeLens, FeatureContext } from '../types.js';
import { isCloudifyDocument } from './cloudifyNav.js';

export function lenses(ctx: FeatureContext): CodeLens[] {
  // A Cloudify blueprint's types are used where the TOSCA references do not look: "0 templates" would be wrong.
  if (ctx.doc.kind !== 'tosca' || isCloudifyDocument(ctx)) return [];
  const { lines, text } = ctx.doc;
  const summary = isToscaSummary(ctx.doc.summary) ? ctx.doc.summary : summariseTosca(ctx.doc.root);
  const lens = (key: { start: number; end: number }, format: CodeLens['format']): CodeLens => {
    const span = unquotedSpan(text, key);
    return { range: lines.rangeOf(span), at: span.start, format };
  };
  const out = summary.types.map((t) => lens(t.keySpan, 'typeUsage'));
  const topology = summary.topology;
  if (!topology) return out;
  out.push(lens(topology.keySpan, 'showPlan'));
  for (const n of topology.nodeTemplates) out.push(lens(n.keySpan, 'references'), lens(n.keySpan, 'planStep'));
  return out;
}
