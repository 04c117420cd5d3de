/** Hover and go to definition in behaviour files: to the descriptor, its property, the configuration. */
import { asMap, getPair } from '../../../syntax/tree.js';
import { linkTo, fileLink } from '../../shared/locations.js';
import type { FeatureContext, Hover, LocationLink } from '../../types.js';
import { propertyMarkdown } from '../context.js';
import { descriptorAnchor } from '../hover.js';
import { behaviourTargetAt, type BehaviourTarget } from './target.js';

function markdown(ctx: FeatureContext, t: BehaviourTarget): string | undefined {
  switch (t.kind) {
    case 'descriptor': {
      const r = t.resolution;
      if (r.lmctlError) return `**${t.text}**\n\nCannot be resolved: ${r.lmctlError}.`;
      const head = r.isLmctl ? `**${r.name}** (lmctl resolves \`${t.text}\` to it when it stages the project)` : '';
      const d = r.targets[0];
      if (!d) return `${head || `**${r.name ?? t.text}**`}\n\nNot in this workspace (it may be in the orchestrator).`;
      const rows = [head || `**${r.name}** — ${d.summary.kind} descriptor`];
      if (d.summary.description) rows.push(d.summary.description);
      if (d.summary.properties.length) rows.push(`properties: ${d.summary.properties.map((p) => p.name).join(', ')}`);
      rows.push(fileLink(ctx, d.path, descriptorAnchor(d)));
      return rows.join('\n\n');
    }
    case 'property':
      if (!t.descriptor) return undefined;
      if (!t.decl) return `**${t.name}** — not a property of \`${ctx.index.effectiveName(t.descriptor.path)}\`.`;
      return propertyMarkdown(
        t.decl,
        `property of ${ctx.index.effectiveName(t.descriptor.path) ?? 'the descriptor'} · ` +
          fileLink(ctx, t.descriptor.path, t.decl.keySpan),
      );
    case 'configuration': {
      const c = t.configurations;
      if (!c.length) return `**${t.name}** — no assembly configuration of this project has that name.`;
      const rows = [`**${t.name}** — assembly configuration`];
      const dn = c[0]!.summary.descriptorName;
      if (dn) rows.push(`of \`${dn.text}\``);
      rows.push(c.map((f) => fileLink(ctx, f.path, f.summary.name?.span)).join(' · '));
      return rows.join('\n\n');
    }
  }
}

/** `projectId`: what lmctl writes there whatever the file says (its behaviour mutators). */
function projectIdHover(ctx: FeatureContext, offset: number): Hover | undefined {
  const pair = getPair(asMap(ctx.doc.root), 'projectId');
  if (!pair) return undefined;
  const span = { start: pair.key.span.start, end: pair.value?.span.end ?? pair.key.span.end };
  if (offset < span.start || offset > span.end) return undefined;
  const name = ctx.index.projectContext(ctx.doc.path)?.derivedName;
  const md =
    '**projectId** — the behaviour project this file belongs to. lmctl replaces it, whatever is written here, ' +
    `with the descriptor name of the (sub)project holding the \`Behaviour\` folder${name ? `: \`${name}\`` : ''}.`;
  return { contents: { kind: 'markdown', value: md }, range: ctx.doc.lines.rangeOf(span) };
}

export function behaviourHover(ctx: FeatureContext, offset: number): Hover | undefined {
  const id = projectIdHover(ctx, offset);
  if (id) return id;
  const t = behaviourTargetAt(ctx, offset);
  const md = t && markdown(ctx, t);
  return t && md ? { contents: { kind: 'markdown', value: md }, range: ctx.doc.lines.rangeOf(t.span) } : undefined;
}

export function behaviourDefinition(ctx: FeatureContext, offset: number): LocationLink[] {
  const t = behaviourTargetAt(ctx, offset);
  if (!t) return [];
  const origin = ctx.doc.lines.rangeOf(t.span);
  switch (t.kind) {
    case 'descriptor':
      return t.resolution.targets.flatMap((d) => {
        const a = descriptorAnchor(d);
        return linkTo(ctx, origin, d.path, a, a);
      });
    case 'property':
      return t.descriptor && t.decl ? linkTo(ctx, origin, t.descriptor.path, t.decl.span, t.decl.keySpan) : [];
    case 'configuration':
      return t.declaration
        ? []
        : t.configurations.flatMap((f) => (f.summary.name ? linkTo(ctx, origin, f.path, f.summary.name.span) : []));
  }
}
