/**
 * `<component>.<member>` items outside `${...}`: relationship capabilities, requirements and
 * lifecycle operations, published `source-operation`s, promoted `source-metric`s and policy
 * `metric`s. Each is split into component and member with exact source spans, for navigation and the
 * relationship rules (policy metrics are checked by LM069 itself, which also knows their dotless forms).
 */
import type { DescriptorSummary, TypedDecl, OperationDecl } from '../../model/lm/summary.js';
import { carried, memo, memoKey, type DocumentModel } from '../../model/document.js';
import type { Span } from '../../syntax/positions.js';
import { decodeScalar, sourceSpanOf } from '../../syntax/scalars.js';
import { asMap, asScalar, asSeq, get, type YNode, type YScalar } from '../../syntax/tree.js';
import type { FeatureContext } from '../types.js';
import { componentTarget, type ComponentTarget } from './resolve.js';

export type DottedRole = 'capability' | 'requirement' | 'operation' | 'metric';

export interface DottedItem {
  role: DottedRole;
  node: YScalar;
  /** Text before the first dot (a component name, or `source`/`target` in relationship lifecycles). */
  head: string;
  headSpan: Span;
  member?: string;
  memberSpan?: Span;
  /** The relationship the item belongs to. */
  relationship?: string;
  /** Where the item is written, for messages. */
  where: 'source-capabilities' | 'target-requirements' | 'lifecycle' | 'source-operation' | 'source-metric' | 'metric';
  transition?: string;
}

/** Where an item's head and member lie, relative to its scalar's start (see `Splits`). */
interface SplitAt {
  head: string;
  headSpan: Span;
  member?: string;
  memberSpan?: Span;
}

/**
 * The splits of flow scalars by style and source text, this version's and the previous one's: a
 * flow scalar's decoded text, and so its split, is a function of those alone, so a keystroke
 * decodes only the scalars it changed (a block scalar's depends on its indentation: decoded always).
 */
interface Splits {
  now: Map<string, SplitAt>;
  before: Map<string, SplitAt> | undefined;
}

const SPLITS = memoKey<Splits>('lm.dottedSplits');

function moved(s: Span, by: number): Span {
  return { start: s.start + by, end: s.end + by };
}

function split(text: string, node: YScalar, role: DottedRole, where: DottedItem['where'], splits?: Splits): DottedItem {
  if (!splits || node.style === 'literal' || node.style === 'folded') return splitUncached(text, node, role, where);
  const source = `${node.style}\u0000${text.slice(node.span.start, node.span.end)}`;
  const at = node.span.start;
  let rel = splits.now.get(source) ?? splits.before?.get(source);
  if (!rel) {
    const item = splitUncached(text, node, role, where);
    rel = { head: item.head, headSpan: moved(item.headSpan, -at) };
    if (item.member !== undefined) rel.member = item.member;
    if (item.memberSpan) rel.memberSpan = moved(item.memberSpan, -at);
  }
  splits.now.set(source, rel);
  const item: DottedItem = { role, node, head: rel.head, headSpan: moved(rel.headSpan, at), where };
  if (rel.member !== undefined) item.member = rel.member;
  if (rel.memberSpan) item.memberSpan = moved(rel.memberSpan, at);
  return item;
}

function splitUncached(text: string, node: YScalar, role: DottedRole, where: DottedItem['where']): DottedItem {
  const d = decodeScalar(text, node);
  const t = d.text;
  const dot = t.indexOf('.');
  const headEnd = dot < 0 ? t.length : dot;
  const item: DottedItem = {
    role,
    node,
    head: t.slice(0, headEnd),
    headSpan: sourceSpanOf(d, 0, headEnd, node.span.start),
    where,
  };
  if (dot >= 0) {
    item.member = t.slice(dot + 1);
    item.memberSpan = sourceSpanOf(d, dot + 1, t.length, node.span.end);
    if (dot + 1 === t.length) item.memberSpan = { start: item.headSpan.end + 1, end: item.headSpan.end + 1 };
  }
  return item;
}

function scalarsOf(n: YNode | null): YScalar[] {
  const seq = asSeq(n);
  const list = seq ? seq.items : n ? [n] : [];
  const out: YScalar[] = [];
  for (const it of list) {
    const s = asScalar(it);
    if (s && typeof s.value === 'string') out.push(s);
  }
  return out;
}

const DOTTED = memoKey<DottedItem[]>('lm.dotted');

/** All `<component>.<member>` items of the document (computed once per analysed text). */
export function collectDottedItems(doc: DocumentModel): DottedItem[] {
  return memo(doc, DOTTED, () => {
    if (!doc.root) return [];
    const splits = carried(doc, SPLITS, (previous): Splits => {
      // One step deep: the previous version's table lets go of its own predecessor.
      if (previous) previous.before = undefined;
      return { now: new Map(), before: previous?.now };
    });
    return collectDottedUncached(doc.text, doc.root, splits);
  });
}

/** Sets where an item is written (in place: the item was just made for it). */
function inRelationship(item: DottedItem, relationship: string, transition?: string): DottedItem {
  item.relationship = relationship;
  if (transition !== undefined) item.transition = transition;
  return item;
}

function collectDottedUncached(text: string, root: YNode | null, splits: Splits): DottedItem[] {
  const out: DottedItem[] = [];
  const m = asMap(root);
  const rels = asMap(get(m, 'relationships'));
  for (const rp of rels?.pairs ?? []) {
    const rel = asMap(rp.value);
    const name = rp.key.text;
    for (const s of scalarsOf(get(rel, 'source-capabilities')))
      out.push(inRelationship(split(text, s, 'capability', 'source-capabilities', splits), name));
    for (const s of scalarsOf(get(rel, 'target-requirements')))
      out.push(inRelationship(split(text, s, 'requirement', 'target-requirements', splits), name));
    const lc = asMap(get(rel, 'lifecycle'));
    for (const tp of lc?.pairs ?? []) {
      for (const s of scalarsOf(tp.value))
        out.push(inRelationship(split(text, s, 'operation', 'lifecycle', splits), name, tp.key.text));
    }
  }
  for (const op of asMap(get(m, 'operations'))?.pairs ?? []) {
    const s = asScalar(get(asMap(op.value), 'source-operation'));
    if (s && typeof s.value === 'string') out.push(split(text, s, 'operation', 'source-operation', splits));
  }
  for (const mp of asMap(get(m, 'metrics'))?.pairs ?? []) {
    const s = asScalar(get(asMap(mp.value), 'source-metric'));
    if (s && typeof s.value === 'string') out.push(split(text, s, 'metric', 'source-metric', splits));
  }
  for (const pp of asMap(get(m, 'policies'))?.pairs ?? []) {
    const s = asScalar(get(asMap(pp.value), 'metric'));
    // A dotless `metric` names this descriptor's own (or a promoted) metric, not a component: policyRefs.ts.
    if (s && typeof s.value === 'string' && s.value.includes('.') && !s.value.includes('${'))
      out.push(split(text, s, 'metric', 'metric', splits));
  }
  return out;
}

/** The component an item's head designates (resolving `source`/`target` through its relationship). */
export function headComponent(
  ctx: FeatureContext,
  summary: DescriptorSummary,
  root: YNode | null,
  item: DottedItem,
): ComponentTarget | undefined {
  let name = item.head;
  if (
    (name === 'source' || name === 'target') &&
    item.relationship &&
    !summary.components.some((c) => c.name === name)
  ) {
    const rel = asMap(get(asMap(get(asMap(root), 'relationships')), item.relationship));
    const entry = asScalar(
      asSeq(get(rel, name === 'source' ? 'source-capabilities' : 'target-requirements'))?.items[0] ??
        get(rel, name === 'source' ? 'source-capabilities' : 'target-requirements'),
    );
    if (!entry || typeof entry.value !== 'string') return undefined;
    name = entry.text.split('.')[0]!;
  }
  return componentTarget(ctx, summary, name);
}

/** Declarations an item's member may name in the component's descriptor. */
export function memberDecls(t: ComponentTarget, role: DottedRole): (TypedDecl | OperationDecl)[] {
  const s = t.descriptor?.summary;
  return s ? declsOfRole(s, role) : [];
}

/** A descriptor's declarations of one role (its capabilities, requirements, operations or metrics). */
export function declsOfRole(s: DescriptorSummary, role: DottedRole): (TypedDecl | OperationDecl)[] {
  switch (role) {
    case 'capability':
      return s.capabilities;
    case 'requirement':
      return s.requirements;
    case 'operation':
      return s.operations;
    case 'metric':
      return s.metrics;
  }
}

export function itemAt(items: readonly DottedItem[], offset: number): DottedItem | undefined {
  return items.find((i) => offset >= i.node.span.start && offset <= i.node.span.end);
}
