/**
 * Hover on the member of a `<component>.<member>` item that the component's descriptor does not
 * declare: there is nothing to jump to, so the hover says so, and where the name is declared instead
 * (a capability written on the requirement side, or the other way round; another component of the
 * assembly), with links. Real descriptors often leave capabilities and requirements undeclared (LM062).
 */
import type { TypedDecl, OperationDecl } from '../../model/lm/summary.js';
import type { Span } from '../../syntax/positions.js';
import { fileLink } from '../shared/locations.js';
import type { FeatureContext } from '../types.js';
import { descriptorOf } from './context.js';
import { collectDottedItems, headComponent, itemAt, memberDecls, type DottedRole } from './dotted.js';
import { componentTarget } from './resolve.js';

const PLURAL: Record<DottedRole, string> = {
  capability: 'capabilities',
  requirement: 'requirements',
  operation: 'operations',
  metric: 'metrics',
};

/** The other side of a relationship item: capabilities and requirements are each other's mirror. */
const MIRROR: Partial<Record<DottedRole, DottedRole>> = { capability: 'requirement', requirement: 'capability' };

export function undeclaredMemberHover(ctx: FeatureContext, offset: number): { md: string; span: Span } | undefined {
  const summary = descriptorOf(ctx);
  if (!summary) return undefined;
  const item = itemAt(collectDottedItems(ctx.doc), offset);
  if (!item?.member?.trim() || !item.memberSpan || offset < item.memberSpan.start) return undefined;
  const t = headComponent(ctx, summary, ctx.doc.root, item);
  const desc = t?.descriptor;
  if (!t || !desc) return undefined;
  const decls = memberDecls(t, item.role);
  if (decls.some((d) => d.name === item.member)) return undefined;
  const name = (p: string) => ctx.index.effectiveName(p) ?? p;
  const at = (p: string, d: TypedDecl | OperationDecl) => `\`${d.name}\` (${fileLink(ctx, p, d.keySpan)})`;
  const lines = [
    `**${item.member}** — not declared as a ${item.role} of \`${name(desc.path)}\` ` +
      `(${fileLink(ctx, desc.path, desc.summary.explicitName?.span)}).`,
  ];
  const where: string[] = [];
  const mirror = MIRROR[item.role];
  const own = mirror ? memberDecls(t, mirror).find((d) => d.name === item.member) : undefined;
  if (own && mirror) where.push(`as a ${mirror} of \`${name(desc.path)}\`: ${at(desc.path, own)}`);
  // Other components of the assembly whose descriptors declare the name, on either side.
  for (const c of summary.components) {
    if (c.name === t.component.name) continue;
    const other = componentTarget(ctx, summary, c.name);
    const od = other?.descriptor;
    if (!other || !od) continue;
    for (const role of [item.role, ...(mirror ? [mirror] : [])]) {
      const d = memberDecls(other, role).find((x) => x.name === item.member);
      if (d) where.push(`as a ${role} of \`${c.name}\` (\`${name(od.path)}\`): ${at(od.path, d)}`);
    }
  }
  if (where.length) lines.push(`Declared ${where.join('; ')}.`);
  else if (decls.length)
    lines.push(
      `\`${name(desc.path)}\` declares ${PLURAL[item.role]}: ${decls.map((d) => `\`${d.name}\``).join(', ')}.`,
    );
  else lines.push(`\`${name(desc.path)}\` declares no ${PLURAL[item.role]}, and no other component declares it.`);
  if (mirror)
    lines.push(
      'A relationship names capabilities of its source (`source-capabilities`) and requirements of its ' +
        'target (`target-requirements`).',
    );
  return { md: lines.join('\n\n'), span: item.memberSpan };
}
