/** Hover: resolved references, component types and relationship items, with where they come from. */
import type { DescriptorEntry } from '../../index/workspace.js';
import type { Span } from '../../syntax/positions.js';
import { propertyMarkdown } from './context.js';
import { fileLink } from '../shared/locations.js';
import { targetAt } from './targets.js';
import { grammarHover } from './grammarFeatures.js';
import { undeclaredMemberHover } from './memberHover.js';
import { cursorAt } from '../../syntax/cursor.js';
import type { FeatureContext, Hover } from '../types.js';

const BUILTINS: Record<string, string> = {
  instance: '**instance** — the instance LM creates from this descriptor. Members: `name`, `id`, `index`.',
  'instance.name': '**instance.name** — the name LM gives this instance; handy for unique server or resource names.',
  'instance.id': '**instance.id** — the identifier LM assigns to this instance.',
  'instance.index': '**instance.index** — the position of this instance in its cluster or group (from 0).',
  deploymentLocation:
    '**deploymentLocation** — the location (VIM, cluster) LM places this component in; LM passes it to every ' +
    "component, so the component's descriptor need not declare it. Usually mapped from the assembly's own: " +
    '`value: ${deploymentLocation}`.',
  resourceManager:
    '**resourceManager** — the resource manager LM asks to run this component (`brent` in Stratoss LM 2.x); LM ' +
    "passes it to every component, so the component's descriptor need not declare it. Usually mapped from the " +
    "assembly's own: `value: ${resourceManager}`.",
};

/** Where to land in a descriptor file: its `name:` line, else the start. */
export function descriptorAnchor(d: DescriptorEntry): Span {
  return d.summary.explicitName?.span ?? { start: 0, end: 0 };
}

export function hover(ctx: FeatureContext, offset: number): Hover | undefined {
  const t = targetAt(ctx, offset);
  if (!t) {
    const u = undeclaredMemberHover(ctx, offset);
    if (u) return { contents: { kind: 'markdown', value: u.md }, range: ctx.doc.lines.rangeOf(u.span) };
    const g = grammarHover(ctx, cursorAt(ctx.doc.lines, ctx.doc.root, offset), offset);
    return g
      ? { contents: { kind: 'markdown', value: g.md }, range: ctx.doc.lines.rangeOf({ start: g.start, end: g.end }) }
      : undefined;
  }
  const range = ctx.doc.lines.rangeOf(t.origin);
  // File paths are links that open the file at the declaration.
  const link = (p: string, span?: Span) => fileLink(ctx, p, span);
  let md: string;
  switch (t.kind) {
    case 'property':
      md = propertyMarkdown(
        t.decl,
        t.path === ctx.doc.path
          ? (t.owner ?? 'top-level property of this descriptor')
          : `declared in \`${t.owner}\` (${link(t.path, t.decl.keySpan)})`,
      );
      break;
    case 'component': {
      const c = t.component;
      const lines = [
        `**${c.name}** — ${c.section === 'references' ? 'reference' : 'component'} of type \`${c.type ?? '?'}\``,
      ];
      if (c.cluster) lines.push('clustered (scalable)');
      if (t.descriptor) {
        if (t.descriptor.summary.description) lines.push(t.descriptor.summary.description);
        lines.push(link(t.descriptor.path, descriptorAnchor(t.descriptor)));
      }
      md = lines.join('\n\n');
      break;
    }
    case 'descriptor': {
      if (t.lmctlError) {
        md = `**${t.typeText}**\n\nCannot be resolved: ${t.lmctlError}.`;
        break;
      }
      const d = t.descriptors[0];
      if (!d) {
        md = `**${t.name ?? t.typeText}**\n\nNot in this workspace (it may be in the orchestrator's catalog).`;
        break;
      }
      const s = d.summary;
      const lines = [`**${t.name ?? t.typeText}** — ${s.kind} descriptor`];
      if (s.description) lines.push(s.description);
      const facts: string[] = [];
      if (s.properties.length) facts.push(`${s.properties.length} properties`);
      if (s.operations.length) facts.push(`operations: ${s.operations.map((o) => o.name).join(', ')}`);
      if (s.capabilities.length) facts.push(`capabilities: ${s.capabilities.map((o) => o.name).join(', ')}`);
      if (s.requirements.length) facts.push(`requirements: ${s.requirements.map((o) => o.name).join(', ')}`);
      if (facts.length) lines.push(facts.join(' · '));
      lines.push(link(d.path, descriptorAnchor(d)));
      md = lines.join('\n\n');
      break;
    }
    case 'member': {
      const d = t.decl;
      const lines = [
        `**${d.name}** — ${t.role} of ` +
          `\`${ctx.index.effectiveName(t.descriptor.path) ?? '?'}\`${
            'type' in d && d.type ? ` (type ` + `\`${d.type}\`)` : ''
          }`,
      ];
      if ('description' in d && d.description) lines.push(d.description);
      if ('properties' in d && d.properties.length)
        lines.push(`properties: ${d.properties.map((p) => p.name).join(', ')}`);
      lines.push(link(t.descriptor.path, d.keySpan));
      md = lines.join('\n\n');
      break;
    }
    case 'builtin':
      md = BUILTINS[t.name] ?? `**${t.name}**`;
      break;
    case 'feeds': {
      const head = `**${t.property}** — property of relationship \`${t.relationship}\``;
      const rows = t.fed.map((f) => {
        const type = f.decl.type ? `\`${f.decl.type}\` ` : '';
        const about = f.decl.description ? ` — ${f.decl.description}` : '';
        return `- \`${f.component}.${f.operation}\`: ${type}${link(f.path, f.decl.keySpan)}${about}`;
      });
      md = rows.length
        ? `${head}, passed to the operations its lifecycle runs:\n\n${rows.join('\n')}`
        : `${head}; no operation its lifecycle runs declares a property of that name.`;
      break;
    }
  }
  return { contents: { kind: 'markdown', value: md }, range };
}
