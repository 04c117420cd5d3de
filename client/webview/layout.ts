/**
 * The geometry of the plan view, without the DOM: a layered layout of the topology (dagre, a
 * Sugiyama-style layout for directed graphs: each template sits above what it is hosted on or
 * depends on, so the picture reads like the usual topology drawing with the infrastructure at the
 * bottom), the SVG path of an edge, the stages of the step list and the members of the cycles.
 * The node tests run these functions directly.
 */
import dagre, { type EdgeLabel, type GraphLabel, type NodeLabel } from '@dagrejs/dagre';

import type { PlanEdge, PlanEdgeKind, PlanNode, PlanResult, PlanStep } from '../../server/src/protocol.js';

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}
/** A node's box: `x`/`y` are its top left corner. */
export interface NodeBox extends Point, Size {
  id: string;
}
export interface EdgeLine {
  id: string;
  points: Point[];
  /** The edge's label and its centre, when it has one (see edgeText). */
  label?: Point & { text: string };
}
export interface GraphLayout extends Size {
  nodes: Map<string, NodeBox>;
  edges: Map<string, EdgeLine>;
}

/** Above this many nodes the graph is not drawn (layout time grows faster than linearly); the steps still are. */
export const GRAPH_NODE_CAP = 400;
/** Above this many nodes the cheaper longest-path ranking replaces network simplex. */
const FAST_RANKING_FROM = 120;
/** Edge labels are drawn for small graphs only; larger ones show them as tooltips. */
export const EDGE_LABEL_CAP = 40;

/** Hosting keeps a stack straight; dependencies pull less. */
const WEIGHT: Record<PlanEdgeKind, number> = {
  hostedOn: 4,
  dependsOn: 2,
  connectsTo: 1,
  relationship: 2,
  mapping: 1,
  upgrade: 1,
};

export interface LayoutOptions {
  measureNode: (n: PlanNode) => Size;
  /** Size of an edge label's box; without it edges have no labels. */
  measureEdge?: (label: string) => Size;
}

export function layoutPlan(plan: PlanResult, opts: LayoutOptions): GraphLayout {
  const g = new dagre.graphlib.Graph<GraphLabel, NodeLabel, EdgeLabel>({ multigraph: true });
  const many = plan.nodes.length >= FAST_RANKING_FROM;
  const connected = plan.edges.some((e) => waitsOf(e) === 'neither');
  g.setGraph({
    rankdir: 'TB',
    // Room between neighbours for the connection lines drawn across (see below).
    nodesep: connected ? 100 : 28,
    edgesep: 14,
    ranksep: 56,
    marginx: 16,
    marginy: 16,
    ranker: many ? 'longest-path' : 'network-simplex',
  });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of plan.nodes) g.setNode(n.id, { ...opts.measureNode(n) });
  const ids = new Set(plan.nodes.map((n) => n.id));
  const labelled = opts.measureEdge && plan.edges.length <= EDGE_LABEL_CAP;
  const steps = stepsBySubject(plan.steps);
  const texts = new Map<string, string>();
  // A connection does not put one end above the other, so it takes no part in the ranking (dagre
  // has no same-rank edges): connections are drawn afterwards, straight between the two boxes.
  const connections: PlanEdge[] = [];
  const waitsOfId = new Map(plan.edges.map((e) => [e.id, waitsOf(e)]));
  for (const e of plan.edges) {
    if (!ids.has(e.source) || !ids.has(e.target)) continue;
    const text = labelled ? edgeText(e, steps.get(e.id)) : undefined;
    if (text) texts.set(e.id, text);
    const waits = waitsOf(e);
    if (waits === 'neither' && e.source !== e.target) {
      connections.push(e);
      continue;
    }
    const size = text ? opts.measureEdge!(text) : undefined;
    const label = { weight: WEIGHT[e.kind], minlen: 1, labelpos: 'c' as const, ...(size ?? {}) };
    // The waiting end goes above: usually the source, for some LM relationships the target.
    if (waits === 'target') g.setEdge(e.target, e.source, label, e.id);
    else g.setEdge(e.source, e.target, label, e.id);
  }
  dagre.layout(g);
  const nodes = new Map<string, NodeBox>();
  for (const id of g.nodes()) {
    const n = g.node(id);
    const [cx, cy] = [n.x ?? 0, n.y ?? 0];
    nodes.set(id, { id, x: cx - n.width / 2, y: cy - n.height / 2, width: n.width, height: n.height });
  }
  const edges = new Map<string, EdgeLine>();
  const add = (id: string, points: Point[], at: Point | undefined) => {
    const line: EdgeLine = { id, points };
    const text = texts.get(id);
    if (text && at) line.label = { ...at, text };
    edges.set(id, line);
  };
  for (const ref of g.edges()) {
    const e = g.edge(ref);
    if (!ref.name) continue;
    const points = (e.points ?? []).map((p) => ({ x: p.x, y: p.y }));
    // Drawn as written, from source to target, whichever end was laid out above.
    if (waitsOfId.get(ref.name) === 'target') points.reverse();
    add(ref.name, points, e.x !== undefined && e.y !== undefined ? { x: e.x, y: e.y } : midpoint(points));
  }
  // Labels of the straight lines: the first place along the line that covers no box and no label.
  const taken: (Point & Size)[] = [...nodes.values()];
  for (const line of edges.values()) {
    const text = line.label && texts.get(line.id);
    if (line.label && text) taken.push(centred(line.label, opts.measureEdge!(text)));
  }
  for (const e of connections) {
    const points = between(nodes.get(e.source)!, nodes.get(e.target)!);
    const text = texts.get(e.id);
    if (!text) {
      add(e.id, points, undefined);
      continue;
    }
    const size = opts.measureEdge!(text);
    const spots = [0.5, 0.35, 0.65, 0.2, 0.8].map((f) => along(points, f));
    const at = spots.find((p) => !taken.some((b) => overlaps(centred(p, size), b))) ?? spots[0]!;
    taken.push(centred(at, size));
    add(e.id, points, at);
  }
  const graph = g.graph();
  return { width: graph.width ?? 0, height: graph.height ?? 0, nodes, edges };
}

/** Which end of an edge waits for the other (PlanEdge.waits, else as its kind says). */
export function waitsOf(e: PlanEdge): 'source' | 'target' | 'neither' {
  return e.waits ?? (e.kind === 'connectsTo' ? 'neither' : 'source');
}

/**
 * A label short enough for a line: `tosca.relationships.HostedOn` -> `HostedOn`, `host (HostedOn)`
 * -> `host` (the line style says HostedOn); the tooltip has the rest.
 */
export function shortLabel(label: string, kind?: PlanEdgeKind): string {
  let text = label.trim();
  const paren = /^(.+?)\s*\(([^()]+)\)$/.exec(text);
  if (paren && kind && paren[2]!.replace(/\W/g, '').toLowerCase() === KIND_WORDS[kind]) text = paren[1]!;
  if (/^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)+$/.test(text)) text = text.split('.').pop()!;
  return text.length > 28 ? `${text.slice(0, 27)}…` : text;
}

const KIND_WORDS: Record<PlanEdgeKind, string> = {
  hostedOn: 'hostedon',
  dependsOn: 'dependson',
  connectsTo: 'connectsto',
  relationship: 'relationship',
  mapping: 'mapping',
  upgrade: 'upgrade',
};

/**
 * The label drawn on an edge that is a step of the plan (a relationship template): its step number
 * and its name when that says more than the line style does. Other edges (mappings, dependencies
 * that are no activity of their own) stay unlabelled; their tooltip says what they are.
 */
export function edgeText(e: PlanEdge, steps: number[] | undefined): string | undefined {
  if (!steps?.length) return undefined;
  const name = shortLabel(e.label, e.kind);
  const says = name !== '' && name.toLowerCase() !== KIND_WORDS[e.kind];
  return says ? `${steps[0]} · ${name}` : String(steps[0]);
}

/** An SVG path through the layout's points, with the bends rounded. */
export function edgePath(points: Point[], radius = 10): string {
  if (points.length === 0) return '';
  const f = (n: number) => Math.round(n * 10) / 10;
  let d = `M${f(points[0]!.x)},${f(points[0]!.y)}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [a, b, c] = [points[i - 1]!, points[i]!, points[i + 1]!];
    const r = Math.min(radius, dist(a, b) / 2, dist(b, c) / 2);
    const p = toward(b, a, r);
    const q = toward(b, c, r);
    d += ` L${f(p.x)},${f(p.y)} Q${f(b.x)},${f(b.y)} ${f(q.x)},${f(q.y)}`;
  }
  if (points.length > 1) d += ` L${f(points[points.length - 1]!.x)},${f(points[points.length - 1]!.y)}`;
  return d;
}

/** A straight line from the border of box `a` to the border of box `b`, on the line between their centres. */
export function between(a: NodeBox, b: NodeBox): Point[] {
  const ca = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const cb = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  return [border(a, ca, cb), border(b, cb, ca)];
}

/** Where the ray from the box's centre `c` toward `to` leaves the box. */
function border(box: NodeBox, c: Point, to: Point): Point {
  const dx = to.x - c.x;
  const dy = to.y - c.y;
  if (dx === 0 && dy === 0) return c;
  const sx = dx === 0 ? Infinity : box.width / 2 / Math.abs(dx);
  const sy = dy === 0 ? Infinity : box.height / 2 / Math.abs(dy);
  const s = Math.min(sx, sy);
  return { x: c.x + dx * s, y: c.y + dy * s };
}

/** The point halfway along a polyline. */
export function midpoint(points: Point[]): Point | undefined {
  return points.length ? along(points, 0.5) : undefined;
}

/** The point at `fraction` of a (non-empty) polyline's length. */
function along(points: Point[], fraction: number): Point {
  let rest = points.slice(1).reduce((sum, p, i) => sum + dist(points[i]!, p), 0) * fraction;
  for (let i = 1; i < points.length; i++) {
    const d = dist(points[i - 1]!, points[i]!);
    if (d >= rest) return toward(points[i - 1]!, points[i]!, rest);
    rest -= d;
  }
  return points[points.length - 1]!;
}

const centred = (p: Point, s: Size) => ({ x: p.x - s.width / 2, y: p.y - s.height / 2, ...s });
const overlaps = (a: Point & Size, b: Point & Size) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const dist = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);
function toward(from: Point, to: Point, r: number): Point {
  const d = dist(from, to) || 1;
  return { x: from.x + ((to.x - from.x) * r) / d, y: from.y + ((to.y - from.y) * r) / d };
}

export interface Stage {
  stage: number;
  steps: PlanStep[];
}

/** Steps grouped by stage, in plan order: a stage of more than one step runs in parallel. */
export function stagesOf(steps: readonly PlanStep[]): Stage[] {
  const byStage = new Map<number, PlanStep[]>();
  for (const s of [...steps].sort((a, b) => a.stage - b.stage || a.index - b.index)) {
    const list = byStage.get(s.stage) ?? [];
    list.push(s);
    byStage.set(s.stage, list);
  }
  return [...byStage].map(([stage, list]) => ({ stage, steps: list }));
}

/** The edges and nodes on some cycle, to highlight them. */
export function cycleMembers(plan: PlanResult): { edges: Set<string>; nodes: Set<string> } {
  const edges = new Set(plan.cycles.flatMap((c) => c.edges));
  const nodes = new Set<string>(plan.cycles.flatMap((c) => c.nodes ?? []));
  for (const e of plan.edges) {
    if (edges.has(e.id)) {
      nodes.add(e.source);
      nodes.add(e.target);
    }
  }
  return { edges, nodes };
}

export interface OperationRun {
  /** The interface, e.g. `Standard` or `Configure`; empty for an operation written without one. */
  iface: string;
  /** The operations, and whether each has an implementation (undefined: not known). */
  names: { name: string; implemented?: boolean }[];
  on: string;
}

/** Consecutive operations of one interface on one template, as one run: `Standard: create → configure → start`. */
export function operationRuns(ops: readonly PlanStep['operations'][number][]): OperationRun[] {
  const out: OperationRun[] = [];
  for (const o of ops) {
    const dot = o.name.lastIndexOf('.');
    const iface = dot > 0 ? o.name.slice(0, dot) : '';
    const op = {
      name: dot > 0 ? o.name.slice(dot + 1) : o.name,
      ...(o.implemented === undefined ? {} : { implemented: o.implemented }),
    };
    const last = out[out.length - 1];
    if (last && last.iface === iface && last.on === o.on) last.names.push(op);
    else out.push({ iface, names: [op], on: o.on });
  }
  return out;
}

/** Node or edge id -> the 1-based indices of the steps acting on it. */
export function stepsBySubject(steps: readonly PlanStep[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const s of steps) {
    const list = out.get(s.subject) ?? [];
    list.push(s.index);
    out.set(s.subject, list);
  }
  return out;
}
