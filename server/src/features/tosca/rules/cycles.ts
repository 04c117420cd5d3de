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
import { topologyGraph, loopsOf, type GraphEdge } from '../../../model/tosca/graph.js';
import { ampDialect, simpleProfileOnly, type ToscaRule } from './context.js';

const ORDERING: ReadonlySet<string> = new Set(['HostedOn', 'DependsOn']);

export const cyclesRule: ToscaRule = {
  codes: ['TOSCA104'],
  when: simpleProfileOnly,
  check(ctx) {
    const graph = topologyGraph(ctx.model);
    if (!graph.edges.length) return;
    const amp = ampDialect(ctx);
    const include = (e: GraphEdge) => ORDERING.has(e.kind);
    for (const { edge, loop } of loopsOf(graph, include)) {
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
