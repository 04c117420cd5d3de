/**
 * TOSCA104: node templates whose HostedOn / DependsOn requirements (relationship types derived
 * from them included) form a loop. An orchestrator deploys the target of such a requirement before
 * its source (TOSCA Simple Profile in YAML 1.2 §7.2), so no node of the loop can go first; a node
 * hosted on itself through others cannot exist at all. One finding per requirement of the loop,
 * the loop spelled out. ConnectsTo is left out: it connects two nodes once both are started.
 *
 * A loop with a HostedOn requirement is an error. A loop of DependsOn requirements only is a
 * warning (judgement): processors that follow the spec's ordering cannot deploy it (the Cloudnet
 * TOSCA toolbox reports such a loop as a warning), but Cloudsoft AMP does not order DependsOn
 * ("DependsOn by itself does not imply any happens-before relationship", its "TOSCA: Additional
 * Topics") and deploys interdependent services concurrently; under the `amp` dialect it is not
 * reported at all.
 */
import { isOnce, memoKey, revalidated } from '../../../model/document.js';
import { topologyGraph, loopsOf, type GraphEdge, type TopologyGraph } from '../../../model/tosca/graph.js';
import { ampDialect, simpleProfileOnly, type ToscaRule, type ToscaRuleContext } from './context.js';

const ORDERING: ReadonlySet<string> = new Set(['HostedOn', 'DependsOn']);
const include = (e: GraphEdge) => ORDERING.has(e.kind);

/** The loops of a version, as indexes into its graph's edges, and the shape of the graph they were found in. */
interface Loops {
  shape: string;
  loops: { edge: number; loop: number[] }[];
}

/** Exported for the test that holds the carry to a fresh search (test/features/toscaLoopsCarry.test.ts). */
export const LOOPS = memoKey<Loops>('tosca.cycles.loops');

/**
 * The HostedOn / DependsOn loops of the document's topology. Which edges form a loop follows from the node templates
 * and each edge's ends and kind alone: a keystroke that leaves that shape as it was (a property typed, a requirement's
 * span moved) takes the version before's loops over, by edge index, instead of searching the graph again; the
 * findings are written from this version's edges.
 */
function loopsIn(ctx: ToscaRuleContext, graph: TopologyGraph): { edge: GraphEdge; loop: GraphEdge[] }[] {
  const edges = graph.edges;
  // A model checked once (the workspace pass, the checker) keeps nothing for a next version.
  if (isOnce(ctx.doc)) return loopsOf(graph, include);
  let shape = graph.nodes.join('\n') + '\n';
  for (const e of edges) shape += `\n${e.source}\t${e.target}\t${e.kind}`;
  // Asked on every check, not once per version: an edge's kind follows from the relationship types, and a version is
  // checked again with the same text when a file it imports changes them.
  const { loops } = revalidated(
    ctx.doc,
    LOOPS,
    (own) => own.shape === shape,
    () => {
      const index = new Map(edges.map((e, i) => [e, i] as const));
      const found = loopsOf(graph, include).map((l) => ({
        edge: index.get(l.edge)!,
        loop: l.loop.map((e) => index.get(e)!),
      }));
      return { shape, loops: found };
    },
  );
  return loops.map((l) => ({ edge: edges[l.edge]!, loop: l.loop.map((i) => edges[i]!) }));
}

export const cyclesRule: ToscaRule = {
  codes: ['TOSCA104'],
  when: simpleProfileOnly,
  check(ctx) {
    const graph = topologyGraph(ctx.model);
    if (!graph.edges.length) return;
    const amp = ampDialect(ctx);
    for (const { edge, loop } of loopsIn(ctx, graph)) {
      const hosting = loop.some((e) => e.kind === 'HostedOn');
      if (amp && !hosting) continue;
      const path = [...loop.map((e) => `\`${e.source}\``), `\`${loop[0]!.source}\``].join(' → ');
      const hosted = loop.every((e) => e.kind === 'HostedOn');
      ctx.report({
        code: 'TOSCA104',
        severity: hosting ? 'error' : 'warning',
        span: edge.keySpan,
        message:
          `Requirement \`${edge.requirement}\` (${edge.kind}) of \`${edge.source}\` closes a loop: ${path}. ` +
          (hosted
            ? 'A node template hosted on itself through others cannot be deployed.'
            : hosting
              ? 'An orchestrator deploys the target of a HostedOn or DependsOn requirement first, so no node of ' +
                'the loop can be deployed first.'
              : 'Orchestrators that deploy the target of a DependsOn requirement first cannot deploy this loop ' +
                '(Cloudsoft AMP runs DependsOn nodes concurrently, so this is a warning).') +
          (edge.relationshipType && edge.relationshipType !== `tosca.relationships.${edge.kind}`
            ? ` (\`${edge.relationshipType}\` derives from ${edge.kind}.)`
            : ''),
      });
    }
  },
};
