/**
 * The VNF node of a top-level ETSI GS NFV-SOL 001 VNFD without properties of its own (TOSCA370, warning).
 * TOSCA lets a node template take every property from its type's defaults, so such a VNFD is valid; but
 * Tacker, the main open-source VNFM, reads the VNF's identity (`descriptor_id`, `provider`, `product_name`,
 * `software_version`, …) from the node template itself and refuses the package at onboarding ("VNF
 * properties are mandatory"). A warning, not an error: the standard allows it, one major VNFM does not.
 * Flavour files (a `substitution_mappings` of the VNF type) are left alone: there the node stands for the
 * VNF the top-level file describes.
 */
import { asMap, entries, get, getIn, scalarText } from '../../../syntax/tree.js';
import { sol001Cite } from './sol001Cite.js';
import type { ToscaRule } from './context.js';
import { sol001NodeTypesKnown } from './sol001Gate.js';

const VNF = 'tosca.nodes.nfv.VNF';

export const sol001VnfPropertiesRule: ToscaRule = {
  codes: ['TOSCA370'],
  when: sol001NodeTypesKnown,
  check(ctx) {
    const topo = asMap(getIn(ctx.root, 'topology_template'));
    if (!topo || get(topo, 'substitution_mappings')) return;
    const types = ctx.model.types;
    // Every type of the table is known by its own name (TypeTable), so when the VNF type does not resolve here
    // no node's chain holds it: most files.
    if (!types.resolve(VNF, 'node')) return;
    for (const p of entries(get(topo, 'node_templates'))) {
      const body = asMap(p.value);
      const typeName = scalarText(get(body, 'type'));
      const t = typeName ? types.resolve(typeName, 'node') : undefined;
      if (!t || ![t, ...types.ancestors(t)].some((x) => x.name === VNF)) continue;
      const props = get(body, 'properties');
      const map = asMap(props);
      if (map && map.pairs.length > 0) continue;
      if (props && !map) continue; // a list or a function: not ours to judge here
      ctx.report({
        code: 'TOSCA370',
        severity: 'warning',
        span: props ? props.span : p.key.span,
        message:
          `VNF node \`${p.key.text}\` sets no properties of its own: TOSCA takes them from the defaults of ` +
          `\`${typeName}\`, but Tacker reads \`descriptor_id\`, \`provider\`, \`product_name\`, \`software_version\` ` +
          `and the other VNF properties from the node template and refuses the package ("VNF properties are ` +
          `mandatory"). Set them on the node (${sol001Cite(ctx, 'tosca.nodes.nfv.VNF')}).`,
      });
    }
  },
};
