/**
 * The VDU of a VduCp (TOSCA352, warning): a connection point of type tosca.nodes.nfv.VduCp (or derived)
 * binds to the VDU it belongs to through its `virtual_binding` requirement, which ETSI GS NFV-SOL 001
 * makes mandatory; a VduCp without one is attached to no VDU. Not reported when the substitution
 * mapping exports the requirement. A warning (the generic TOSCA064 leaves this case to it): whether an
 * orchestrator rejects the package or deploys a port attached to nothing depends on it.
 */
import { chainComplete } from '../values.js';
import { sol001Cite } from './sol001Cite.js';
import type { ToscaRule } from './context.js';
import { sol001NodeTypesKnown } from './sol001Gate.js';

const VDU_CP = 'tosca.nodes.nfv.VduCp';

export const sol001VduCpRule: ToscaRule = {
  codes: ['TOSCA352'],
  when: sol001NodeTypesKnown,
  check(ctx) {
    const types = ctx.model.types;
    // No node type is a VduCp when that type is not known here (`isA` resolves it first): most files.
    if (!types.resolve(VDU_CP, 'node')) return;
    const exported = new Set(
      (ctx.model.summary.topology?.substitution?.requirements ?? [])
        .filter((mp) => mp.target[1]?.name === 'virtual_binding')
        .map((mp) => mp.target[0]!.name),
    );
    for (const n of ctx.model.nodeTemplates.values()) {
      const t = types.resolve(n.type?.name, 'node');
      if (!t || !types.isA(t, VDU_CP) || !chainComplete(ctx, t)) continue;
      if (n.copy || n.requirements.some((r) => r.name === 'virtual_binding') || exported.has(n.name)) continue;
      const vdus = [...ctx.model.nodeTemplates.values()]
        .filter((x) => {
          const xt = types.resolve(x.type?.name, 'node');
          return xt && types.isA(xt, 'tosca.nodes.nfv.Vdu.Compute');
        })
        .map((x) => `\`${x.name}\``);
      ctx.report({
        code: 'TOSCA352',
        severity: 'warning',
        span: n.keySpan,
        message:
          `VduCp \`${n.name}\` has no \`virtual_binding\`: a VduCp is the connection point of one VDU and names it ` +
          `in this mandatory requirement (${sol001Cite(ctx, VDU_CP)}). Add \`- virtual_binding: <VDU>\`` +
          (vdus.length ? ` (VDUs here: ${vdus.slice(0, 5).join(', ')}).` : '.'),
      });
    }
  },
};
