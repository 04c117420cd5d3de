/**
 * The plan view's page script (bundled by esbuild into dist/plan.js, loaded under a nonce): it
 * receives plans from the extension, lays the topology out and draws it next to the numbered steps,
 * and sends back reveal requests (by id), plan kind changes and how long drawing took. Everything
 * the extension sends is re-validated (parseToWebview) and reaches the page as text only.
 */
import type { PlanKind, PlanNode } from '../../server/src/protocol.js';
import { parseToWebview, type FromWebview, type ToWebview } from '../src/planMessages.js';
import { ICON, KIND_NAMES, NODE_HEIGHT, PAD, el, renderGraph, type NodeText } from './graph.js';
import { edgeText, GRAPH_NODE_CAP, stepsBySubject, type GraphLayout, type Size } from './layout.js';
import { layout, Superseded, type Measured } from './layoutClient.js';
import { h, renderSteps } from './steps.js';

interface VsCodeApi {
  postMessage(message: FromWebview): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

type PlanMessage = Extract<ToWebview, { type: 'plan' }>;

const api = acquireVsCodeApi();
const app = document.getElementById('app')!;
let current: PlanMessage | undefined;
let zoom: number | 'fit' = 'fit';
let selected: string | undefined;
/** Elements drawn for an id (node, edge, or step subject), to highlight them together. */
let drawnById = new Map<string, Element[]>();

window.addEventListener('message', (ev: MessageEvent<unknown>) => {
  const m = parseToWebview(ev.data);
  if (!m) return;
  if (m.type === 'error') showError(m.message);
  else show(m);
});
window.addEventListener('resize', () => {
  if (zoom === 'fit') applyZoom();
});
api.postMessage({ type: 'ready' });

// Anything the content security policy blocks is recorded where the end-to-end test looks.
const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (e) => {
  violations.push(`${e.effectiveDirective} ${e.blockedURI}`);
  app.dataset.cspViolations = violations.join(' | ');
});

function showError(message: string): void {
  app.replaceChildren(h('div', 'banner info', message));
  app.dataset.state = 'error';
}

// --- text measurement ----------------------------------------------------------------------------

const ctx = document.createElement('canvas').getContext('2d');
const family = () => getComputedStyle(document.body).fontFamily || 'sans-serif';
function textWidth(text: string, font: string): number {
  if (!ctx) return text.length * 7;
  ctx.font = font;
  return ctx.measureText(text).width;
}
/** The text, shortened with an ellipsis to fit `max` pixels. */
function fit(text: string, font: string, max: number): string {
  if (textWidth(text, font) <= max) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidth(`${text.slice(0, mid)}…`, font) <= max) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}
const LABEL_FONT = () => `600 13px ${family()}`;
const TYPE_FONT = () => `11px ${family()}`;
const MIN_NODE = 150;
const MAX_TEXT = 190;

// --- the page ------------------------------------------------------------------------------------

function show(m: PlanMessage): void {
  // The extension sends its last plan again when the page says it is ready: drawn already.
  if (current?.seq === m.seq) return;
  const t0 = performance.now();
  const keep = scrollPositions();
  current = m;
  drawnById = new Map();
  const { plan } = m;
  const page: Element[] = [header(m)];
  if (plan.problem) page.push(h('div', 'banner info', plan.problem));
  if (plan.cycles.length) page.push(cycleBanner(m));
  const body = h('main', 'body');
  const pane = h('section', 'graph-pane', undefined, body);
  pane.setAttribute('aria-label', 'Topology');
  const scroll = h('div', 'graph-scroll', undefined, pane);
  const steps = renderSteps(plan, { activate, hover });
  body.appendChild(steps);
  for (const s of steps.querySelectorAll<HTMLElement>('.step')) remember(s.dataset.subject!, s);
  const footer = h('footer', 'timing');
  page.push(body, footer);
  app.replaceChildren(...page);
  app.dataset.state = 'drawing';
  restoreScroll(keep);
  if (selected) mark(selected, 'selected', true);

  const done = (layoutMs: number, renderMs: number, capped: boolean, worker = false) => {
    const where = worker ? ' (worker)' : '';
    const times = [`Request ${m.requestMs.toFixed(0)} ms`, `layout ${layoutMs.toFixed(0)} ms${where}`];
    times.push(`render ${renderMs.toFixed(0)} ms`);
    times.push(`${plan.nodes.length} nodes, ${plan.edges.length} edges, ${plan.steps.length} steps`);
    footer.textContent = times.join(' · ');
    Object.assign(app.dataset, {
      state: 'ready',
      seq: String(m.seq),
      kind: plan.kind,
      layoutMs: layoutMs.toFixed(1),
      renderMs: renderMs.toFixed(1),
    });
    const counts = { nodes: plan.nodes.length, edges: plan.edges.length };
    api.postMessage({ type: 'drawn', seq: m.seq, layoutMs, renderMs, ...counts, capped, worker });
  };
  if (plan.nodes.length > GRAPH_NODE_CAP) {
    h(
      'p',
      'placeholder',
      `The topology has ${plan.nodes.length} nodes; the view draws graphs of up to ${GRAPH_NODE_CAP} nodes. ` +
        'The steps are all listed; the command line can export the graph (plan --format dot or mermaid).',
      scroll,
    );
    return done(0, performance.now() - t0, true);
  }
  if (plan.nodes.length === 0) {
    h('p', 'placeholder', 'Nothing to draw.', scroll);
    return done(0, performance.now() - t0, false);
  }
  // The steps are on screen already; the graph follows when its layout is ready.
  const waiting = h('p', 'placeholder', `Laying out ${plan.nodes.length} nodes…`, scroll);
  const text = new Map<string, NodeText>();
  const sizes = measure(m, text);
  const pageMs = performance.now() - t0;
  const l0 = performance.now();
  layout(plan, sizes).then(
    ({ layout: laid, off }) => {
      if (current !== m) return;
      const layoutMs = performance.now() - l0;
      const r0 = performance.now();
      const svg = renderGraph(plan, laid, {
        text,
        icons: m.icons,
        labelWidth: (s) => textWidth(s, TYPE_FONT()) + 12,
        activate,
        hover,
      });
      svg.dataset.width = String(laid.width);
      svg.dataset.height = String(laid.height);
      waiting.replaceWith(svg);
      for (const g of svg.querySelectorAll<SVGGElement>('.node, .edge')) remember(g.dataset.id!, g);
      pane.appendChild(legend(m, laid));
      applyZoom();
      restoreScroll(keep);
      if (selected) mark(selected, 'selected', true);
      void document.body.offsetHeight; // count style and layout of the new page in the render time
      done(layoutMs, pageMs + performance.now() - r0, false, off);
    },
    (e: unknown) => {
      if (e instanceof Superseded || current !== m) return;
      waiting.textContent = `The graph could not be laid out: ${e instanceof Error ? e.message : String(e)}`;
      done(performance.now() - l0, pageMs, false);
    },
  );
}

/** Box sizes of the nodes and edge labels, measured with the page's fonts (a worker has none). */
function measure(m: PlanMessage, text: Map<string, NodeText>): Measured {
  const nodes: Record<string, Size> = {};
  for (const n of m.plan.nodes) nodes[n.id] = measureNode(n, text);
  const labels: Record<string, Size> = {};
  const steps = stepsBySubject(m.plan.steps);
  for (const e of m.plan.edges) {
    const label = edgeText(e, steps.get(e.id));
    if (label && !labels[label]) labels[label] = { width: textWidth(label, TYPE_FONT()) + 16, height: 20 };
  }
  return { nodes, labels };
}

function measureNode(n: PlanNode, text: Map<string, NodeText>): { width: number; height: number } {
  const label = fit(n.label, LABEL_FONT(), MAX_TEXT);
  const type = fit(n.type ?? '', TYPE_FONT(), MAX_TEXT);
  text.set(n.id, { label, type });
  const w = Math.max(textWidth(label, LABEL_FONT()), textWidth(type, TYPE_FONT()));
  return { width: Math.max(MIN_NODE, Math.ceil(PAD + ICON + 10 + w + PAD + 10)), height: NODE_HEIGHT };
}

function header(m: PlanMessage): HTMLElement {
  const { plan } = m;
  const bar = h('header', 'bar');
  const title = h('div', 'title', undefined, bar);
  h('span', 'lang', plan.language === 'lm' ? 'LM assembly' : 'TOSCA', title);
  h('h1', undefined, plan.title, title);
  const kinds = h('div', 'kinds', undefined, bar);
  kinds.setAttribute('role', 'radiogroup');
  kinds.setAttribute('aria-label', 'Plan');
  const names: [PlanKind, string][] = [
    ['build', 'Build'],
    ['termination', 'Termination'],
    ['scaleOut', 'Scale-out'],
  ];
  for (const [kind, name] of names) {
    const b = h('button', 'kind', name, kinds);
    b.type = 'button';
    b.setAttribute('role', 'radio');
    b.setAttribute('aria-checked', String(plan.kind === kind));
    b.dataset.kind = kind;
    b.addEventListener('click', () => {
      if (kind !== 'scaleOut') return api.postMessage({ type: 'kind', kind });
      const node =
        plan.scaleOut?.node ?? (selected && plan.nodes.some((n) => n.id === selected) ? selected : topNode());
      api.postMessage(node ? { type: 'kind', kind, node } : { type: 'kind', kind });
    });
  }
  if (plan.kind === 'scaleOut') {
    const label = h('label', 'scale-node', 'Instance of ', bar);
    const select = h('select', undefined, undefined, label);
    for (const n of plan.nodes) {
      const o = h('option', undefined, n.label, select);
      o.value = n.id;
      o.selected = n.id === plan.scaleOut?.node;
    }
    if (!plan.scaleOut) select.selectedIndex = -1;
    select.addEventListener('change', () => api.postMessage({ type: 'kind', kind: 'scaleOut', node: select.value }));
  }
  return bar;
}

/** Zoom buttons, at the end of the legend. */
function zoomControls(): HTMLElement {
  const z = h('div', 'zoom');
  const zb = (text: string, label: string, f: () => void) => {
    const b = h('button', undefined, text, z);
    b.type = 'button';
    b.title = label;
    b.setAttribute('aria-label', label);
    b.addEventListener('click', f);
  };
  zb('−', 'Zoom out', () => setZoom(currentScale() / 1.25));
  zb('Fit', 'Fit the graph to the view', () => setZoom('fit'));
  zb('+', 'Zoom in', () => setZoom(currentScale() * 1.25));
  return z;
}

/** The default node to scale out: the first one nothing is hosted on (an application, not a server). */
function topNode(): string | undefined {
  const plan = current?.plan;
  if (!plan) return undefined;
  const hosts = new Set(plan.edges.filter((e) => e.kind === 'hostedOn').map((e) => e.target));
  return (plan.nodes.find((n) => !hosts.has(n.id)) ?? plan.nodes[0])?.id;
}

function cycleBanner(m: PlanMessage): HTMLElement {
  const n = m.plan.cycles.length;
  const box = h('div', 'banner error');
  box.setAttribute('role', 'alert');
  h('strong', undefined, n === 1 ? 'No plan: a cycle' : `No plan: ${n} cycles`, box);
  h('span', undefined, ' makes the order impossible (highlighted in the graph).', box);
  const list = h('ul', 'cycles', undefined, box);
  for (const c of m.plan.cycles) {
    const li = h('li', undefined, c.message, list);
    li.tabIndex = 0;
    li.title = 'Click to show the first relationship of the loop';
    const first = c.edges[0];
    if (first) li.addEventListener('click', () => activate(first));
    li.addEventListener('mouseenter', () => c.edges.forEach((e) => mark(e, 'hl', true)));
    li.addEventListener('mouseleave', () => c.edges.forEach((e) => mark(e, 'hl', false)));
  }
  return box;
}

function legend(m: PlanMessage, layout: GraphLayout): HTMLElement {
  const ul = h('ul', 'legend');
  ul.setAttribute('aria-label', 'Legend');
  const kinds = new Set(m.plan.edges.filter((e) => layout.edges.has(e.id)).map((e) => e.kind));
  const entries: [string, string][] = [...kinds].map((k) => [`kind-${k}`, KIND_NAMES[k]]);
  if (m.plan.cycles.length) entries.push(['cycle', 'cycle']);
  for (const [cls, name] of entries) {
    const li = h('li', undefined, undefined, ul);
    const svg = el('svg', { width: 34, height: 10, 'aria-hidden': 'true', class: `edge ${cls}` }, li);
    el('line', { x1: 1, y1: 5, x2: 33, y2: 5, class: 'edge-line' }, svg);
    h('span', undefined, name, li);
  }
  if (m.plan.scaleOut) {
    for (const [cls, name] of [
      ['region', 'new instance (region)'],
      ['selected-instance', 'existing instance it uses'],
    ]) {
      const li = h('li', undefined, undefined, ul);
      h('span', `swatch ${cls}`, undefined, li);
      h('span', undefined, name, li);
    }
  }
  h('li', 'hint', 'Click a node or step to show its template', ul);
  ul.appendChild(h('li', undefined, undefined)).appendChild(zoomControls());
  return ul;
}

// --- interaction ---------------------------------------------------------------------------------

function remember(id: string, e: Element): void {
  const list = drawnById.get(id) ?? [];
  list.push(e);
  drawnById.set(id, list);
}

function mark(id: string, cls: string, on: boolean): void {
  for (const e of drawnById.get(id) ?? []) e.classList.toggle(cls, on);
}

function activate(id: string): void {
  if (selected) mark(selected, 'selected', false);
  selected = id;
  mark(id, 'selected', true);
  api.postMessage({ type: 'reveal', id });
}

let hovered: string | undefined;
function hover(id: string | undefined): void {
  if (hovered) mark(hovered, 'hl', false);
  hovered = id;
  if (id) mark(id, 'hl', true);
}

// --- zoom and scrolling --------------------------------------------------------------------------

function graphSvg(): SVGSVGElement | null {
  return app.querySelector<SVGSVGElement>('svg.graph');
}
function currentScale(): number {
  const svg = graphSvg();
  return svg ? Number(svg.getAttribute('width')) / Number(svg.dataset.width) || 1 : 1;
}
function setZoom(z: number | 'fit'): void {
  zoom = typeof z === 'number' ? Math.min(3, Math.max(0.2, z)) : z;
  applyZoom();
}
function applyZoom(): void {
  const svg = graphSvg();
  const scroll = svg?.parentElement;
  if (!svg || !scroll) return;
  const w = Number(svg.dataset.width);
  const hgt = Number(svg.dataset.height);
  // Fit: the whole graph when it stays readable, never enlarged; a large graph fits the width at
  // no less than 30% and scrolls down (the buttons zoom in).
  const whole = Math.min(1, (scroll.clientWidth - 4) / w, (scroll.clientHeight - 4) / hgt);
  const scale = zoom !== 'fit' ? zoom : whole >= 0.6 ? whole : Math.max(0.3, Math.min(1, (scroll.clientWidth - 4) / w));
  svg.setAttribute('width', String(Math.round(w * scale)));
  svg.setAttribute('height', String(Math.round(hgt * scale)));
}

function scrollPositions(): number[] {
  return ['.graph-scroll', '.steps'].map((s) => app.querySelector(s)?.scrollTop ?? 0);
}
function restoreScroll(pos: number[]): void {
  ['.graph-scroll', '.steps'].forEach((s, i) => {
    const e = app.querySelector(s);
    if (e) e.scrollTop = pos[i] ?? 0;
  });
}
