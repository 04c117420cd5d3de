/**
 * Ordering between components (CP4NA "Assembly descriptors" › composition, `upgrade-dependencies`):
 * - LM047 `upgrade-dependencies` entries must be other composition components, without cycles;
 *   the components named should declare `Reconfigure` or `Upgrade` (x-file, warning);
 * - LM036 circular property mappings: A maps `${B.x}` while B (directly, through top-level
 *   properties, or through upgrade-dependencies) depends on A. LM must create or upgrade one
 *   before the other, so such a circle cannot be resolved.
 */
import type { Span } from '../../../syntax/positions.js';
import { asMap, asScalar, asSeq, get, type YScalar } from '../../../syntax/tree.js';
import { componentTarget } from '../resolve.js';
import { replaceWith } from '../../shared/fixData.js';
import type { LmRule, LmRuleContext } from './context.js';
import { didYouMean } from '../../../util/suggest.js';

interface Edge {
  to: string;
  kind: 'mapping' | 'upgrade';
  span: Span;
  /** The reference text, for messages. */
  label: string;
}

/** Components each top-level property's value depends on (through other top-level properties too). */
function topLevelComponents(ctx: LmRuleContext): (prop: string) => Set<string> {
  const direct = new Map<string, { comps: Set<string>; props: Set<string> }>();
  for (const r of ctx.refs()) {
    const path = r.occ.path;
    if (r.occ.scope.kind !== 'top' || path[0] !== 'properties' || typeof path[1] !== 'string') continue;
    const e = direct.get(path[1]) ?? { comps: new Set<string>(), props: new Set<string>() };
    direct.set(path[1], e);
    if (r.root.kind === 'component' && !r.root.via) e.comps.add(r.root.component.name);
    else if (r.root.kind === 'property') e.props.add(r.root.decl.name);
  }
  const memo = new Map<string, Set<string>>();
  const resolve = (prop: string, stack: Set<string>): Set<string> => {
    const m = memo.get(prop);
    if (m) return m;
    const out = new Set<string>();
    const e = direct.get(prop);
    if (e && !stack.has(prop)) {
      stack.add(prop);
      for (const c of e.comps) out.add(c);
      for (const p of e.props) for (const c of resolve(p, stack)) out.add(c);
      stack.delete(prop);
    }
    memo.set(prop, out);
    return out;
  };
  return (prop) => resolve(prop, new Set());
}

/** A path from `from` to `to` in the graph (list of edges), or undefined. */
function findPath(
  graph: Map<string, Edge[]>,
  from: string,
  to: string,
  kinds: readonly Edge['kind'][],
): Edge[] | undefined {
  const prev = new Map<string, { node: string; edge: Edge }>();
  const queue = [from];
  const seen = new Set([from]);
  while (queue.length) {
    const n = queue.shift()!;
    for (const e of graph.get(n) ?? []) {
      if (!kinds.includes(e.kind)) continue;
      if (e.to === to) {
        const path = [e];
        let cur = n;
        while (cur !== from) {
          const p = prev.get(cur)!;
          path.unshift(p.edge);
          cur = p.node;
        }
        return path;
      }
      if (seen.has(e.to)) continue;
      seen.add(e.to);
      prev.set(e.to, { node: n, edge: e });
      queue.push(e.to);
    }
  }
  return undefined;
}

export const dependenciesRule: LmRule = {
  codes: ['LM036', 'LM047'],
  kinds: ['assembly'],
  crossFile: true,
  check(ctx) {
    const root = asMap(ctx.doc.root);
    const composition = asMap(get(root, 'composition'));
    const compNames = composition?.pairs.map((p) => p.key.text) ?? [];
    const refNames = asMap(get(root, 'references'))?.pairs.map((p) => p.key.text) ?? [];
    const graph = new Map<string, Edge[]>();
    const addEdge = (from: string, e: Edge) => {
      const list = graph.get(from) ?? [];
      list.push(e);
      graph.set(from, list);
    };

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
        addEdge(cp.key.text, { to: dep, kind: 'upgrade', span: s.span, label: `upgrade-dependencies: ${dep}` });
      }
    }

    // LM047: cycles made of upgrade dependencies only.
    for (const u of upgradeItems) {
      const back = findPath(graph, u.to, u.from, ['upgrade']);
      if (back) {
        const chain = [u.from, u.to, ...back.map((e) => e.to)].join(' → ');
        ctx.report({
          code: 'LM047',
          severity: 'error',
          span: u.node.span,
          message: `Circular upgrade dependencies (${chain}): LM cannot decide which component to upgrade first.`,
        });
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

    // LM036: mapping edges.
    const viaTop = topLevelComponents(ctx);
    const mappingEdges: { from: string; edge: Edge }[] = [];
    for (const r of ctx.refs()) {
      const scope = r.occ.scope;
      if (scope.kind !== 'component') continue;
      const from = scope.component.name;
      const label = `\${${r.occ.ref.raw}}`;
      let targets: string[] = [];
      if (r.root.kind === 'component' && !r.root.via) targets = [r.root.component.name];
      else if (r.root.kind === 'property') targets = [...viaTop(r.root.decl.name)];
      for (const to of targets) {
        const edge: Edge = { to, kind: 'mapping', span: r.occ.ref.span, label };
        addEdge(from, edge);
        mappingEdges.push({ from, edge });
      }
    }
    const reported = new Set<string>();
    for (const { from, edge } of mappingEdges) {
      const key = `${edge.span.start}:${edge.span.end}`;
      if (reported.has(key)) continue;
      const back = edge.to === from ? [] : findPath(graph, edge.to, from, ['mapping', 'upgrade']);
      if (!back) continue;
      reported.add(key);
      const steps = [
        `${from} maps ${edge.label} from ${edge.to}`,
        ...back.map(
          (e, i) =>
            `${i === 0 ? edge.to : back[i - 1]!.to} ${
              e.kind === 'upgrade' ? `lists ${e.to} in ` + `upgrade-dependencies` : `maps ${e.label} from ${e.to}`
            }`,
        ),
      ];
      ctx.report({
        code: 'LM036',
        severity: 'error',
        span: edge.span,
        message:
          edge.to === from
            ? `Component \`${from}\` maps its own property through ${edge.label}: its value is only known once ` +
              `\`${from}\` exists, so it can never be supplied.`
            : `Circular dependency between components: ${steps.join('; ')}. LM cannot create or upgrade either one ` +
              `first; break the circle.`,
      });
    }
  },
};
