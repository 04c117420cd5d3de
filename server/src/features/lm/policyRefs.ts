/**
 * Policy references that are not `<component>.<member>` items (those are dotted items, see dotted.ts):
 * a scale policy's `target` names a composition component, and a `metric` without a dot names a metric
 * of this descriptor (a resource's own metric, or one the assembly promotes under `metrics`). TNC-O
 * "Assembly descriptor" › policies; TNC-O "Resource descriptor" › policies.
 */
import type { DescriptorSummary, TypedDecl } from '../../model/lm/summary.js';
import type { DescriptorEntry } from '../../index/workspace.js';
import type { Span } from '../../syntax/positions.js';
import { decodeScalar, sourceSpanOf } from '../../syntax/scalars.js';
import { asMap, asScalar, get, type YScalar } from '../../syntax/tree.js';
import type { FeatureContext } from '../types.js';
import { componentTarget, type ComponentTarget } from './resolve.js';

export type PolicyRef =
  | { kind: 'target'; origin: Span; name: string; target?: ComponentTarget }
  | { kind: 'metric'; origin: Span; name: string; decl?: TypedDecl };

/** The text of a plain-string scalar without quotes, and its span in the source. */
function textOf(ctx: FeatureContext, s: YScalar): { text: string; span: Span } {
  const d = decodeScalar(ctx.doc.text, s);
  const t = d.text.trim();
  const lead = d.text.indexOf(t);
  return { text: t, span: sourceSpanOf(d, lead, lead + t.length, s.span.start) };
}

/** Every policy `target` and dotless `metric` of the document. */
export function policyRefs(ctx: FeatureContext, summary: DescriptorSummary): PolicyRef[] {
  const out: PolicyRef[] = [];
  for (const pp of asMap(get(asMap(ctx.doc.root), 'policies'))?.pairs ?? []) {
    const body = asMap(pp.value);
    const target = asScalar(get(body, 'target'));
    if (target && typeof target.value === 'string') {
      const { text, span } = textOf(ctx, target);
      const c = summary.components.find((x) => x.name === text && x.section === 'composition');
      const t = c ? componentTarget(ctx, summary, text) : undefined;
      out.push({ kind: 'target', origin: span, name: text, ...(t ? { target: t } : {}) });
    }
    const metric = asScalar(get(body, 'metric'));
    if (metric && typeof metric.value === 'string' && !metric.value.includes('.') && !metric.value.includes('${')) {
      const { text, span } = textOf(ctx, metric);
      const decl = summary.metrics.find((m) => m.name === text);
      out.push({ kind: 'metric', origin: span, name: text, ...(decl ? { decl } : {}) });
    }
  }
  return out;
}

/** The policy reference under `offset`, if any. */
export function policyRefAt(ctx: FeatureContext, summary: DescriptorSummary, offset: number): PolicyRef | undefined {
  if (!asMap(get(asMap(ctx.doc.root), 'policies'))) return undefined;
  return policyRefs(ctx, summary).find((r) => offset >= r.origin.start && offset <= r.origin.end);
}

/** The document itself as an index entry, so declarations in it are targets like those of other files. */
export function selfEntry(ctx: FeatureContext, summary: DescriptorSummary): DescriptorEntry {
  return { path: ctx.doc.path, kind: ctx.doc.kind, summary, open: true, stamp: 0, symbols: [] };
}
