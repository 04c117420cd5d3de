/**
 * Ordering between components (CP4NA "Assembly descriptors" › composition, `upgrade-dependencies`,
 * relationships):
 * - LM047 `upgrade-dependencies` entries must be other composition components, without cycles;
 *   the components named should declare `Reconfigure` or `Upgrade` (x-file, warning);
 * - LM036 circular property mappings: A maps `${B.x}` while B (directly, through top-level
 *   properties, or through upgrade-dependencies) depends on A. LM must create or upgrade one
 *   before the other, so such a circle cannot be resolved;
 * - LM071 components that wait on each other through relationships (and mappings) at states that
 *   can never be reached.
 * The loops come from the assembly's dependency graph (../dependencyGraph.ts), the one the
 * deployment plan is ordered by: one finding on each edge of a loop, the loop spelled out.
 */
import { asMap, asScalar, asSeq, get, type YScalar } from '../../../syntax/tree.js';
import { componentTarget } from '../resolve.js';
import { replaceWith } from '../../shared/fixData.js';
import type { LmRule } from './context.js';
import { didYouMean } from '../../../util/suggest.js';
import { assemblyGraph, loopCode, loopMessage } from '../dependencyGraph.js';

export const dependenciesRule: LmRule = {
  codes: ['LM036', 'LM047', 'LM071'],
  kinds: ['assembly'],
  crossFile: true,
  check(ctx) {
    const root = asMap(ctx.doc.root);
    const composition = asMap(get(root, 'composition'));
    const compNames = composition?.pairs.map((p) => p.key.text) ?? [];
    const refNames = asMap(get(root, 'references'))?.pairs.map((p) => p.key.text) ?? [];

    // LM047: names, self references; upgrade edges.
    const upgradeItems: { from: string; to: string; node: YScalar }[] = [];
    for (const cp of composition?.pairs ?? []) {
      const deps = asSeq(get(asMap(cp.value), 'upgrade-dependencies'));
      for (const it of deps?.items ?? []) {
        const s = asScalar(it);
        if (!s || s.value === null) continue;
        const dep = s.text.trim();
        if (dep === cp.key.text) {
          ctx.report({
            code: 'LM047',
            severity: 'error',
            span: s.span,
            message: `Component \`${dep}\` cannot be its own upgrade dependency.`,
          });
          continue;
        }
        if (!compNames.includes(dep)) {
          const sugg = didYouMean(
            dep,
            compNames.filter((n) => n !== cp.key.text),
          );
          ctx.report({
            code: 'LM047',
            severity: 'error',
            span: s.span,
            message: refNames.includes(dep)
              ? `\`${dep}\` is a reference: LM does not manage it, so it cannot be upgraded first. Only components ` +
                `of this composition can be upgrade dependencies.`
              : `\`${dep}\` is not a component of this composition.${sugg ? ` Did you mean \`${sugg}\`?` : ''}`,
            ...replaceWith(!refNames.includes(dep) ? sugg : undefined),
          });
          continue;
        }
        upgradeItems.push({ from: cp.key.text, to: dep, node: s });
      }
    }

    // LM047: targets should have Reconfigure or Upgrade.
    for (const u of upgradeItems) {
      const t = componentTarget(ctx.feature, ctx.summary, u.to);
      const d = t?.descriptor;
      if (!d || d.summary.kind !== 'resource') continue;
      const tr = d.summary.transitions.map((x) => x.name);
      if (tr.includes('Reconfigure') || tr.includes('Upgrade')) continue;
      const descName = ctx.feature.index.effectiveName(d.path) ?? d.path;
      ctx.report({
        code: 'LM047',
        severity: 'warning',
        span: u.node.span,
        message:
          `\`${u.to}\` (\`${descName}\`) declares neither \`Reconfigure\` nor \`Upgrade\` in its lifecycle, ` +
          `so there is nothing to run before \`${u.from}\`. Add one of them to its descriptor.`,
      });
    }

    // LM036, LM047, LM071: loops of the dependency graph.
    const graph = assemblyGraph(ctx.feature, ctx.summary, ctx.refs());
    const reported = new Set<string>();
    for (const l of graph.loops) {
      const code = loopCode(l);
      const key = `${code}:${l.edge.span.start}:${l.edge.span.end}`;
      if (reported.has(key)) continue;
      reported.add(key);
      ctx.report({ code, severity: 'error', span: l.edge.span, message: loopMessage(l) });
    }
  },
};
