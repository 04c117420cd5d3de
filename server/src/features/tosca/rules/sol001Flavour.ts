/**
 * The deployment flavour of an ETSI GS NFV-SOL 001 VNFD flavour file (TOSCA346, errors): in a file
 * whose `substitution_mappings` substitutes a VNF node type (derived from tosca.nodes.nfv.VNF), the
 * VNF node's `flavour_id` must be a literal (Tacker selects the flavour file by it at onboarding;
 * a function is only resolved at instantiation, in the top-level VNFD), equal to the
 * `flavour_id` the mapping gives; and the file must name its flavour in one of the two places.
 */
import { asMap, entries, get, getIn, scalarText } from '../../../syntax/tree.js';
import { functionNameOf } from '../../../model/tosca/summary.js';
import { sol001Cite } from './sol001Cite.js';
import type { ToscaRule } from './context.js';
import { sol001NodeTypesKnown } from './sol001Gate.js';

const VNF = 'tosca.nodes.nfv.VNF';

export const sol001FlavourRule: ToscaRule = {
  codes: ['TOSCA346'],
  when: sol001NodeTypesKnown,
  check(ctx) {
    const topo = getIn(ctx.root, 'topology_template');
    const mapping = asMap(get(asMap(topo), 'substitution_mappings'));
    const mappedType = scalarText(get(mapping, 'node_type'));
    if (!mapping || !mappedType) return;
    const types = ctx.model.types;
    const isVnf = (name: string | undefined) => {
      const t = name ? types.resolve(name, 'node') : undefined;
      return !!t && [t, ...types.ancestors(t)].some((x) => x.name === VNF);
    };
    if (!isVnf(mappedType)) return;
    const mapped = get(asMap(get(mapping, 'properties')), 'flavour_id');
    // `properties: { flavour_id: simple }` (a value) or the 1.2 list form `[ simple ]`.
    const mappedValue = mapped?.kind === 'seq' && mapped.items.length === 1 ? mapped.items[0]! : mapped;
    const mappedId = mappedValue?.kind === 'scalar' ? scalarText(mappedValue) : undefined;
    const vnfNodes = entries(get(asMap(topo), 'node_templates')).filter((p) =>
      isVnf(scalarText(get(asMap(p.value), 'type'))),
    );
    if (!mapped && !vnfNodes.some((p) => get(asMap(get(asMap(p.value), 'properties')), 'flavour_id'))) {
      ctx.report({
        code: 'TOSCA346',
        severity: 'error',
        span: get(mapping, 'node_type')!.span,
        message:
          `This flavour file substitutes \`${mappedType}\` but names no flavour: give \`flavour_id\` in ` +
          `\`substitution_mappings.properties\` (or on the VNF node). ` +
          `${sol001Cite(ctx, 'tosca.nodes.nfv.VNF')}: each deployment flavour ` +
          `is a topology template identified by its flavour_id; Tacker rejects the package ("No VNF flavours").`,
      });
    }
    for (const p of vnfNodes) {
      const body = asMap(p.value);
      const idNode = get(asMap(get(body, 'properties')), 'flavour_id');
      if (!idNode) continue;
      const fn = functionNameOf(idNode);
      if (fn) {
        ctx.report({
          code: 'TOSCA346',
          severity: 'error',
          span: idNode.span,
          message:
            `\`flavour_id\` of VNF node \`${p.key.text}\` is a function (\`${fn}\`) in a flavour file: the flavour ` +
            `must be named literally here (` +
            `${sol001Cite(ctx, 'tosca.nodes.nfv.VNF')}, the VNFD of one deployment flavour; Tacker ` +
            `selects the flavour file by this value when it onboards the package).` +
            (mappedId ? ` The substitution mapping gives \`${mappedId}\`.` : ''),
        });
        continue;
      }
      const id = idNode.kind === 'scalar' ? scalarText(idNode) : undefined;
      if (id !== undefined && mappedId !== undefined && id !== mappedId) {
        ctx.report({
          code: 'TOSCA346',
          severity: 'error',
          span: idNode.span,
          message:
            `\`flavour_id\` \`${id}\` of VNF node \`${p.key.text}\` differs from the \`flavour_id\` \`${mappedId}\` ` +
            `of \`substitution_mappings\`: both name the deployment flavour this file describes (` +
            `${sol001Cite(ctx, 'tosca.nodes.nfv.VNF')}).`,
        });
      }
    }
  },
};
