/**
 * The dependency graph of an assembly: which component waits for which, and why. One graph per
 * assembly, read by the deployment plan (plan.ts) and by the cycle rules (rules/dependencies.ts),
 * so the plan is impossible exactly when the rules report a loop.
 *
 * What makes a component wait (CP4NA and Stratoss LM "Assembly descriptor(s)"):
 * - a mapping `${b.x}` anywhere in component `a` (properties, cluster, items), directly or through
 *   top-level properties whose values map `b`: `a` needs `b`'s properties, so `b` comes first;
 * - `upgrade-dependencies: [b]` in `a`: `b` is upgraded first; the plan keeps the same order when
 *   building, so one order serves both;
 * - a relationship, from its `source-state` / `target-state` and their modifiers: with the default
 *   modifiers (`post` on the source, `pre` on the target) the relationship is created once the
 *   source has reached its state and before the target enters its own, so the target waits for the
 *   source; `pre` on the source and `post` on the target turn it round; `post` on both (or `pre`
 *   on both) makes neither wait. Relationships on the `Broken` state only matter when healing.
 *
 * A loop of waiting components can never start. Whether a loop through relationships really
 * deadlocks depends on the states: a component blocked before entering state w that must reach
 * state r to release the next one is stuck only when r ≥ w (mappings and upgrade dependencies
 * block before `Installed` and release at `Active`, so their loops always deadlock). Loops that do
 * not deadlock leave their relationships out of the plan's order (the components interleave).
 */
import type { ComponentDecl, DescriptorSummary } from '../../model/lm/summary.js';
import { RELATIONSHIP_STATES } from '../../model/lm/vocabulary.js';
import type { Span } from '../../syntax/positions.js';
import { asMap, asScalar, asSeq, get, type YNode } from '../../syntax/tree.js';
import { loopsThrough, spellLoop } from '../../util/graphLoops.js';
import { carried, memoKey } from '../../model/document.js';
import { collectDottedItems, type DottedItem } from './dotted.js';
import { collectReferences, resolveOccurrence, type ResolvedRef } from './resolve.js';
import type { FeatureContext } from '../types.js';

export type LmDependencyKind = 'mapping' | 'upgrade' | 'relationship';

export interface LmDependency {
  /** The component that waits. */
  from: string;
  /** The component (or reference) it waits for. */
  to: string;
  kind: LmDependencyKind;
  /** Where it is written: the `${...}` reference, the `upgrade-dependencies` item, the relationship's name. */
  span: Span;
  /** For messages: `${b.size}`, the relationship's name, the upgrade dependency. */
  label: string;
  /** A mapping through a top-level property: that property. */
  via?: string;
  /** The state (1 Installed, 2 Inactive, 3 Active) `from` cannot enter until `to` releases it. */
  waitsAt: number;
  /** The state `to` must reach to release `from`. */
  releasedAt: number;
  relationship?: LmRelationship;
}

export interface LmRelationshipOp {
  operation: string;
  /** The component the operation runs on (`source`/`target` resolved). */
  component: string;
}

export interface LmRelationship {
  name: string;
  keySpan: Span;
  /** Components named by `source-capabilities` / `target-requirements`, in order, without repeats. */
  sources: string[];
  targets: string[];
  sourceState?: string;
  targetState?: string;
  sourceModifier: 'pre' | 'post';
  targetModifier: 'pre' | 'post';
  /** Which end waits for the other. */
  waits: 'source' | 'target' | 'neither';
  create: LmRelationshipOp[];
  cease: LmRelationshipOp[];
}

export interface LmLoop {
  edge: LmDependency;
  loop: LmDependency[];
}

export interface LmGraph {
  /** Composition components, then references, in declaration order (the first of a repeated name). */
  nodes: ComponentDecl[];
  edges: LmDependency[];
  relationships: LmRelationship[];
  /** Loops that make a plan impossible, one per edge on such a loop (see `loopCode` for how the rules report them). */
  loops: LmLoop[];
  /** The edges the plan orders by: all but the relationships of loops that do not deadlock. */
  ordering: LmDependency[];
}

/** 1 Installed, 2 Inactive, 3 Active; 0 for Broken and anything else (no build order). */
function stateRank(state: string | undefined): number {
  const i = state === undefined ? -1 : RELATIONSHIP_STATES.indexOf(state as (typeof RELATIONSHIP_STATES)[number]);
  return i >= 0 && i < 3 ? i + 1 : 0;
}

function modifier(n: YNode | null, fallback: 'pre' | 'post'): 'pre' | 'post' {
  const s = asScalar(n);
  return s?.text === 'pre' || s?.text === 'post' ? s.text : fallback;
}

/** Components each top-level property's value maps (through other top-level properties too). */
function topLevelComponents(refs: readonly ResolvedRef[]): (prop: string) => Set<string> {
  const direct = new Map<string, { comps: Set<string>; props: Set<string> }>();
  for (const r of refs) {
    const path = r.occ.path;
    if (r.occ.scope.kind !== 'top' || path[0] !== 'properties' || typeof path[1] !== 'string') continue;
    const e = direct.get(path[1]) ?? { comps: new Set<string>(), props: new Set<string>() };
    direct.set(path[1], e);
    if (r.root.kind === 'component' && !r.root.via) e.comps.add(r.root.component.name);
    else if (r.root.kind === 'property') e.props.add(r.root.decl.name);
  }
  const memo = new Map<string, Set<string>>();
  const resolve = (prop: string, stack: Set<string>): Set<string> => {
    const m = memo.get(prop);
    if (m) return m;
    const out = new Set<string>();
    const e = direct.get(prop);
    if (e && !stack.has(prop)) {
      stack.add(prop);
      for (const c of e.comps) out.add(c);
      for (const p of e.props) for (const c of resolve(p, stack)) out.add(c);
      stack.delete(prop);
    }
    memo.set(prop, out);
    return out;
  };
  return (prop) => resolve(prop, new Set());
}

/** The relationships of the assembly, with their components resolved. */
function relationshipsOf(ctx: FeatureContext, known: Set<string>): LmRelationship[] {
  const rels = asMap(get(asMap(ctx.doc.root), 'relationships'));
  if (!rels) return [];
  // The items grouped by relationship once: filtering all of them for each relationship made a large
  // assembly's graph quadratic (hundreds of relationships, thousands of items, on every keystroke).
  const byRelationship = new Map<string, DottedItem[]>();
  for (const i of collectDottedItems(ctx.doc)) {
    if (i.relationship === undefined) continue;
    const list = byRelationship.get(i.relationship);
    if (list) list.push(i);
    else byRelationship.set(i.relationship, [i]);
  }
  const out: LmRelationship[] = [];
  for (const rp of rels.pairs) {
    const name = rp.key.text;
    const body = asMap(rp.value);
    const mine = byRelationship.get(name) ?? [];
    const heads = (where: 'source-capabilities' | 'target-requirements') => [
      ...new Set(mine.filter((i) => i.where === where && known.has(i.head)).map((i) => i.head)),
    ];
    const sourceModifier = modifier(get(body, 'source-state-modifier'), 'post');
    const targetModifier = modifier(get(body, 'target-state-modifier'), 'pre');
    const rel: LmRelationship = {
      name,
      keySpan: rp.key.span,
      sources: heads('source-capabilities'),
      targets: heads('target-requirements'),
      sourceModifier,
      targetModifier,
      waits: sourceModifier === targetModifier ? 'neither' : targetModifier === 'pre' ? 'target' : ('source' as const),
      create: [],
      cease: [],
    };
    const ss = asScalar(get(body, 'source-state'));
    if (ss && typeof ss.value === 'string') rel.sourceState = ss.text;
    const ts = asScalar(get(body, 'target-state'));
    if (ts && typeof ts.value === 'string') rel.targetState = ts.text;
    // An end on Broken (or on no state) orders nothing while building.
    if (!stateRank(rel.sourceState) || !stateRank(rel.targetState)) rel.waits = 'neither';
    for (const i of mine) {
      if (i.where !== 'lifecycle' || !i.member) continue;
      const component = i.head === 'source' ? rel.sources[0] : i.head === 'target' ? rel.targets[0] : i.head;
      if (!component) continue;
      const op = { operation: i.member, component };
      if (i.transition === 'Create') rel.create.push(op);
      else if (i.transition === 'Cease') rel.cease.push(op);
    }
    out.push(rel);
  }
  return out;
}

/** True when no component of the loop can move far enough to release the next one (see the header). */
export function deadlocks(loop: readonly LmDependency[]): boolean {
  return loop.every((out, i) => {
    const into = loop[(i + loop.length - 1) % loop.length]!;
    return into.releasedAt >= out.waitsAt;
  });
}

const GRAPH = memoKey<LmGraph>('lm.dependencyGraph');

/**
 * The graph of the document's assembly, built once per analysed text and shared by the cycle rules,
 * the plan and its lenses. It reads only the document: which component a `${...}` names, its
 * relationships and upgrade dependencies (never another file), so the document is the right key.
 * A new version of an open document takes the loops over from the version before when its graph
 * has the same shape (see `sameShape`).
 */
export function assemblyGraph(ctx: FeatureContext, summary: DescriptorSummary, refs?: readonly ResolvedRef[]): LmGraph {
  const build = (previous: LmGraph | undefined) =>
    buildLmGraph(
      ctx,
      summary,
      refs ?? collectReferences(ctx.doc, summary).map((o) => resolveOccurrence(ctx, summary, o)),
      previous,
    );
  // Only the document's own summary is kept with it; another summary (rare) gets a graph of its own.
  return ctx.doc.summary === summary ? carried(ctx.doc, GRAPH, build) : build(undefined);
}

/**
 * True when two graphs' loops are the same up to which edge objects they hold: the loops (and which
 * relationships are relaxed) follow from the node names in order and, for each edge in order, its
 * ends, kind and states alone (`loopsThrough` and `deadlocks` read nothing else). A keystroke that
 * changes no mapping, upgrade dependency or relationship keeps them; spans and labels are this
 * version's edges'.
 */
function sameShape(a: LmGraph, nodes: readonly ComponentDecl[], edges: readonly LmDependency[]): boolean {
  if (a.nodes.length !== nodes.length || a.edges.length !== edges.length) return false;
  for (let i = 0; i < nodes.length; i++) if (a.nodes[i]!.name !== nodes[i]!.name) return false;
  for (let i = 0; i < edges.length; i++) {
    const x = a.edges[i]!;
    const y = edges[i]!;
    if (x.from !== y.from || x.to !== y.to || x.kind !== y.kind) return false;
    if (x.waitsAt !== y.waitsAt || x.releasedAt !== y.releasedAt) return false;
  }
  return true;
}

/** The loops and plan order of `previous` (of the same shape) on this version's `edges`. */
function loopsTakenOver(previous: LmGraph, edges: LmDependency[]): Pick<LmGraph, 'loops' | 'ordering'> {
  const n = edges.length;
  if (!previous.loops.length && previous.ordering.length === n) return { loops: [], ordering: edges };
  const at = new Map<LmDependency, number>();
  previous.edges.forEach((e, i) => at.set(e, i));
  const now = (e: LmDependency) => edges[at.get(e)!]!;
  const loops = previous.loops.map((l) => ({ edge: now(l.edge), loop: l.loop.map(now) }));
  const kept = new Set(previous.ordering.map((e) => at.get(e)!));
  return { loops, ordering: edges.filter((_, i) => kept.has(i)) };
}

/**
 * Builds the graph of an assembly from its summary and its resolved `${...}` references; the loops
 * are taken over from `previous` when it has the same shape.
 */
export function buildLmGraph(
  ctx: FeatureContext,
  summary: DescriptorSummary,
  refs: readonly ResolvedRef[],
  previous?: LmGraph,
): LmGraph {
  const nodes: ComponentDecl[] = [];
  const seen = new Set<string>();
  for (const c of summary.components) {
    if (seen.has(c.name)) continue;
    seen.add(c.name);
    nodes.push(c);
  }
  const isReference = new Set(nodes.filter((c) => c.section === 'references').map((c) => c.name));
  const edges: LmDependency[] = [];

  // Mappings, directly or through top-level properties.
  const viaTop = topLevelComponents(refs);
  for (const r of refs) {
    const scope = r.occ.scope;
    if (scope.kind !== 'component') continue;
    const from = scope.component.name;
    const span = r.occ.ref.span;
    // Written out, not spread from a shared base: a big assembly makes hundreds of edges per keystroke.
    if (r.root.kind === 'component' && !r.root.via) {
      const to = r.root.component.name;
      edges.push({ from, kind: 'mapping', span, label: `\${${r.occ.ref.raw}}`, waitsAt: 1, releasedAt: 3, to });
    } else if (r.root.kind === 'property') {
      const via = r.root.decl.name;
      const label = `\${${r.occ.ref.raw}}`;
      for (const to of viaTop(via))
        edges.push({ from, kind: 'mapping', span, label, waitsAt: 1, releasedAt: 3, to, via });
    }
  }

  // Upgrade dependencies (names other than composition components are LM047 findings, not edges).
  const root = asMap(ctx.doc.root);
  for (const cp of asMap(get(root, 'composition'))?.pairs ?? []) {
    for (const it of asSeq(get(asMap(cp.value), 'upgrade-dependencies'))?.items ?? []) {
      const s = asScalar(it);
      if (!s || s.value === null) continue;
      const to = s.text.trim();
      if (to === cp.key.text || !seen.has(to) || isReference.has(to)) continue;
      edges.push({
        from: cp.key.text,
        to,
        kind: 'upgrade',
        span: s.span,
        label: `upgrade-dependencies: ${to}`,
        waitsAt: 1,
        releasedAt: 3,
      });
    }
  }

  // Relationships: the waiting end depends on the state modifiers; a reference never waits.
  const relationships = relationshipsOf(ctx, seen);
  for (const rel of relationships) {
    if (rel.waits === 'neither') continue;
    const src = stateRank(rel.sourceState);
    const tgt = stateRank(rel.targetState);
    for (const s of rel.sources) {
      for (const t of rel.targets) {
        if (s === t) continue;
        const [from, to, waitsAt, releasedAt] = rel.waits === 'target' ? [t, s, tgt, src] : [s, t, src, tgt];
        if (isReference.has(from)) continue;
        edges.push({
          from,
          to,
          kind: 'relationship',
          span: rel.keySpan,
          label: rel.name,
          waitsAt,
          releasedAt,
          relationship: rel,
        });
      }
    }
  }

  if (previous && sameShape(previous, nodes, edges))
    return { nodes, edges, relationships, ...loopsTakenOver(previous, edges) };

  const names = nodes.map((n) => n.name);
  const loops: LmLoop[] = [];
  const onLoop = new Set<LmDependency>();
  const relaxed = new Set<LmDependency>();
  const add = (found: LmLoop[], keep: (l: LmLoop) => boolean) => {
    for (const l of found) {
      if (onLoop.has(l.edge)) continue;
      if (!keep(l)) {
        if (l.edge.kind === 'relationship') relaxed.add(l.edge);
        continue;
      }
      onLoop.add(l.edge);
      loops.push(l);
    }
  };
  // Narrowest loops first, so each edge is explained by the loop its own kind makes.
  add(
    loopsThrough(names, edges, (e) => e.kind === 'upgrade'),
    () => true,
  );
  add(
    loopsThrough(names, edges, (e) => e.kind !== 'relationship'),
    () => true,
  );
  add(loopsThrough(names, edges), (l) => deadlocks(l.loop));
  return { nodes, edges, relationships, loops, ordering: edges.filter((e) => !relaxed.has(e)) };
}

/**
 * How the rules report an edge on a loop: LM047 for a loop of upgrade dependencies only, LM036 for
 * loops of mappings (and upgrade dependencies), LM071 for loops through relationships.
 */
export function loopCode(l: LmLoop): 'LM036' | 'LM047' | 'LM071' {
  if (l.loop.every((e) => e.kind === 'upgrade')) return 'LM047';
  if (l.loop.some((e) => e.kind === 'relationship')) return 'LM071';
  return 'LM036';
}

/** One edge of a loop, in words. */
function step(e: LmDependency): string {
  switch (e.kind) {
    case 'mapping':
      return e.via
        ? `\`${e.from}\` maps ${e.label}, which maps \`${e.to}\``
        : `\`${e.from}\` maps ${e.label} from \`${e.to}\``;
    case 'upgrade':
      return `\`${e.from}\` lists \`${e.to}\` in upgrade-dependencies`;
    case 'relationship':
      return (
        `\`${e.from}\` waits before ${STATE_NAMES[e.waitsAt]} for \`${e.to}\` to be ${STATE_NAMES[e.releasedAt]} ` +
        `(relationship \`${e.label}\`)`
      );
  }
}

const STATE_NAMES = ['', 'Installed', 'Inactive', 'Active'];

/** The message of a loop (the rules' and the plan's), the loop spelled out. */
export function loopMessage(l: LmLoop): string {
  const code = loopCode(l);
  const chain = spellLoop(l.loop);
  const e = l.edge;
  if (code === 'LM047') {
    return `Circular upgrade dependencies (${chain}): LM cannot decide which component to upgrade first.`;
  }
  if (e.kind === 'mapping' && l.loop.length === 1) {
    return (
      `Component \`${e.from}\` maps its own property through ${e.label}: its value is only known once ` +
      `\`${e.from}\` exists, so it can never be supplied.`
    );
  }
  if (code === 'LM071') {
    return (
      `Components wait on each other (${chain}): ${l.loop.map(step).join('; ')}. None of them can get ` +
      `far enough to release the next, so the assembly never comes up; change a state or a modifier of a ` +
      `relationship, or break the circle.`
    );
  }
  return (
    `Circular dependency between components (${chain}): ${l.loop.map(step).join('; ')}. LM cannot create ` +
    `or upgrade either one first; break the circle.`
  );
}
