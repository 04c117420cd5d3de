/**
 * Targets of ETSI GS NFV-SOL 001 policies (TOSCA351, error): each target of a `tosca.policies.nfv.*`
 * policy is a node template or group of a type its policy type lists in `targets:` (taken from the type
 * chain of the SOL001 catalog or the package's type file, not from a list of our own), e.g.
 * VduInstantiationLevels → tosca.nodes.nfv.Vdu.Compute, SecurityGroupRule → VduCp / VnfExtCp. Policy types
 * without `targets:` (ScalingAspects, InstantiationLevels) are not concerned. Targets that are no template
 * at all are TOSCA065; a target whose type chain is not fully known is left alone.
 */
import type { ToscaType } from '../../../model/tosca/typeTable.js';
import { chainComplete } from '../values.js';
import { sol001Cite } from './sol001Cite.js';
import { simpleProfileOnly, type ToscaRule } from './context.js';

const NFV = 'tosca.policies.nfv.';

export const sol001PolicyTargetsRule: ToscaRule = {
  codes: ['TOSCA351'],
  when: simpleProfileOnly,
  check(ctx) {
    const types = ctx.model.types;
    for (const pol of ctx.model.policies.values()) {
      const t = types.resolve(pol.type?.name, 'policy');
      if (!t || !pol.targets.length) continue;
      const chain = [t, ...types.ancestors(t)];
      const nfv = chain.find((x) => x.name.startsWith(NFV));
      const allowed = chain.find((x) => x.body.targets?.length)?.body.targets;
      if (!nfv || !allowed) continue;
      for (const tg of pol.targets) {
        const node = ctx.model.nodeTemplates.get(tg.name);
        const group = node ? undefined : ctx.model.groups.get(tg.name);
        const kind = node ? 'node' : 'group';
        const tt: ToscaType | undefined = types.resolve((node ?? group)?.type?.name, kind);
        if (!tt || !chainComplete(ctx, tt)) continue;
        const bases = allowed.flatMap((a) => types.resolve(a, kind) ?? []);
        if (bases.some((b) => types.isA(tt, b))) continue;
        // An allowed name we cannot resolve might be the target's base: say nothing.
        if (allowed.some((a) => !types.resolve(a, 'node') && !types.resolve(a, 'group'))) continue;
        ctx.report({
          code: 'TOSCA351',
          severity: 'error',
          span: tg.span,
          message:
            `Target \`${tg.name}\` of policy \`${pol.name}\` is a \`${tt.name}\`, but a \`${t.name}\` policy ` +
            `applies to ${allowed.map((a) => `\`${a}\``).join(', ')} (the targets of its type, ` +
            `${sol001Cite(ctx, nfv.name, 'policy')}). Target a template of one of those types.`,
        });
      }
    }
  },
};
