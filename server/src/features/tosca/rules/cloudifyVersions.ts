/**
 * TOSCA505: a key or function of Cloudify's DSL that the blueprint's own `cloudify_dsl_1_x` is too old for. Cloudify's
 * parser checks each element against the version it came with when the blueprint is uploaded ("not supported in
 * version …, it was added in …") and rejects the blueprint. Facts from its parser (cloudify-common `dsl_parser`, the
 * elements' `added_in`) and its "Blueprint DSL" documentation's version notes.
 */
import { asMap, asSeq, deref, get, isMergeKey, type YMap, type YNode, type YPair } from '../../../syntax/tree.js';
import type { ToscaRule, ToscaRuleContext } from './context.js';
import { reportingOnce } from './cloudifyShared.js';

/** Keys by where they are: the minor DSL version (`cloudify_dsl_1_<n>`) that added them. */
const TOP: Readonly<Record<string, number>> = {
  description: 2,
  dsl_definitions: 2,
  data_types: 2,
  policies: 3,
  resource_tags: 3,
};
const INPUT: Readonly<Record<string, number>> = { required: 2, display_label: 3, hidden: 3, item_type: 4 };
const PROPERTY: Readonly<Record<string, number>> = { required: 2 };
const OPERATION: Readonly<Record<string, number>> = { max_retries: 1, retry_interval: 1 };
const NODE_TEMPLATE: Readonly<Record<string, number>> = { capabilities: 3 };
const PLUGIN: Readonly<Record<string, number>> = {
  install_arguments: 1,
  package_name: 2,
  package_version: 2,
  supported_platform: 2,
  distribution: 2,
  distribution_version: 2,
  distribution_release: 2,
  properties: 5,
  properties_description: 5,
};
const WORKFLOW: Readonly<Record<string, number>> = { availability_rules: 4 };
const PARAMETER: Readonly<Record<string, number>> = { item_type: 4 };
const FUNCTIONS: Readonly<Record<string, number>> = { concat: 1, merge: 3 };

function entries(n: YNode | null | undefined): YPair[] {
  return asMap(n)?.pairs.filter((p) => !isMergeKey(p)) ?? [];
}

export const cloudifyVersionsRule: ToscaRule = {
  codes: ['TOSCA505'],
  when: (ctx) => ctx.grammar.family === 'cloudify',
  check(outer) {
    const ctx = reportingOnce(outer);
    const root = ctx.root;
    const m = /^cloudify_dsl_1_(\d+)$/.exec(ctx.model.version?.text ?? '');
    if (!root || !m) return;
    const minor = Number(m[1]);
    // Nothing was added after 1_5: a blueprint at it uses every key.
    if (minor >= 5) return;
    const version = `cloudify_dsl_1_${minor}`;
    const keys = (n: YNode | null | undefined, table: Readonly<Record<string, number>>) => {
      for (const p of entries(n)) {
        const since = table[p.key.text];
        if (since !== undefined && since > minor) tooNew(ctx, p, `\`${p.key.text}\``, since, version);
      }
    };
    keys(root, TOP);
    for (const i of entries(get(root, 'inputs'))) keys(i.value, INPUT);
    for (const kind of ['node_types', 'relationships', 'data_types']) {
      for (const t of entries(get(root, kind))) {
        for (const p of entries(asMap(t.value)?.pairs.find((q) => q.key.text === 'properties')?.value))
          keys(p.value, PROPERTY);
      }
    }
    for (const t of entries(get(root, 'node_templates'))) keys(t.value, NODE_TEMPLATE);
    for (const p of entries(get(root, 'plugins'))) keys(p.value, PLUGIN);
    for (const w of entries(get(root, 'workflows'))) {
      keys(w.value, WORKFLOW);
      for (const p of entries(asMap(w.value)?.pairs.find((q) => q.key.text === 'parameters')?.value))
        keys(p.value, PARAMETER);
    }
    operations(root, (op) => keys(op, OPERATION));
    functions(ctx, root, minor, version, 0);
  },
};

/** Every operation mapping of the blueprint's types and templates (interfaces → operations). */
function operations(root: YMap, visit: (op: YNode | null) => void): void {
  const interfaces = (n: YNode | null | undefined) => {
    for (const i of entries(n)) for (const op of entries(i.value)) visit(op.value);
  };
  for (const kind of ['node_types', 'node_templates', 'relationships']) {
    for (const t of entries(get(root, kind))) {
      const tm = asMap(t.value);
      for (const k of ['interfaces', 'source_interfaces', 'target_interfaces'])
        interfaces(tm?.pairs.find((p) => p.key.text === k)?.value);
      for (const r of asSeq(tm?.pairs.find((p) => p.key.text === 'relationships')?.value ?? null)?.items ?? []) {
        const rm = asMap(r);
        for (const k of ['source_interfaces', 'target_interfaces'])
          interfaces(rm?.pairs.find((p) => p.key.text === k)?.value);
      }
    }
  }
}

function functions(ctx: ToscaRuleContext, n: YNode | null, minor: number, version: string, depth: number): void {
  const v = deref(n);
  if (!v || depth > 40) return;
  if (v.kind === 'seq') for (const it of v.items) functions(ctx, it, minor, version, depth + 1);
  if (v.kind !== 'map') return;
  if (v.pairs.length === 1) {
    const p = v.pairs[0]!;
    const since = FUNCTIONS[p.key.text];
    if (since !== undefined && since > minor) tooNew(ctx, p, `the function \`${p.key.text}\``, since, version);
  }
  for (const p of v.pairs) functions(ctx, p.value, minor, version, depth + 1);
}

function tooNew(ctx: ToscaRuleContext, p: YPair, what: string, since: number, version: string): void {
  ctx.report({
    code: 'TOSCA505',
    severity: 'error',
    span: p.key.span,
    message:
      `${what.charAt(0).toUpperCase()}${what.slice(1)} came with cloudify_dsl_1_${since}; this blueprint ` +
      `declares ${version}, and Cloudify's parser rejects the blueprint when it is uploaded. Raise ` +
      `\`tosca_definitions_version\` to cloudify_dsl_1_${since} or later.`,
  });
}
