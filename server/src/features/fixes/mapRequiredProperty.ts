/** LM048: map a required property of the component's descriptor under the component's `properties`. */
import { topLevelProperties } from '../../model/lm/summary.js';
import type { ComponentFixData } from '../rules/componentMappings.js';
import { action, type Fix } from './fix.js';
import { addComponentProperties } from './propertyInsertion.js';

export const mapRequiredPropertyFix: Fix = {
  codes: ['LM048'],
  build(ctx, d) {
    const data = d.data as ComponentFixData | undefined;
    const prop = data?.properties?.[0];
    if (!data || !prop) return [];
    const summary = ctx.doc.summary;
    // Pass the assembly's own property of the same name down when there is one; else leave the value to fill in.
    const same = summary.kind === 'assembly' && topLevelProperties(summary).some((p) => p.name === prop);
    const edit = addComponentProperties(ctx, data.section, data.component, [
      { name: prop, value: same ? `\${${prop}}` : '' },
    ]);
    return edit ? [action(ctx, d, `Map required property \`${prop}\``, [edit], true)] : [];
  },
};
