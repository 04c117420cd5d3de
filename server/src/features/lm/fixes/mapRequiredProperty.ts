/** LM048: map a required property of the component's descriptor under the component's `properties`. */
import { topLevelProperties } from '../../../model/lm/summary.js';
import { action, defineFix } from '../../shared/fix.js';
import { addComponentProperties } from './propertyInsertion.js';

export const mapRequiredPropertyFix = defineFix('map-required-property', (ctx, d, data) => {
  const prop = data.properties[0];
  if (!prop) return [];
  const summary = ctx.doc.summary;
  // Pass the assembly's own property of the same name down when there is one; else leave the value to fill in.
  const same = summary.kind === 'assembly' && topLevelProperties(summary).some((p) => p.name === prop);
  const edit = addComponentProperties(ctx, data.section, data.component, [
    { name: prop, value: same ? `\${${prop}}` : '' },
  ]);
  return edit ? [action(ctx, d, `Map required property \`${prop}\``, [edit], true)] : [];
});
