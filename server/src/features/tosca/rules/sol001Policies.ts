/**
 * What the ETSI GS NFV-SOL 001 rules (sol001*.ts) read of a descriptor: its policies by SOL001 type
 * (a type derived from one counts as it), their properties as YAML nodes, and the VDU node templates.
 * Only the topology of the file itself: a flavour's policies live in that flavour's file.
 */
import { asMap, asSeq, entries, get, getIn, scalarText, type YMap, type YNode } from '../../../syntax/tree.js';
import type { Span } from '../../../syntax/positions.js';
import type { ToscaRuleContext } from './context.js';

export interface Sol001Policy {
  name: string;
  keySpan: Span;
  /** The policy's type and its ancestors, full names. */
  types: Set<string>;
  properties: YMap | null;
  /** `targets`, with spans. */
  targets: { name: string; span: Span }[];
}

/** The document names SOL001 in its types (tosca.*.nfv.* of the built-in or shipped SOL001 files). */
export const NFV = 'tosca.policies.nfv.';

/** The policies of the file's topology, list form (SOL001 style) or map form. */
export function sol001Policies(ctx: ToscaRuleContext): Sol001Policy[] {
  const node = getIn(ctx.root, 'topology_template', 'policies');
  const pairs = asSeq(node) ? asSeq(node)!.items.flatMap((it) => entries(it)) : entries(node);
  const out: Sol001Policy[] = [];
  for (const p of pairs) {
    const body = asMap(p.value);
    const typeName = scalarText(get(body, 'type'));
    if (!body || !typeName) continue;
    const t = ctx.model.types.resolve(typeName, 'policy');
    const types = new Set([typeName, ...(t ? [t.name, ...ctx.model.types.ancestors(t).map((a) => a.name)] : [])]);
    if (![...types].some((n) => n.startsWith(NFV))) continue;
    const targets: Sol001Policy['targets'] = [];
    for (const it of asSeq(get(body, 'targets'))?.items ?? []) {
      const n = scalarText(it);
      if (n !== undefined) targets.push({ name: n, span: it.span });
    }
    out.push({ name: p.key.text, keySpan: p.key.span, types, properties: asMap(get(body, 'properties')), targets });
  }
  return out;
}

/** Policies of one SOL001 type (or derived from it). */
export function policiesOf(all: readonly Sol001Policy[], shortName: string): Sol001Policy[] {
  return all.filter((p) => p.types.has(NFV + shortName));
}

/** The entries of a map-valued property, e.g. the `levels` of an InstantiationLevels policy. */
export function mapEntries(props: YMap | null, key: string): { name: string; keySpan: Span; value: YNode | null }[] {
  return entries(get(props, key)).map((p) => ({ name: p.key.text, keySpan: p.key.span, value: p.value }));
}

/** A literal integer (not a function call, not text). */
export function intOf(n: YNode | null | undefined): number | undefined {
  const v = n && n.kind === 'scalar' ? n.value : undefined;
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}
