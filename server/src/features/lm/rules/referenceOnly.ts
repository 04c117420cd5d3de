/**
 * LM089: external (reference-only) resources. A resource that assemblies in the workspace use only
 * under `references` is never installed by LM, so `Install`/`Uninstall` there are dead; a resource
 * with `queries` is found rather than created, so a lifecycle next to it is suspicious
 * (TNC-O resource engineering guides: such resources must not define Install/Uninstall).
 */
import type { DescriptorSummary } from '../../../model/lm/summary.js';
import { asMap, getPair } from '../../../syntax/tree.js';
import { lifecycleOf } from '../drivers.js';
import type { LmRule } from './context.js';

export const referenceOnlyRule: LmRule = {
  codes: ['LM089'],
  kinds: ['resource'],
  crossFile: true,
  check(ctx) {
    const m = asMap(ctx.doc.root);
    if (!m) return;
    const lc = lifecycleOf(ctx.doc.root);
    const transitions = lc.map ? lc.map.pairs.map((p) => p.key) : (lc.list ?? []);
    const queries = getPair(m, 'queries');
    if (queries && transitions.length) {
      ctx.report({
        code: 'LM089',
        severity: 'information',
        span: queries.key.span,
        message:
          `This resource has \`queries\` (it is looked up as an existing instance) and also lifecycle ` +
          (`transitions (${transitions.map((t) => t.text).join(', ')}). Reference-only resources usually have ` +
            `\`lifecycle: {}\`; when used under \`references\` LM never runs them.`),
      });
    }
    const installs = transitions.filter((t) => t.text === 'Install' || t.text === 'Uninstall');
    if (!installs.length) return;
    // Where do assemblies of the workspace use this descriptor?
    const index = ctx.feature.index;
    const sections = new Set<string>();
    const users: string[] = [];
    for (const dep of index.dependentsOf(ctx.doc.path)) {
      const e = index.get(dep);
      const s = e?.summary as DescriptorSummary | undefined;
      if (!s || !Array.isArray(s.components)) continue;
      for (const c of s.components) {
        if (!c.type) continue;
        const r = index.resolveType(c.type, dep);
        if (r.targets.some((t) => t.path === ctx.doc.path)) {
          // One use outside `references` settles it: nothing to report, and the other dependents'
          // summaries need not be parsed (most resources are in their own assembly's composition).
          if (c.section !== 'references') return;
          sections.add(c.section);
          users.push(`${c.name}`);
        }
      }
    }
    if (sections.size !== 1 || !sections.has('references')) return;
    for (const k of installs) {
      ctx.report({
        code: 'LM089',
        severity: 'information',
        span: k.span,
        message:
          `\`${k.text}\` is never run: this resource is only used under \`references\` ` +
          (`(${[...new Set(users)].join(', ')}), i.e. as an existing instance that LM finds but does not install. ` +
            `External resources should not define Install/Uninstall.`),
      });
    }
  },
};
