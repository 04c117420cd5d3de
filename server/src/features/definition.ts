/** Go to definition across files: references, component types, capabilities, operations. */
import { descriptorAnchor } from './hover.js';
import { locationOf } from './lm/context.js';
import { targetAt } from './navigation.js';
import type { FeatureContext, LocationLink } from './types.js';
import { toscaDefinition } from './tosca/definition.js';

export function definition(ctx: FeatureContext, offset: number): LocationLink[] {
  if (ctx.doc.kind === 'tosca') return toscaDefinition(ctx, offset);
  const t = targetAt(ctx, offset);
  if (!t) return [];
  const origin = ctx.doc.lines.rangeOf(t.origin);
  const link = (path: string, span: { start: number; end: number }, sel = span): LocationLink[] => {
    const full = locationOf(ctx, path, span);
    const selection = locationOf(ctx, path, sel);
    return full && selection
      ? [
          {
            originSelectionRange: origin,
            targetPath: path,
            targetRange: full.range,
            targetSelectionRange: selection.range,
          },
        ]
      : [];
  };
  switch (t.kind) {
    case 'property':
      return link(t.path, t.decl.span, t.decl.keySpan);
    case 'component':
      // On the member-less component: jump to the entry in this file.
      return link(ctx.doc.path, t.component.span, t.component.keySpan);
    case 'descriptor':
      return t.descriptors.flatMap((d) => {
        const a = descriptorAnchor(d);
        return link(d.path, a, a);
      });
    case 'member':
      return link(t.descriptor.path, t.decl.span, t.decl.keySpan);
    default:
      return [];
  }
}
