/** LM049: add the missing `deploymentLocation` / `resourceManager` mappings, passed down from the assembly. */
import { action, defineFix } from '../../shared/fix.js';
import { addComponentProperties } from './propertyInsertion.js';

export const addPlacementMappingFix = defineFix('add-placement-mapping', (ctx, d, data) => {
  const props = data.properties;
  if (props.length === 0) return [];
  const edit = addComponentProperties(
    ctx,
    data.section,
    data.component,
    props.map((p) => ({ name: p, value: `\${${p}}` })),
  );
  const title = `Add ${props.map((p) => `\`${p}\``).join(' / ')} mapping${props.length > 1 ? 's' : ''}`;
  return edit ? [action(ctx, d, title, [edit], true)] : [];
});
