/**
 * Protocol data of an ETSI GS NFV-SOL 001 virtual link (TOSCA354, warning). On a node derived from
 * tosca.nodes.nfv.VnfVirtualLink or (NsVlProfile of 3.x and later) tosca.nodes.nfv.NsVirtualLink, each
 * `vl_profile.virtual_link_protocol_data` entry
 * (tosca.datatypes.nfv.VirtualLinkProtocolData) names in `associated_layer_protocol` one of the
 * protocols the link gives access to, `connectivity_type.layer_protocols`; its `l3_protocol_data`
 * (tosca.datatypes.nfv.L3ProtocolData) belongs with an IP protocol (ipv4 / ipv6) and its `ip_version`
 * is that protocol. Warnings: Tacker builds the subnet from `l3_protocol_data` whatever the protocol
 * says, so the package deploys; the descriptor contradicts itself all the same.
 * Also TOSCA356 (warning), addresses of another IP family than `ip_version`, and TOSCA357 (hint), L2 data
 * for a protocol that is not layer 2 on a link without any (SOL001 says absent; Tacker's samples do it).
 */
import { asMap, asSeq, entries, get, getIn, getPair, scalarText, type YMap, type YNode } from '../../../syntax/tree.js';
import { sol001Cite } from './sol001Cite.js';
import type { ToscaRule, ToscaRuleContext } from './context.js';
import { sol001NodeTypesKnown } from './sol001Gate.js';

const LINKS = ['tosca.nodes.nfv.VnfVirtualLink', 'tosca.nodes.nfv.NsVirtualLink'];
const IP: readonly string[] = ['ipv4', 'ipv6'];
/** The layer-2 protocols of VirtualLinkProtocolData's `associated_layer_protocol`. */
const L2: readonly string[] = ['ethernet', 'mpls', 'odu2', 'pseudo-wire'];

export const sol001ProtocolDataRule: ToscaRule = {
  codes: ['TOSCA354', 'TOSCA356', 'TOSCA357'],
  when: sol001NodeTypesKnown,
  check(ctx) {
    const types = ctx.model.types;
    // No node type is a link when the link types are not known here (`isA` resolves them first): most files.
    if (!LINKS.some((l) => types.resolve(l, 'node'))) return;
    for (const n of entries(getIn(ctx.root, 'topology_template', 'node_templates'))) {
      const body = asMap(n.value);
      const t = types.resolve(scalarText(get(body, 'type')), 'node');
      if (!t || !LINKS.some((l) => types.isA(t, l))) continue;
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
              `\`connectivity_type.layer_protocols\` (${[...known].join(', ') || 'none'}). ` +
              `${sol001Cite(ctx, 'tosca.datatypes.nfv.VirtualLinkProtocolData', 'data')}` +
              `: the protocol data is for a protocol the link carries.`,
          });
        }
        const l2 = getPair(e, 'l2_protocol_data');
        if (l2 && !L2.includes(proto) && !(known && L2.some((p) => known.has(p)))) {
          ctx.report({
            code: 'TOSCA357',
            severity: 'hint',
            span: l2.key.span,
            message:
              `\`l2_protocol_data\` on virtual link \`${n.key.text}\` is given for \`${proto}\`, and the link ` +
              `carries no layer-2 protocol (ethernet, mpls, odu2, pseudo-wire). ` +
              `${sol001Cite(ctx, 'tosca.datatypes.nfv.VirtualLinkProtocolData', 'data')}` +
              `: L2 data is present for an L2 protocol and absent ` +
              `otherwise. Tacker reads \`network_type\` from it whatever the protocol, so its samples do this; ` +
              `for SOL001, add \`ethernet\` to \`layer_protocols\` and give the L2 data in an \`ethernet\` entry.`,
          });
        }
        const l3 = get(e, 'l3_protocol_data');
        if (!l3) continue;
        checkAddressFamily(ctx, n.key.text, asMap(l3));
        if (!IP.includes(proto)) {
          ctx.report({
            code: 'TOSCA354',
            severity: 'warning',
            span: l3.span,
            message:
              `\`l3_protocol_data\` on virtual link \`${n.key.text}\` goes with an IP layer protocol, but ` +
              `\`associated_layer_protocol\` is \`${proto}\`. ` +
              `${sol001Cite(ctx, 'tosca.datatypes.nfv.VirtualLinkProtocolData', 'data')}` +
              `: L3 data is present when the protocol is ipv4 or ipv6.`,
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
              `\`associated_layer_protocol\` \`${proto}\`. ` +
              `${sol001Cite(ctx, 'tosca.datatypes.nfv.L', 'data')}3ProtocolData: ` +
              `the IP version of the L3 data is that of the protocol it is given for.`,
          });
        }
      }
    }
  },
};

/** The IP family a literal address or CIDR is written in, if it is one. */
function familyOf(text: string): 'ipv4' | 'ipv6' | undefined {
  const addr = text.replace(/\/\d+$/, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(addr)) return 'ipv4';
  if (addr.includes(':') && /^[0-9a-f:.]+$/i.test(addr)) return 'ipv6';
  return undefined;
}

/**
 * TOSCA356: the addresses of an L3ProtocolData (`cidr`, `gateway_ip`, `ip_allocation_pools` start and
 * end) in the family its `ip_version` names: a VIM refuses an IPv6 subnet with an IPv4 CIDR.
 */
function checkAddressFamily(ctx: ToscaRuleContext, link: string, l3: YMap | null): void {
  const ver = scalarText(get(l3, 'ip_version'));
  if (ver === undefined || !IP.includes(ver)) return;
  const fields: { node: YNode; what: string }[] = [];
  for (const key of ['cidr', 'gateway_ip']) {
    const node = get(l3, key);
    if (node) fields.push({ node, what: `\`${key}\`` });
  }
  for (const pool of asSeq(get(l3, 'ip_allocation_pools'))?.items ?? [])
    for (const key of ['start_ip_address', 'end_ip_address']) {
      const node = get(asMap(pool), key);
      if (node) fields.push({ node, what: `\`ip_allocation_pools\` \`${key}\`` });
    }
  for (const { node, what } of fields) {
    const text = scalarText(node);
    const family = text === undefined ? undefined : familyOf(text.trim());
    if (!family || family === ver) continue;
    ctx.report({
      code: 'TOSCA356',
      severity: 'warning',
      span: node.span,
      message:
        `${what} \`${text}\` of virtual link \`${link}\` is an ${family} address, but \`ip_version\` is ` +
        `\`${ver}\`. ` +
        `${sol001Cite(ctx, 'tosca.datatypes.nfv.L', 'data')}3ProtocolData: the addresses are of the IP ` +
        `version given; the VIM refuses to create such a subnet.`,
    });
  }
}
