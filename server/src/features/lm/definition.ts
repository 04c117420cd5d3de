/** Go to definition across files: references, component types, capabilities, operations. */
import { descriptorAnchor } from './hover.js';
import { linkTo } from '../shared/locations.js';
import { targetAt } from './targets.js';
import type { FeatureContext, LocationLink } from '../types.js';

export function definition(ctx: FeatureContext, offset: number): LocationLink[] {
  const t = targetAt(ctx, offset);
  if (!t) return [];
  const origin = ctx.doc.lines.rangeOf(t.origin);
  switch (t.kind) {
    case 'property':
      return linkTo(ctx, origin, t.path, t.decl.span, t.decl.keySpan);
    case 'component':
      // On the member-less component: jump to the entry in this file.
      return linkTo(ctx, origin, ctx.doc.path, t.component.span, t.component.keySpan);
    case 'descriptor':
      return t.descriptors.flatMap((d) => {
        const a = descriptorAnchor(d);
        return linkTo(ctx, origin, d.path, a, a);
      });
    case 'member':
      return linkTo(ctx, origin, t.descriptor.path, t.decl.span, t.decl.keySpan);
    case 'feeds':
      return t.fed.flatMap((f) => linkTo(ctx, origin, f.path, f.decl.span, f.decl.keySpan));
    default:
      return [];
  }
}
