/** LM049: add the missing `deploymentLocation` / `resourceManager` mappings, passed down from the assembly. */
import type { ComponentFixData } from '../rules/componentMappings.js';
import { action, type Fix } from './fix.js';
import { addComponentProperties } from './propertyInsertion.js';

export const addPlacementMappingFix: Fix = {
  codes: ['LM049'],
  build(ctx, d) {
    const data = d.data as ComponentFixData | undefined;
    const props = data?.properties ?? [];
    if (!data || props.length === 0) return [];
    const edit = addComponentProperties(
      ctx,
      data.section,
      data.component,
      props.map((p) => ({ name: p, value: `\${${p}}` })),
    );
    const title = `Add ${props.map((p) => `\`${p}\``).join(' / ')} mapping${props.length > 1 ? 's' : ''}`;
    return edit ? [action(ctx, d, title, [edit], true)] : [];
  },
};
