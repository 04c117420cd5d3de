/**
 * Protocol data of an ETSI GS NFV-SOL 001 virtual link (TOSCA354, warning). On a node derived from
 * tosca.nodes.nfv.VnfVirtualLink, each `vl_profile.virtual_link_protocol_data` entry
 * (tosca.datatypes.nfv.VirtualLinkProtocolData) names in `associated_layer_protocol` one of the
 * protocols the link gives access to, `connectivity_type.layer_protocols`; its `l3_protocol_data`
 * (tosca.datatypes.nfv.L3ProtocolData) belongs with an IP protocol (ipv4 / ipv6) and its `ip_version`
 * is that protocol. Warnings: Tacker builds the subnet from `l3_protocol_data` whatever the protocol
 * says, so the package deploys; the descriptor contradicts itself all the same.
 */
import { asMap, asSeq, entries, get, getIn, scalarText } from '../../../syntax/tree.js';
import { simpleProfileOnly, type ToscaRule } from './context.js';

const VL = 'tosca.nodes.nfv.VnfVirtualLink';
const IP: readonly string[] = ['ipv4', 'ipv6'];

export const sol001ProtocolDataRule: ToscaRule = {
  codes: ['TOSCA354'],
  when: simpleProfileOnly,
  check(ctx) {
    const types = ctx.model.types;
    for (const n of entries(getIn(ctx.root, 'topology_template', 'node_templates'))) {
      const body = asMap(n.value);
      const t = types.resolve(scalarText(get(body, 'type')), 'node');
      if (!t || !types.isA(t, VL)) continue;
      const props = asMap(get(body, 'properties'));
      const layerSeq = asSeq(getIn(props, 'connectivity_type', 'layer_protocols'));
      const layers = layerSeq?.items.map((it) => scalarText(it));
      // A function or an unknown value anywhere in the list: nothing certain to compare with.
      const known = layers?.every((l) => l !== undefined) ? new Set(layers as string[]) : undefined;
      for (const entry of asSeq(getIn(props, 'vl_profile', 'virtual_link_protocol_data'))?.items ?? []) {
        const e = asMap(entry);
        const protoNode = get(e, 'associated_layer_protocol');
        const proto = scalarText(protoNode);
        if (!protoNode || proto === undefined) continue;
        if (known && !known.has(proto)) {
          ctx.report({
            code: 'TOSCA354',
            severity: 'warning',
            span: protoNode.span,
            message:
              `\`associated_layer_protocol\` \`${proto}\` of virtual link \`${n.key.text}\` is not one of its ` +
              `\`connectivity_type.layer_protocols\` (${[...known].join(', ') || 'none'}). ETSI GS NFV-SOL 001, ` +
              `tosca.datatypes.nfv.VirtualLinkProtocolData: the protocol data is for a protocol the link carries.`,
          });
        }
        const l3 = get(e, 'l3_protocol_data');
        if (!l3) continue;
        if (!IP.includes(proto)) {
          ctx.report({
            code: 'TOSCA354',
            severity: 'warning',
            span: l3.span,
            message:
              `\`l3_protocol_data\` on virtual link \`${n.key.text}\` goes with an IP layer protocol, but ` +
              `\`associated_layer_protocol\` is \`${proto}\`. ETSI GS NFV-SOL 001, ` +
              `tosca.datatypes.nfv.VirtualLinkProtocolData: L3 data is present when the protocol is ipv4 or ipv6.`,
          });
          continue;
        }
        const verNode = get(asMap(l3), 'ip_version');
        const ver = scalarText(verNode);
        if (verNode && ver !== undefined && IP.includes(ver) && ver !== proto) {
          ctx.report({
            code: 'TOSCA354',
            severity: 'warning',
            span: verNode.span,
            message:
              `\`ip_version\` \`${ver}\` of virtual link \`${n.key.text}\` differs from its ` +
              `\`associated_layer_protocol\` \`${proto}\`. ETSI GS NFV-SOL 001, tosca.datatypes.nfv.L3ProtocolData: ` +
              `the IP version of the L3 data is that of the protocol it is given for.`,
          });
        }
      }
    }
  },
};
