/**
 * TOSCA106 (the `amp` dialect only): what Cloudsoft AMP's "TOSCA: Additional Topics" says AMP does
 * not support or does differently, as warnings: the blueprint is valid TOSCA, but AMP will not do
 * what it says.
 *
 * - `entry_schema`: "not supported"; AMP reads generic type arguments (`map<string,boolean>`).
 * - the `schema` constraint: "All but schema are supported".
 * - `get_nodes_of_type` and `get_artifact`: UNSUPPORTED in its table of functions.
 * - abstract requirements (a node type or a `node_filter` as the target): "Initial version does
 *   not support abstract requirements".
 * - a requirement assigned twice by one template: "At most one fulfilment for each requirement".
 * - requirements in `substitution_mappings`: "When a topology template is used as a node type, it
 *   is not supported to declare requirements on that node type".
 * - normative policy types other than `tosca.policies.Scaling`: "only tosca.policies.Scaling is
 *   implemented"; and policy `triggers`: a policy's behaviour is implemented out of band, in Java.
 * - `description` both at the root and under `topology_template` of a template that declares no
 *   types (what AMP deploys directly): "treated as a duplication error".
 *
 * What AMP adds is accepted by the other rules under this dialect (generic type notation, groups
 * as a list, AMP catalog types, the CheckRunning interface, sensors as attributes, `$brooklyn:`
 * values, semantic-version `template_version`s).
 */
import { constructAt, GRAMMAR } from '../../../model/tosca/grammar.js';
import { FUNCTION_NAMES, TYPE_SECTIONS } from '../../../model/tosca/summary.js';
import type { Span } from '../../../syntax/positions.js';
import { asMap, asScalar, deref, getIn, getPair, type YNode } from '../../../syntax/tree.js';
import { ampDialect, simpleProfileOnly, type ToscaRule, type ToscaRuleContext } from './context.js';

const SOURCE = 'Cloudsoft AMP\'s "TOSCA: Additional Topics"';

export const ampRule: ToscaRule = {
  codes: ['TOSCA106'],
  when: (ctx) => simpleProfileOnly(ctx) && ampDialect(ctx),
  check(ctx) {
    walk(ctx, ctx.root, [], 0);
    requirements(ctx);
    policies(ctx);
    const sub = asMap(getIn(ctx.root, 'topology_template', 'substitution_mappings'));
    const subReqs = getPair(sub, 'requirements');
    if (subReqs && asMap(subReqs.value)?.pairs.length)
      warn(
        ctx,
        subReqs.key.span,
        'Cloudsoft AMP does not support requirements on a topology template used as a node type ' +
          '(`substitution_mappings.requirements`).',
      );
    // What AMP deploys directly declares no types; there a description in both places is an error.
    const root = ctx.root;
    const topo = asMap(getIn(root, 'topology_template'));
    const inner = getPair(topo, 'description');
    if (root && inner && getPair(root, 'description') && !root.pairs.some((p) => TYPE_SECTIONS[p.key.text]))
      warn(
        ctx,
        inner.key.span,
        'Cloudsoft AMP deploys a template that declares no types only with one `description`, at the root or ' +
          'under `topology_template`: both are "treated as a duplication error".',
      );
  },
};

function warn(ctx: ToscaRuleContext, span: Span, message: string): void {
  ctx.report({ code: 'TOSCA106', severity: 'warning', span, message: `${message} (${SOURCE})` });
}

/** entry_schema, the schema constraint and the unsupported functions, wherever they are written. */
function walk(ctx: ToscaRuleContext, n: YNode | null, path: (string | number)[], depth: number): void {
  const v = deref(n);
  if (!v || depth > 60) return;
  if (v.kind === 'seq') {
    v.items.forEach((it, i) => walk(ctx, it, [...path, i], depth + 1));
    return;
  }
  if (v.kind !== 'map') return;
  if (v.pairs.length === 1) {
    const fn = v.pairs[0]!.key.text;
    if (fn === 'get_nodes_of_type' || fn === 'get_artifact')
      warn(ctx, v.pairs[0]!.key.span, `Cloudsoft AMP does not support \`${fn}\`.`);
    if (FUNCTION_NAMES.has(fn)) {
      walk(ctx, v.pairs[0]!.value, [...path, fn], depth + 1);
      return;
    }
  }
  for (const p of v.pairs) {
    const key = p.key.text;
    if (key === 'entry_schema' && GRAMMAR[constructAt(path) ?? '']?.keys['entry_schema']) {
      warn(ctx, p.key.span, `Cloudsoft AMP does not support \`entry_schema\`; ${generic(v, p.value)}.`);
      continue;
    }
    if (key === 'schema' && constructAt(path) === 'constraint') {
      warn(ctx, p.key.span, 'Cloudsoft AMP supports every constraint but `schema`.');
      continue;
    }
    walk(ctx, p.value, [...path, key], depth + 1);
  }
}

/** How to write a list/map type with its entry type in AMP's generic notation. */
function generic(def: YNode, entrySchema: YNode | null): string {
  const type = asScalar(getPair(asMap(def), 'type')?.value)?.text;
  const entry = asScalar(entrySchema)?.text ?? asScalar(getPair(asMap(entrySchema), 'type')?.value)?.text;
  if (entry && (type === 'list' || type === 'map'))
    return `write \`type: ${type === 'list' ? `list<${entry}>` : `map<string, ${entry}>`}\` instead`;
  return 'give the entry type as a generic argument instead, e.g. `type: map<string, boolean>`';
}

function requirements(ctx: ToscaRuleContext): void {
  const model = ctx.model;
  for (const n of model.summary.topology?.nodeTemplates ?? []) {
    const seen = new Set<string>();
    for (const ra of n.requirements) {
      if (seen.has(ra.name))
        warn(
          ctx,
          ra.keySpan,
          `\`${n.name}\` assigns requirement \`${ra.name}\` more than once; Cloudsoft AMP keeps at most one ` +
            'fulfilment per requirement (use differently named requirements).',
        );
      seen.add(ra.name);
      const abstract =
        ra.hasNodeFilter ||
        (ra.node && !model.nodeTemplates.has(ra.node.name) && model.types.resolve(ra.node.name, 'node'));
      if (abstract) {
        const by = ra.hasNodeFilter ? 'a `node_filter`' : 'a node type';
        warn(
          ctx,
          ra.node?.span ?? ra.keySpan,
          `Requirement \`${ra.name}\` of \`${n.name}\` is abstract (${by} to be matched): Cloudsoft AMP does ` +
            'not support abstract requirements; name a node template.',
        );
      }
    }
  }
}

function policies(ctx: ToscaRuleContext): void {
  const types = ctx.model.types;
  const scaling = types.resolve('tosca.policies.Scaling', 'policy');
  for (const p of ctx.model.summary.topology?.policies ?? []) {
    const t = types.resolve(p.type?.name, 'policy');
    if (t && t.source === 'catalog' && !(scaling && types.isA(t, scaling)))
      warn(
        ctx,
        p.type!.span,
        `Cloudsoft AMP implements \`tosca.policies.Scaling\` only of the normative policy types; \`${t.name}\` has ` +
          'no behaviour there.',
      );
    for (const tr of p.triggers.slice(0, 1))
      warn(
        ctx,
        tr.keySpan,
        `Cloudsoft AMP does not run policy triggers: the behaviour of policy \`${p.name}\` must be implemented by an ` +
          'AMP policy (a Java class).',
      );
  }
}
