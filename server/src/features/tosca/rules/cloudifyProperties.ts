/**
 * The properties a Cloudify node template sets against its type's schemas, where the whole type is known: its type is
 * declared in the blueprint itself, and so is every parent up to Cloudify's `cloudify.nodes.Root`. Cloudify's parser
 * merges the schemas along `derived_from` when the blueprint is uploaded and rejects
 * - TOSCA506: a property no schema of the type declares ("is not part of the derived type properties schema");
 * - TOSCA507: a property with no default, not `required: false`, that the template leaves out ("does not provide a
 *   value for mandatory ..."), unless the template sets `use_external_resource` (the parser skips the check then).
 *
 * `cloudify.nodes.Root`'s own properties are `use_external_resource` and `resource_id` in Cloudify's current
 * `types.yaml` (older ones had fewer): both are accepted, neither is required. A type with any other parent
 * (Cloudify's other types, a plugin's, an imported file's) is not checked: their schemas are not in the workspace.
 */
import { asMap, get, scalarText, type YMap } from '../../../syntax/tree.js';
import { didYouMean, suggestion } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';
import type { ToscaRule, ToscaRuleContext } from './context.js';
import { reportingOnce } from './cloudifyShared.js';

const ROOT = 'cloudify.nodes.Root';
const ROOT_PROPERTIES: readonly string[] = ['use_external_resource', 'resource_id'];
const UPLOAD = "Cloudify's parser rejects the blueprint when it is uploaded.";

interface Schema {
  name: string;
  /** Mandatory: no default and not `required: false`. */
  mandatory: boolean;
}

/** The merged property schemas of a local type, or undefined when some parent is not declared in the blueprint. */
function schemasOf(types: YMap, name: string): Schema[] | undefined {
  const out = new Map<string, Schema>();
  const seen = new Set<string>();
  for (let t: string | undefined = name; t !== ROOT;) {
    if (t === undefined || seen.has(t)) return undefined;
    seen.add(t);
    const decl = asMap(get(types, t));
    if (!decl || decl.pairs.some((p) => p.key.text === '<<')) return undefined;
    const props = get(decl, 'properties');
    if (props && props.kind !== 'map') return undefined;
    for (const p of props?.kind === 'map' ? props.pairs : []) {
      const s = asMap(p.value);
      if (p.key.text === '<<' || (p.value && !s)) return undefined;
      // The nearest definition wins, as the parser merges from the root down.
      if (out.has(p.key.text)) continue;
      const required = scalarText(get(s, 'required'));
      const hasDefault = !!s?.pairs.some((q) => q.key.text === 'default');
      out.set(p.key.text, { name: p.key.text, mandatory: !hasDefault && required !== 'false' });
    }
    t = scalarText(get(decl, 'derived_from'));
  }
  for (const r of ROOT_PROPERTIES) if (!out.has(r)) out.set(r, { name: r, mandatory: false });
  return [...out.values()];
}

export const cloudifyPropertiesRule: ToscaRule = {
  codes: ['TOSCA506', 'TOSCA507'],
  when: (ctx) => ctx.grammar.family === 'cloudify',
  check(outer) {
    const ctx = reportingOnce(outer);
    const root = ctx.root;
    const types = asMap(get(root, 'node_types'));
    const templates = asMap(get(root, 'node_templates'));
    if (!types || !templates) return;
    for (const t of templates.pairs) {
      const tm = asMap(t.value);
      const type = scalarText(get(tm, 'type'));
      if (!tm || !type || !types.pairs.some((p) => p.key.text === type)) continue;
      if (tm.pairs.some((p) => p.key.text === '<<')) continue;
      const schemas = schemasOf(types, type);
      if (!schemas) continue;
      check(ctx, t.key.text, t.key.span, type, tm, schemas);
    }
  },
};

function check(
  ctx: ToscaRuleContext,
  node: string,
  nodeSpan: { start: number; end: number },
  type: string,
  tm: YMap,
  schemas: Schema[],
): void {
  const propsNode = get(tm, 'properties');
  // A whole mapping from an anchor, or a function: what it holds is not read here.
  if (propsNode && propsNode.kind !== 'map') return;
  const props = propsNode?.kind === 'map' ? propsNode.pairs : [];
  if (props.some((p) => p.key.text === '<<')) return;
  const names = schemas.map((s) => s.name);
  for (const p of props) {
    if (names.includes(p.key.text)) continue;
    const hint = didYouMean(p.key.text, names);
    ctx.report({
      code: 'TOSCA506',
      severity: 'error',
      span: p.key.span,
      message:
        `Node template \`${node}\` sets \`${p.key.text}\`, which no property schema of its type \`${type}\` ` +
        `declares${suggestion(hint, { label: 'declared', names, most: 8 })}. ${UPLOAD}`,
      ...replaceWith(hint),
    });
  }
  const external = scalarText(props.find((p) => p.key.text === 'use_external_resource')?.value ?? null);
  if (external !== undefined && external !== 'false') return;
  // A function as `use_external_resource` decides at deploy time: the parser does not check then either.
  if (props.some((p) => p.key.text === 'use_external_resource' && p.value?.kind === 'map')) return;
  const missing = schemas.filter((s) => s.mandatory && !props.some((p) => p.key.text === s.name)).map((s) => s.name);
  if (missing.length)
    ctx.report({
      code: 'TOSCA507',
      severity: 'error',
      span: nodeSpan,
      message:
        `Node template \`${node}\` does not set ${missing.map((m) => `\`${m}\``).join(', ')}, mandatory in its type ` +
        `\`${type}\` (no default, not \`required: false\`). ${UPLOAD}`,
    });
}
