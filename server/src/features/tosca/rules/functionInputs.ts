/**
 * What the function rule's findings for one section entry read besides the entry's own text (functions.ts keeps them
 * per region, features/shared/regions.ts), as one string. A call's scope and entities come from the model by name
 * (model/tosca/scope.ts): the topology's inputs (with their types, for nested names), every node template's type,
 * requirements (HOST walks their targets and relationships), interface operations and artifacts, the relationship
 * templates', groups' and policies' types; the rest is the type table and options (`modelInputs`). Property values of
 * templates are not read, so a value typed in one template leaves the other entries' findings as they were.
 */
import type { TNodeTemplate } from '../../../model/tosca/summary.js';
import type { ToscaRuleContext } from './context.js';
import { modelInputs } from './modelInputs.js';

export function functionInputs(ctx: ToscaRuleContext): string {
  const m = ctx.model;
  const parts = [modelInputs(ctx)];
  for (const [name, i] of m.inputs)
    parts.push(`i${name}\u0001${i.type?.name ?? ''}\u0001${i.entrySchema?.type?.name ?? ''}`);
  for (const [name, n] of m.nodeTemplates) parts.push(`n${name}\u0001${nodeTemplatePart(n)}`);
  for (const [name, r] of m.relationshipTemplates) parts.push(`r${name}\u0001${r.type?.name ?? ''}`);
  for (const [name, g] of m.groups) parts.push(`g${name}\u0001${g.type?.name ?? ''}`);
  for (const [name, p] of m.policies) parts.push(`p${name}\u0001${p.type?.name ?? ''}`);
  return parts.join('\u0000');
}

function nodeTemplatePart(n: TNodeTemplate): string {
  let s = n.type?.name ?? '';
  for (const r of n.requirements)
    s +=
      `\u0002${r.name}\u0003${r.node?.name ?? ''}\u0003${r.relationship?.name ?? ''}` +
      `\u0003${r.relationshipInline ? 1 : 0}\u0003${r.capability?.name ?? ''}`;
  for (const i of n.interfaces) {
    s += `\u0004${i.name}\u0003${i.type?.name ?? ''}`;
    for (const o of i.operations) s += `\u0005${o.name}`;
  }
  for (const a of n.artifacts) s += `\u0006${a.name}\u0003${a.type?.name ?? ''}`;
  return s;
}
