/**
 * What is under the cursor in a descriptor, resolved: a `${...}` segment, a component type, or a
 * `<component>.<member>` item. Definition and hover both start from `targetAt`.
 */
import type {
  DescriptorSummary,
  PropertyDecl,
  ComponentDecl,
  TypedDecl,
  OperationDecl,
} from '../../model/lm/summary.js';
import type { Span } from '../../syntax/positions.js';
import type { DescriptorEntry } from '../../index/workspace.js';
import { collectReferences, referenceAt, resolveOccurrence } from './resolve.js';
import { collectDottedItems, headComponent, itemAt, memberDecls, type DottedItem } from './dotted.js';
import { descriptorOf } from './context.js';
import { policyRefAt, selfEntry } from './policyRefs.js';
import type { FeatureContext } from '../types.js';
import { mappingKeyTarget, type FedOperation } from './mappingTargets.js';

export type Target =
  | { kind: 'property'; origin: Span; decl: PropertyDecl; path: string; owner?: string }
  | { kind: 'component'; origin: Span; component: ComponentDecl; descriptor?: DescriptorEntry }
  | {
      kind: 'descriptor';
      origin: Span;
      typeText: string;
      descriptors: DescriptorEntry[];
      name?: string;
      lmctlError?: string;
    }
  | {
      kind: 'member';
      origin: Span;
      decl: TypedDecl | OperationDecl;
      role: DottedItem['role'];
      descriptor: DescriptorEntry;
    }
  | { kind: 'builtin'; origin: Span; name: string }
  /** A relationship property key, and the operation properties it sets (mappingTargets.ts). */
  | { kind: 'feeds'; origin: Span; property: string; relationship: string; fed: FedOperation[] };

export function targetAt(ctx: FeatureContext, offset: number): Target | undefined {
  const summary = descriptorOf(ctx);
  if (!summary) return undefined;
  const doc = ctx.doc;
  const occ = referenceAt(collectReferences(doc, summary), offset);
  if (occ) return refTarget(ctx, summary, occ, offset);
  for (const c of summary.components) {
    if (c.typeSpan && offset >= c.typeSpan.start && offset <= c.typeSpan.end && c.type) {
      const r = ctx.index.resolveType(c.type, doc.path);
      const t: Target = { kind: 'descriptor', origin: c.typeSpan, typeText: c.type, descriptors: r.targets };
      if (r.name) t.name = r.name;
      if (r.lmctlError) t.lmctlError = r.lmctlError;
      return t;
    }
  }
  const pol = policyTarget(ctx, summary, offset);
  if (pol) return pol;
  const mapping = mappingKeyTarget(ctx, summary, offset);
  if (mapping) return mapping;
  const item = itemAt(collectDottedItems(doc), offset);
  if (item) {
    const comp = headComponent(ctx, summary, doc.root, item);
    if (offset <= item.headSpan.end || item.member === undefined) {
      if (!comp) return undefined;
      return {
        kind: 'component',
        origin: item.headSpan,
        component: comp.component,
        ...(comp.descriptor ? { descriptor: comp.descriptor } : {}),
      };
    }
    if (!comp?.descriptor) return undefined;
    const decl = memberDecls(comp, item.role).find((d) => d.name === item.member);
    if (!decl) return undefined;
    return {
      kind: 'member',
      origin: item.memberSpan ?? item.node.span,
      decl,
      role: item.role,
      descriptor: comp.descriptor,
    };
  }
  return undefined;
}

/** A scale policy's `target` (the component), or a dotless policy `metric` (declared in this file). */
function policyTarget(ctx: FeatureContext, summary: DescriptorSummary, offset: number): Target | undefined {
  const r = policyRefAt(ctx, summary, offset);
  if (r?.kind === 'target' && r.target) {
    const { component, descriptor } = r.target;
    return { kind: 'component', origin: r.origin, component, ...(descriptor ? { descriptor } : {}) };
  }
  if (r?.kind === 'metric' && r.decl)
    return { kind: 'member', origin: r.origin, decl: r.decl, role: 'metric', descriptor: selfEntry(ctx, summary) };
  return undefined;
}

function refTarget(
  ctx: FeatureContext,
  summary: DescriptorSummary,
  occ: ReturnType<typeof referenceAt> & object,
  offset: number,
): Target | undefined {
  const res = resolveOccurrence(ctx, summary, occ);
  const segs = occ.ref.segments;
  const first = segs[0];
  if (!first) return undefined;
  const onMember = segs[1] && offset >= segs[1].span.start && segs[1].kind === 'name';
  if (!onMember) {
    switch (res.root.kind) {
      case 'property':
        return { kind: 'property', origin: first.span, decl: res.root.decl, path: ctx.doc.path };
      case 'component':
        return {
          kind: 'component',
          origin: first.span,
          component: res.root.component,
          ...(res.root.descriptor ? { descriptor: res.root.descriptor } : {}),
        };
      case 'instance':
        return { kind: 'builtin', origin: first.span, name: 'instance' };
      case 'item':
        return { kind: 'component', origin: first.span, component: res.root.component };
      default:
        return undefined;
    }
  }
  const seg = segs[1]!;
  if (res.root.kind === 'instance') return { kind: 'builtin', origin: seg.span, name: `instance.${seg.text}` };
  const m = res.member;
  if (m?.decl && m.descriptor)
    return {
      kind: 'property',
      origin: seg.span,
      decl: m.decl,
      path: m.descriptor.path,
      owner: ctx.index.effectiveName(m.descriptor.path) ?? m.descriptor.path,
    };
  if (m?.localDecl)
    return {
      kind: 'property',
      origin: seg.span,
      decl: m.localDecl,
      path: ctx.doc.path,
      owner: 'mapped in this assembly',
    };
  // An unresolved member has no definition; jumping to the component instead would mislead.
  return undefined;
}
