/**
 * The VNF node of an ETSI GS NFV-SOL 001 deployment flavour (TOSCA348, TOSCA349). A flavour file is
 * the topology template whose `substitution_mappings` substitutes a VNF node type (derived from
 * tosca.nodes.nfv.VNF): it describes one VNF, so it holds at most one VNF node (TOSCA348, error), and
 * that node is of the substituted type (TOSCA349, warning). A topology holding a VNF node that
 * substitutes a type which is neither a VNF nor an NS type is also TOSCA349: an NSD (tosca.nodes.nfv.NS)
 * holds many VNF nodes and is left alone.
 */
import { asMap, get, getIn, scalarText } from '../../../syntax/tree.js';
import { sol001Cite } from './sol001Cite.js';
import type { ToscaRule } from './context.js';
import { sol001NodeTypesKnown } from './sol001Gate.js';

const VNF = 'tosca.nodes.nfv.VNF';
const NS = 'tosca.nodes.nfv.NS';

export const sol001VnfNodeRule: ToscaRule = {
  codes: ['TOSCA348', 'TOSCA349'],
  when: sol001NodeTypesKnown,
  check(ctx) {
    const mapping = asMap(getIn(ctx.root, 'topology_template', 'substitution_mappings'));
    const mappedNode = get(mapping, 'node_type');
    const types = ctx.model.types;
    const mapped = types.resolve(scalarText(mappedNode), 'node');
    // `isA` is false when its base does not resolve: no VNF node without the VNF type (most files).
    if (!mappedNode || !mapped || !types.resolve(VNF, 'node')) return;
    const vnfNodes = [...ctx.model.nodeTemplates.values()].flatMap((n) => {
      const t = types.resolve(n.type?.name, 'node');
      return t && types.isA(t, VNF) ? [{ n, t }] : [];
    });
    if (vnfNodes.length === 0) return;
    if (!types.isA(mapped, VNF)) {
      if (types.isA(mapped, NS)) return;
      ctx.report({
        code: 'TOSCA349',
        severity: 'warning',
        span: mappedNode.span,
        message:
          `This topology holds the VNF node \`${vnfNodes[0]!.n.name}\` but substitutes \`${mapped.name}\`, ` +
          `which is not derived from \`${VNF}\`: a deployment flavour of a VNFD substitutes the VNF node type ` +
          `(${sol001Cite(ctx, VNF)}); name that type in \`substitution_mappings.node_type\`.`,
      });
      return;
    }
    for (const { n } of vnfNodes.slice(1)) {
      ctx.report({
        code: 'TOSCA348',
        severity: 'error',
        span: n.keySpan,
        message:
          `\`${n.name}\` is a second VNF node in this deployment flavour (the first is ` +
          `\`${vnfNodes[0]!.n.name}\`): a flavour describes one VNF, so its topology holds one node of a type ` +
          `derived from \`${VNF}\` (${sol001Cite(ctx, VNF)}). Move it to its own VNFD.`,
      });
    }
    for (const { n, t } of vnfNodes) {
      if (types.isA(t, mapped) || types.isA(mapped, t)) continue;
      ctx.report({
        code: 'TOSCA349',
        severity: 'warning',
        span: n.type!.span,
        message:
          `VNF node \`${n.name}\` is a \`${t.name}\`, but this flavour substitutes \`${mapped.name}\`: the VNF ` +
          `node of a deployment flavour is of the substituted VNF type (${sol001Cite(ctx, VNF)}); use ` +
          `\`${mapped.name}\` for both.`,
      });
    }
  },
};
