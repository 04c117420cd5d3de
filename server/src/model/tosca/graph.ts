/**
 * The dependency graph of a topology template: its node templates, and an edge for every
 * requirement assignment that names another node template of the topology, with the relationship
 * type it uses and that type's normative base kind (HostedOn, DependsOn, ConnectsTo or other).
 *
 * Pure: built from a document's TOSCA model, never reporting anything. The cycle rule reads it (a
 * loop of HostedOn / DependsOn requirements cannot be deployed), and so can anything that needs
 * the deployment order: an orchestrator deploys the target of a HostedOn or DependsOn requirement
 * before its source (TOSCA Simple Profile in YAML 1.2 §7.2, the declarative workflows), while
 * ConnectsTo only connects two nodes once both are started (as OpenTOSCA's plan builder does).
 */
import type { Span } from '../../syntax/positions.js';
import type { ToscaModel } from './model.js';
import type { TRequirementAssignment } from './summary.js';
import type { ToscaType, TypeTable } from './typeTable.js';

/** The normative relationship a relationship type is, or derives from. */
export type RelationshipKind = 'HostedOn' | 'DependsOn' | 'ConnectsTo' | 'other';

/** Full names of the normative relationship types that order a deployment or connect nodes. */
const BASE_KINDS: readonly [string, RelationshipKind][] = [
  ['tosca.relationships.HostedOn', 'HostedOn'],
  ['tosca.relationships.DependsOn', 'DependsOn'],
  ['tosca.relationships.ConnectsTo', 'ConnectsTo'],
];

export interface GraphEdge {
  /** The node template whose requirement this is. */
  source: string;
  /** The node template the requirement names. */
  target: string;
  /** The requirement's name, and its position in the source's requirement list. */
  requirement: string;
  index: number;
  /** The relationship type in use (full name), when it is known. */
  relationshipType?: string;
  /** The relationship template the assignment names, if it names one. */
  relationshipTemplate?: string;
  kind: RelationshipKind;
  /** Where the requirement is written: its name, the whole assignment, the target's name. */
  keySpan: Span;
  span: Span;
  targetSpan: Span;
}

export interface TopologyGraph {
  /** Node template names, in file order. */
  readonly nodes: readonly string[];
  /** Every edge, in file order (by source, then requirement). */
  readonly edges: readonly GraphEdge[];
  /** Edges from a node template (its requirements). */
  outgoing(node: string): readonly GraphEdge[];
  /** Edges to a node template (requirements naming it). */
  incoming(node: string): readonly GraphEdge[];
}

/** The kind of a relationship type: the first normative base type on its `derived_from` chain. */
export function relationshipKind(types: TypeTable, t: ToscaType | undefined): RelationshipKind {
  if (!t) return 'other';
  for (const x of [t, ...types.ancestors(t)]) {
    const hit = BASE_KINDS.find(([name]) => x.name === name);
    if (hit) return hit[1];
  }
  return 'other';
}

/** The relationship type an assignment uses: its own (a template's type, or a type), else its definition's. */
function relationshipOf(
  model: ToscaModel,
  ra: TRequirementAssignment,
  nodeType: ToscaType | undefined,
): { type?: ToscaType; template?: string } {
  const types = model.types;
  if (ra.relationship) {
    const tpl = ra.relationshipInline ? undefined : model.relationshipTemplates.get(ra.relationship.name);
    if (tpl) {
      const t = types.resolve(tpl.type?.name, 'relationship');
      return t ? { type: t, template: tpl.name } : { template: tpl.name };
    }
    const t = types.resolve(ra.relationship.name, 'relationship');
    return t ? { type: t } : {};
  }
  const def = nodeType ? types.requirements(nodeType).get(ra.name) : undefined;
  const t = types.resolve(def?.relationship, 'relationship');
  return t ? { type: t } : {};
}

/** Builds the graph of the document's topology (empty without one). */
export function buildTopologyGraph(model: ToscaModel): TopologyGraph {
  const nodes: string[] = [];
  const edges: GraphEdge[] = [];
  const out = new Map<string, GraphEdge[]>();
  const into = new Map<string, GraphEdge[]>();
  for (const n of model.summary.topology?.nodeTemplates ?? []) {
    // Duplicate names are reported elsewhere; the model keeps the first.
    if (model.nodeTemplates.get(n.name) !== n) continue;
    nodes.push(n.name);
    const nodeType = model.types.resolve(n.type?.name, 'node');
    n.requirements.forEach((ra, index) => {
      const target = ra.node ? model.nodeTemplates.get(ra.node.name) : undefined;
      if (!ra.node || !target) return;
      const rel = relationshipOf(model, ra, nodeType);
      const e: GraphEdge = {
        source: n.name,
        target: target.name,
        requirement: ra.name,
        index,
        kind: relationshipKind(model.types, rel.type),
        keySpan: ra.keySpan,
        span: ra.span,
        targetSpan: ra.node.span,
      };
      if (rel.type) e.relationshipType = rel.type.name;
      if (rel.template) e.relationshipTemplate = rel.template;
      edges.push(e);
      (out.get(e.source) ?? out.set(e.source, []).get(e.source)!).push(e);
      (into.get(e.target) ?? into.set(e.target, []).get(e.target)!).push(e);
    });
  }
  return {
    nodes,
    edges,
    outgoing: (node) => out.get(node) ?? [],
    incoming: (node) => into.get(node) ?? [],
  };
}

/**
 * Every edge (among those `include` accepts) that lies on a loop, each with one loop through it:
 * the edge followed by a shortest path back to its source, written from the loop's first node in
 * file order. Edges outside loops are not listed.
 */
export function loopsOf(
  graph: TopologyGraph,
  include: (e: GraphEdge) => boolean,
): { edge: GraphEdge; loop: GraphEdge[] }[] {
  const order = new Map(graph.nodes.map((n, i) => [n, i] as const));
  const succ = (n: string) => graph.outgoing(n).filter(include);
  const component = stronglyConnected(graph.nodes, (n) => succ(n).map((e) => e.target));
  const result: { edge: GraphEdge; loop: GraphEdge[] }[] = [];
  for (const e of graph.edges) {
    if (!include(e)) continue;
    const c = component.get(e.source);
    if (c === undefined || c !== component.get(e.target)) continue;
    // A self-loop, or an edge inside a strongly connected component: a path leads back.
    const back =
      e.source === e.target
        ? []
        : shortestPath(e.target, e.source, (n) => succ(n).filter((x) => component.get(x.target) === c));
    if (!back) continue;
    const loop = [e, ...back];
    // Start at the loop's first node in file order, so every edge of a simple loop spells it alike.
    let first = 0;
    loop.forEach((x, i) => {
      if ((order.get(x.source) ?? 0) < (order.get(loop[first]!.source) ?? 0)) first = i;
    });
    result.push({ edge: e, loop: [...loop.slice(first), ...loop.slice(0, first)] });
  }
  return result;
}

/**
 * A deployment order of the node templates: every target of an `include`d edge before its source
 * (file order otherwise), and the nodes left out because they are on or behind a loop.
 */
export function deploymentOrder(
  graph: TopologyGraph,
  include: (e: GraphEdge) => boolean,
): { order: string[]; blocked: string[] } {
  const pending = new Map<string, number>();
  for (const n of graph.nodes) pending.set(n, graph.outgoing(n).filter(include).length);
  const order: string[] = [];
  const ready = graph.nodes.filter((n) => pending.get(n) === 0);
  while (ready.length) {
    const n = ready.shift()!;
    order.push(n);
    for (const e of graph.incoming(n)) {
      if (!include(e)) continue;
      const left = pending.get(e.source)! - 1;
      pending.set(e.source, left);
      if (left === 0) ready.push(e.source);
    }
  }
  const placed = new Set(order);
  return { order, blocked: graph.nodes.filter((n) => !placed.has(n)) };
}

/** Tarjan's strongly connected components, iteratively (deep chains must not overflow the stack). */
function stronglyConnected(nodes: readonly string[], next: (n: string) => string[]): Map<string, number> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const component = new Map<string, number>();
  let counter = 0;
  let components = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: { node: string; succ: string[]; i: number }[] = [];
    const enter = (n: string) => {
      index.set(n, counter);
      low.set(n, counter++);
      stack.push(n);
      onStack.add(n);
      work.push({ node: n, succ: next(n), i: 0 });
    };
    enter(root);
    while (work.length) {
      const top = work[work.length - 1]!;
      if (top.i < top.succ.length) {
        const w = top.succ[top.i++]!;
        if (!index.has(w)) enter(w);
        else if (onStack.has(w)) low.set(top.node, Math.min(low.get(top.node)!, index.get(w)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.set(w, components);
        } while (w !== top.node);
        components++;
      }
    }
  }
  return component;
}

/** The edges of a shortest path from `from` to `to` (breadth first), or undefined. */
function shortestPath(from: string, to: string, next: (n: string) => GraphEdge[]): GraphEdge[] | undefined {
  const via = new Map<string, GraphEdge | null>([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const n = queue.shift()!;
    if (n === to) break;
    for (const e of next(n)) {
      if (via.has(e.target)) continue;
      via.set(e.target, e);
      queue.push(e.target);
    }
  }
  if (!via.has(to)) return undefined;
  const path: GraphEdge[] = [];
  for (let e = via.get(to); e; e = via.get(e.source)) path.unshift(e);
  return path;
}
