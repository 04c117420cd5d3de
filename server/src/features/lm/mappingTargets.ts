/**
 * Mapping keys under the cursor, resolved for hover and definition: a component's
 * `composition.<c>.properties.<key>:` is a property of the component's descriptor (or one of the
 * properties LM itself passes to every component, `deploymentLocation` / `resourceManager`), and a
 * relationship's `properties.<key>:` feeds the property of that name of each operation its
 * lifecycle runs (Stratoss LM "Assembly descriptors" › relationships).
 */
import type { ComponentDecl, DescriptorSummary, OperationDecl, PropertyDecl } from '../../model/lm/summary.js';
import { SPECIAL_PROPERTIES } from '../../model/lm/vocabulary.js';
import type { Span } from '../../syntax/positions.js';
import { asMap, get } from '../../syntax/tree.js';
import type { FeatureContext } from '../types.js';
import { collectDottedItems, headComponent } from './dotted.js';
import { componentTarget } from './resolve.js';
import { nameSpan } from './symbol.js';
import type { Target } from './targets.js';

const within = (s: Span, offset: number) => offset >= s.start && offset <= s.end;

function componentMappingTarget(
  ctx: FeatureContext,
  summary: DescriptorSummary,
  c: ComponentDecl,
  p: PropertyDecl,
): Target | undefined {
  const origin = nameSpan(ctx.doc.text, p.keySpan, p.name);
  const descriptor = componentTarget(ctx, summary, c.name)?.descriptor;
  const decl = descriptor?.summary.properties.find((d) => d.name === p.name);
  if (descriptor && decl)
    return {
      kind: 'property',
      origin,
      decl,
      path: descriptor.path,
      owner: ctx.index.effectiveName(descriptor.path) ?? descriptor.path,
    };
  if ((SPECIAL_PROPERTIES as readonly string[]).includes(p.name)) return { kind: 'builtin', origin, name: p.name };
  return undefined;
}

/** One operation a relationship property feeds, with the property it sets there. */
export interface FedOperation {
  operation: string;
  component: string;
  decl: PropertyDecl;
  path: string;
}

function relationshipPropertyTarget(
  ctx: FeatureContext,
  summary: DescriptorSummary,
  offset: number,
): Target | undefined {
  const rels = asMap(get(asMap(ctx.doc.root), 'relationships'));
  for (const rel of rels?.pairs ?? []) {
    const props = asMap(get(asMap(rel.value), 'properties'));
    const key = props?.pairs.find((p) => within(p.key.span, offset))?.key;
    if (!key) continue;
    const origin = nameSpan(ctx.doc.text, key.span, key.text);
    const fed: FedOperation[] = [];
    for (const item of collectDottedItems(ctx.doc)) {
      if (item.relationship !== rel.key.text || item.where !== 'lifecycle' || !item.member) continue;
      const comp = headComponent(ctx, summary, ctx.doc.root, item);
      const op = comp?.descriptor?.summary.operations.find((o: OperationDecl) => o.name === item.member);
      const decl = op?.properties.find((x) => x.name === key.text);
      if (
        !comp?.descriptor ||
        !op ||
        !decl ||
        fed.some((f) => f.path === comp.descriptor!.path && f.operation === op.name)
      )
        continue;
      fed.push({ operation: op.name, component: comp.component.name, decl, path: comp.descriptor.path });
    }
    return { kind: 'feeds', origin, property: key.text, relationship: rel.key.text, fed };
  }
  return undefined;
}

/** The mapping key at the offset, resolved; undefined when the offset is on no mapping key. */
export function mappingKeyTarget(ctx: FeatureContext, summary: DescriptorSummary, offset: number): Target | undefined {
  for (const c of summary.components)
    for (const p of c.properties) if (within(p.keySpan, offset)) return componentMappingTarget(ctx, summary, c, p);
  return relationshipPropertyTarget(ctx, summary, offset);
}
