/**
 * Draws the laid-out topology as SVG: one group per node (box, icon or glyph, label, type, the
 * number of its step) and per edge (a path styled by relationship kind, an arrow, a label). Only
 * attributes and classes are set, never inline styles, so the content security policy needs no
 * 'unsafe-inline'; colours come from the stylesheet, which takes them from the VS Code theme.
 */
import type { PlanEdge, PlanEdgeKind, PlanNode, PlanResult } from '../../server/src/protocol.js';
import { cycleMembers, edgePath, stepsBySubject, type EdgeLine, type GraphLayout } from './layout.js';

const SVG = 'http://www.w3.org/2000/svg';

export const KIND_NAMES: Record<PlanEdgeKind, string> = {
  hostedOn: 'hosted on',
  dependsOn: 'depends on',
  connectsTo: 'connects to',
  relationship: 'relationship',
  mapping: 'property mapping',
  upgrade: 'upgrade dependency',
};

/** Generic glyphs (24×24) by role, for nodes without a loadable icon. */
const GLYPHS: Record<PlanNode['role'], string> = {
  node: 'M12 2.5 20.5 7v10L12 21.5 3.5 17V7Z M3.5 7 12 11.5 20.5 7 M12 11.5v10',
  component: 'M4 4h16v16H4Z M4 9.5h16 M7 6.7h3',
  reference: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1 M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
};

export const NODE_HEIGHT = 52;
export const ICON = 24;
export const PAD = 12;

export interface NodeText {
  label: string;
  type: string;
}

/** What the page gives the drawing: display texts, icons, text measurement and the handlers. */
export interface GraphContext {
  /** Node id -> label and type, shortened to fit the box. */
  text: Map<string, NodeText>;
  /** Node id -> webview URI of its icon. */
  icons: Record<string, string>;
  /** Width of an edge label's box for this text. */
  labelWidth(text: string): number;
  activate(id: string): void;
  hover(id: string | undefined): void;
}

export function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
  parent?: Element,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}

export function renderGraph(plan: PlanResult, layout: GraphLayout, on: GraphContext): SVGSVGElement {
  const svg = el('svg', { class: 'graph', viewBox: `0 0 ${layout.width} ${layout.height}`, role: 'group' });
  svg.setAttribute('aria-label', `Topology of ${plan.title}: ${plan.nodes.length} nodes, ${plan.edges.length} edges`);
  const defs = el('defs', {}, svg);
  for (const kind of [...Object.keys(KIND_NAMES), 'cycle']) {
    const marker = el(
      'marker',
      // In user units: an arrow keeps its size when its line is drawn thicker (cycles, hover).
      { id: `arrow-${kind}`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 10, markerHeight: 10 },
      defs,
    );
    marker.setAttribute('orient', 'auto-start-reverse');
    marker.setAttribute('markerUnits', 'userSpaceOnUse');
    el('path', { d: 'M0,0.5 L10,5 L0,9.5 Z', class: `arrow kind-${kind}` }, marker);
  }
  const cycles = cycleMembers(plan);
  const steps = stepsBySubject(plan.steps);
  const nodesById = new Map(plan.nodes.map((n) => [n.id, n]));
  const edgeLayer = el('g', { class: 'edges' }, svg);
  for (const e of plan.edges) {
    const line = layout.edges.get(e.id);
    if (line) drawEdge(edgeLayer, e, line, cycles.edges.has(e.id), steps.get(e.id), nodesById, on);
  }
  const region = new Set(plan.scaleOut?.region ?? []);
  const selected = new Set(plan.scaleOut?.selected ?? []);
  const nodeLayer = el('g', { class: 'nodes' }, svg);
  for (const n of plan.nodes) {
    const box = layout.nodes.get(n.id);
    if (!box) continue;
    const classes = ['node', `role-${n.role}`];
    if (cycles.nodes.has(n.id)) classes.push('cycle');
    if (plan.scaleOut) {
      if (n.id === plan.scaleOut.node) classes.push('scale-target');
      if (region.has(n.id)) classes.push('region');
      else if (selected.has(n.id)) classes.push('selected-instance');
      else classes.push('outside');
    }
    const g = el('g', { class: classes.join(' '), transform: `translate(${box.x},${box.y})`, tabindex: 0 }, nodeLayer);
    g.setAttribute('role', 'button');
    g.dataset.id = n.id;
    const t = on.text.get(n.id) ?? { label: n.label, type: n.type ?? '' };
    const nums = steps.get(n.id) ?? [];
    g.setAttribute(
      'aria-label',
      `${n.label}${n.type ? `, ${n.type}` : ''}${nums.length ? `, step ${nums.join(', ')}` : ''}`,
    );
    el('title', {}, g).textContent = `${n.label}${n.type ? `\n${n.type}` : ''}\n(click to show the template)`;
    el('rect', { class: 'node-box', width: box.width, height: box.height, rx: 6, ry: 6 }, g);
    const iy = (box.height - ICON) / 2;
    const icon = on.icons[n.id];
    if (icon) {
      el('image', { href: icon, x: PAD, y: iy, width: ICON, height: ICON, class: 'node-icon' }, g);
    } else {
      el('path', { d: GLYPHS[n.role], transform: `translate(${PAD},${iy})`, class: 'node-glyph' }, g);
    }
    const tx = PAD + ICON + 10;
    el('text', { class: 'node-label', x: tx, y: t.type ? 22 : 30 }, g).textContent = t.label;
    if (t.type) el('text', { class: 'node-type', x: tx, y: 39 }, g).textContent = t.type;
    if (nums.length) badge(g, box.width, nums);
    g.addEventListener('click', () => on.activate(n.id));
    g.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ') {
        ev.preventDefault();
        on.activate(n.id);
      }
    });
    g.addEventListener('mouseenter', () => on.hover(n.id));
    g.addEventListener('mouseleave', () => on.hover(undefined));
  }
  return svg;
}

/** The step number(s) in a circle on the node's top right corner. */
function badge(g: SVGGElement, width: number, nums: number[]): void {
  const text = nums.length > 2 ? `${nums[0]}…` : nums.join(',');
  const w = Math.max(20, 8 + text.length * 7);
  const b = el('g', { class: 'badge', transform: `translate(${width - w + 6},-8)` }, g);
  el('rect', { width: w, height: 18, rx: 9, ry: 9 }, b);
  el('text', { x: w / 2, y: 13 }, b).textContent = text;
}

function drawEdge(
  layer: SVGGElement,
  e: PlanEdge,
  line: EdgeLine,
  inCycle: boolean,
  nums: number[] | undefined,
  nodes: Map<string, PlanNode>,
  on: GraphContext,
): void {
  const g = el('g', { class: `edge kind-${e.kind}${inCycle ? ' cycle' : ''}` }, layer);
  g.dataset.id = e.id;
  const d = edgePath(line.points);
  const from = nodes.get(e.source)?.label ?? e.source;
  const to = nodes.get(e.target)?.label ?? e.target;
  const step = nums?.length ? ` (step ${nums.join(', ')})` : '';
  el('title', {}, g).textContent = `${from} → ${to}: ${e.label || KIND_NAMES[e.kind]}${step}`;
  el('path', { class: 'edge-hit', d }, g);
  el('path', { class: 'edge-line', d, 'marker-end': `url(#arrow-${inCycle ? 'cycle' : e.kind})` }, g);
  if (line.label) {
    const lg = el('g', { class: 'edge-label', transform: `translate(${line.label.x},${line.label.y})` }, g);
    const w = on.labelWidth(line.label.text);
    el('rect', { x: -w / 2, y: -9, width: w, height: 18, rx: 4, ry: 4 }, lg);
    el('text', { x: 0, y: 4 }, lg).textContent = line.label.text;
  }
  if (e.uri) {
    g.addEventListener('click', () => on.activate(e.id));
  }
  g.addEventListener('mouseenter', () => on.hover(e.id));
  g.addEventListener('mouseleave', () => on.hover(undefined));
}
