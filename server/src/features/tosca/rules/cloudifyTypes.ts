/**
 * TOSCA508: a node or relationship type a blueprint uses that neither the blueprint declares nor Cloudify's
 * `types.yaml` defines, in a blueprint whose imports can bring no other type: it imports nothing but Cloudify's
 * `types.yaml` (by URL or as the manager's `cloudify/types/types.yaml`), and no workspace file imports it. Cloudify's
 * parser rejects an unknown type when the blueprint is uploaded ("Could not locate node type"). A warning: the built-in
 * names are those of Cloudify's current `types.yaml`, and a manager of another version may define one more.
 */
import { asMap, asScalar, asSeq, get, type YMap, type YNode } from '../../../syntax/tree.js';
import { didYouMean, suggestion } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';
import { CLOUDIFY_NODE_TYPES, CLOUDIFY_RELATIONSHIP_TYPES } from '../../../model/tosca/cloudify/types.js';
import type { ToscaRule } from './context.js';
import { reportingOnce } from './cloudifyShared.js';

/** Cloudify's own type definitions: `cloudify/types/types.yaml` (or `types_1_4.yaml`...) or a URL to a `types.yaml`. */
const TYPES_IMPORT = /(^|\/)types(_1_\d+)?\.yaml$/;

function onlyCloudifyTypes(root: YMap): boolean {
  const imports = get(root, 'imports');
  if (!imports) return true;
  const list = asSeq(imports);
  return !!list && list.items.every((it) => TYPES_IMPORT.test(asScalar(it)?.text.trim() ?? ''));
}

export const cloudifyTypesRule: ToscaRule = {
  codes: ['TOSCA508'],
  when: (ctx) => ctx.grammar.family === 'cloudify',
  crossFile: true,
  check(outer) {
    const ctx = reportingOnce(outer);
    const root = ctx.root;
    if (!root || !onlyCloudifyTypes(root) || ctx.feature.index.tosca.importersOf(ctx.doc.path).length) return;
    const declared = (section: string) => (asMap(get(root, section))?.pairs ?? []).map((p) => p.key.text);
    if ([...declared('node_types'), ...declared('relationships')].includes('<<')) return;
    const nodeTypes = [...declared('node_types'), ...CLOUDIFY_NODE_TYPES.map((t) => t.name)];
    const relTypes = [...declared('relationships'), ...CLOUDIFY_RELATIONSHIP_TYPES.map((t) => t.name)];
    const check = (n: YNode | null, known: string[], what: string) => {
      const s = asScalar(n);
      if (!s || typeof s.value !== 'string' || known.includes(s.text)) return;
      const hint = didYouMean(s.text, known);
      ctx.report({
        code: 'TOSCA508',
        severity: 'warning',
        span: s.span,
        message:
          `Unknown ${what} \`${s.text}\`${suggestion(hint)}: the blueprint does not declare it, Cloudify's ` +
          "`types.yaml` does not define it, and the blueprint imports no plugin or other type file. Cloudify's " +
          'parser rejects an unknown type when the blueprint is uploaded.',
        ...replaceWith(hint),
      });
    };
    for (const t of asMap(get(root, 'node_templates'))?.pairs ?? []) {
      const tm = asMap(t.value);
      if (!tm || t.key.text === '<<') continue;
      check(get(tm, 'type'), nodeTypes, 'node type');
      for (const r of asSeq(get(tm, 'relationships'))?.items ?? [])
        check(get(asMap(r), 'type'), relTypes, 'relationship type');
    }
    for (const t of asMap(get(root, 'node_types'))?.pairs ?? [])
      check(get(asMap(t.value), 'derived_from'), nodeTypes, 'node type');
    for (const t of asMap(get(root, 'relationships'))?.pairs ?? [])
      check(get(asMap(t.value), 'derived_from'), relTypes, 'relationship type');
  },
};
