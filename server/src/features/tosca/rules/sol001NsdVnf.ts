/**
 * The VNFs of an ETSI GS NFV-SOL 001 NSD (TOSCA353, warning). In an NSD (a topology substituting a type
 * derived from tosca.nodes.nfv.NS, or holding an NS node), each VNF node (a type derived from
 * tosca.nodes.nfv.VNF) names the VNFD it uses and the deployment flavour of it: `descriptor_id` and
 * `flavour_id`, literal values, since the NFVO finds the VNFD and its flavour by them when it onboards the
 * NSD, before any input is known. A missing property that its type makes required is TOSCA060 already.
 */
import { chainComplete } from '../values.js';
import type { TNodeTemplate } from '../../../model/tosca/summary.js';
import { sol001Cite } from './sol001Cite.js';
import type { ToscaRule, ToscaRuleContext } from './context.js';
import { sol001NodeTypesKnown } from './sol001Gate.js';

const VNF = 'tosca.nodes.nfv.VNF';
const NS = 'tosca.nodes.nfv.NS';
const NAMES = ['descriptor_id', 'flavour_id'] as const;

/** The VNF node templates of an NSD (a topology substituting an NS type, or holding an NS node); else undefined. */
export function nsdVnfNodes(ctx: ToscaRuleContext): TNodeTemplate[] | undefined {
  const types = ctx.model.types;
  // No node type is an NS when the NS type is not known here (`isA` resolves it first): most files.
  if (!types.resolve(NS, 'node')) return undefined;
  const typeOf = (name: string | undefined) => types.resolve(name, 'node');
  const mapped = typeOf(ctx.model.summary.topology?.substitution?.nodeType?.name);
  const templates = [...ctx.model.nodeTemplates.values()];
  const isNs =
    (mapped && types.isA(mapped, NS)) ||
    templates.some((n) => {
      const t = typeOf(n.type?.name);
      return !!t && types.isA(t, NS);
    });
  if (!isNs) return undefined;
  return templates.filter((n) => {
    const t = typeOf(n.type?.name);
    return !!t && types.isA(t, VNF) && !n.copy;
  });
}

export const sol001NsdVnfRule: ToscaRule = {
  codes: ['TOSCA353'],
  when: sol001NodeTypesKnown,
  check(ctx) {
    const types = ctx.model.types;
    for (const n of nsdVnfNodes(ctx) ?? []) {
      const t = types.resolve(n.type?.name, 'node')!;
      const defs = types.properties(t);
      for (const name of NAMES) {
        const a = n.properties.find((p) => p.name === name);
        if (a && !a.func) continue;
        if (!a && defs.get(name)?.required !== false && chainComplete(ctx, t)) continue; // TOSCA060
        ctx.report({
          code: 'TOSCA353',
          severity: 'warning',
          span: a?.valueSpan ?? n.keySpan,
          message:
            (a
              ? `\`${name}\` of VNF node \`${n.name}\` is a function (\`${a.func}\`)`
              : `VNF node \`${n.name}\` gives no \`${name}\``) +
            `: in an NSD, a VNF node names the VNFD it uses (\`descriptor_id\`) and its deployment flavour ` +
            `(\`flavour_id\`) literally, as the NFVO resolves them when it onboards the NSD ` +
            `(${sol001Cite(ctx, VNF)}).`,
        });
      }
    }
  },
};
