/**
 * The dependency graph of a topology template: its node templates, and an edge for every
 * requirement assignment that names another node template of the topology, with the relationship
 * type it uses and that type's normative base kind (HostedOn, DependsOn, ConnectsTo or other).
 *
 * Pure: built from a document's TOSCA model, never reporting anything, once per model (see
 * `topologyGraph`): the cycle rule (a loop of HostedOn / DependsOn requirements cannot be deployed)
 * and the deployment plan read the same graph and the same loops. An orchestrator deploys the
 * target of a HostedOn or DependsOn requirement before its source (TOSCA Simple Profile in YAML 1.2
 * §7.2, the declarative workflows), while ConnectsTo only connects two nodes once both are started
 * (as OpenTOSCA's plan builder does).
 */
import type { Span } from '../../syntax/positions.js';
import type { ToscaModel } from './model.js';
import type { TNodeTemplate, TRequirementAssignment } from './summary.js';
import type { ToscaType, TypeTable } from './typeTable.js';
import { loopsThrough } from '../../util/graphLoops.js';

/** The normative relationship a relationship type is, or derives from. */
export type RelationshipKind = 'HostedOn' | 'DependsOn' | 'ConnectsTo' | 'other';

/** Full names of the normative relationship types that order a deployment or connect nodes. */
const BASE_KINDS: ReadonlyMap<string, RelationshipKind> = new Map([
  ['tosca.relationships.HostedOn', 'HostedOn'],
  ['tosca.relationships.DependsOn', 'DependsOn'],
  ['tosca.relationships.ConnectsTo', 'ConnectsTo'],
]);

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
  const own = BASE_KINDS.get(t.name);
  if (own) return own;
  for (const x of types.ancestors(t)) {
    const hit = BASE_KINDS.get(x.name);
    if (hit) return hit;
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

/** A node template that hosts another, with its type. */
export interface Host {
  node: TNodeTemplate;
  type: ToscaType;
}

/**
 * The HostedOn chain above a node template, nearest host first: the one walker behind `HOST` (the
 * function rule, completion, hover). `open` says the chain may go on beyond `hosts`: a HostedOn
 * requirement is left to the orchestrator (a node type or a node filter instead of a template, or a
 * requirement the type defines and the template does not assign), the walk met a type it cannot
 * read whole (`complete` says no), or it gave up after 20 hosts.
 *
 * Such a requirement is followed as far as it is written and no further: the orchestrator picks the
 * host when it deploys, so its members are unknown here, and a reader must not call a member
 * missing from an open chain (no false alarm). Undefined when nothing can be said: the node's own
 * type is unknown or incomplete, or its only host is one the orchestrator picks.
 */
export function hostChain(
  model: ToscaModel,
  start: TNodeTemplate,
  complete: (t: ToscaType) => boolean = () => true,
): { hosts: Host[]; open: boolean } | undefined {
  const types = model.types;
  const out: Host[] = [];
  const seen = new Set<string>([start.name]);
  // A requirement whose relationship is unknown counts as a host when it is called `host`.
  const isHost = (t: ToscaType | undefined, reqName: string) =>
    t ? relationshipKind(types, t) === 'HostedOn' : reqName === 'host';
  let cur: TNodeTemplate | undefined = start;
  for (let i = 0; cur && i < 20; i++) {
    const t = types.resolve(cur.type?.name, 'node');
    if (!t || !complete(t)) return i === 0 ? undefined : { hosts: out, open: true };
    let next: TNodeTemplate | undefined;
    let open = false;
    for (const ra of cur.requirements) {
      if (!isHost(relationshipOf(model, ra, t).type, ra.name)) continue;
      next = ra.node ? model.nodeTemplates.get(ra.node.name) : undefined;
      if (next) break;
      open = true;
    }
    if (!next) {
      const assigned = new Set(cur.requirements.map((r) => r.name));
      for (const d of types.requirements(t).values())
        if (!assigned.has(d.name) && isHost(types.resolve(d.relationship, 'relationship'), d.name)) open = true;
    }
    if (!next && open) return i === 0 ? undefined : { hosts: out, open: true };
    if (!next || seen.has(next.name)) return { hosts: out, open: false };
    seen.add(next.name);
    const nt = types.resolve(next.type?.name, 'node');
    if (!nt) return out.length ? { hosts: out, open: true } : undefined;
    out.push({ node: next, type: nt });
    cur = next;
  }
  return { hosts: out, open: true };
}

/**
 * Graphs by model. A model is rebuilt (a new object) when its file or anything it imports changes,
 * so a graph kept for a model never goes stale, and goes when the model does.
 */
const graphs = new WeakMap<ToscaModel, TopologyGraph>();

/** The graph of the model's topology, built once per model and shared by its readers. */
export function topologyGraph(model: ToscaModel): TopologyGraph {
  let g = graphs.get(model);
  if (!g) graphs.set(model, (g = buildTopologyGraph(model)));
  return g;
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
    // A loop, not `forEach`: the graph is built again on every keystroke of an open template.
    for (let index = 0; index < n.requirements.length; index++) {
      const ra = n.requirements[index]!;
      const target = ra.node ? model.nodeTemplates.get(ra.node.name) : undefined;
      if (!ra.node || !target) continue;
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
    }
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
  const wrapped = graph.edges.map((e) => ({ from: e.source, to: e.target, e }));
  return loopsThrough(graph.nodes, wrapped, (w) => include(w.e)).map((l) => ({
    edge: l.edge.e,
    loop: l.loop.map((w) => w.e),
  }));
}
