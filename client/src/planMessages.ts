/**
 * The messages between the plan panel (extension side, planPanel.ts) and its webview
 * (client/webview/plan.ts). Each side validates what it receives: a webview is a web page, so the
 * extension treats its messages as untrusted input, and the webview checks the plan's shape before
 * drawing it. Pure code (no vscode, no DOM): both bundles import it and the node tests cover it.
 */
import type { PlanKind, PlanResult } from '../../server/src/protocol.js';

/** Extension -> webview. */
export type ToWebview =
  | {
      type: 'plan';
      /** Increases with every plan sent; the webview echoes it in `drawn`. */
      seq: number;
      plan: PlanResult;
      /** Node id -> webview URI of its icon, for icons that are local files the webview may load. */
      icons: Record<string, string>;
      /** Round trip of the plan request, in milliseconds. */
      requestMs: number;
    }
  /** The plan could not be requested (no server, request failed): shown instead of a plan. */
  | { type: 'error'; message: string };

/** Webview -> extension. */
export type FromWebview =
  | { type: 'ready' }
  /** Reveal the template of a node or edge of the current plan (a step sends its subject). */
  | { type: 'reveal'; id: string }
  | { type: 'kind'; kind: PlanKind; node?: string }
  | {
      type: 'drawn';
      seq: number;
      layoutMs: number;
      renderMs: number;
      nodes: number;
      edges: number;
      /** The graph was not drawn because it is larger than the webview draws (the steps still are). */
      capped: boolean;
      /** The layout ran in a web worker (else on the page's thread). */
      worker: boolean;
    };

export const PLAN_KINDS: readonly PlanKind[] = ['build', 'termination', 'scaleOut'];

/** Ids are template names and generated edge ids: anything longer is not one of ours. */
const MAX_ID = 1000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
export const isPlanKind = (v: unknown): v is PlanKind => PLAN_KINDS.includes(v as PlanKind);

/** A message from the webview, checked field by field; undefined for anything else. */
export function parseFromWebview(m: unknown): FromWebview | undefined {
  if (!isObject(m)) return undefined;
  switch (m.type) {
    case 'ready':
      return { type: 'ready' };
    case 'reveal':
      return isId(m.id) ? { type: 'reveal', id: m.id } : undefined;
    case 'kind':
      if (!isPlanKind(m.kind)) return undefined;
      if (m.node !== undefined && !isId(m.node)) return undefined;
      return m.node === undefined ? { type: 'kind', kind: m.kind } : { type: 'kind', kind: m.kind, node: m.node };
    case 'drawn': {
      const { seq, layoutMs, renderMs, nodes, edges, capped, worker } = m;
      if (![seq, layoutMs, renderMs, nodes, edges].every(isCount)) return undefined;
      if (typeof capped !== 'boolean' || typeof worker !== 'boolean') return undefined;
      return {
        type: 'drawn',
        seq: seq as number,
        layoutMs: layoutMs as number,
        renderMs: renderMs as number,
        nodes: nodes as number,
        edges: edges as number,
        capped,
        worker,
      };
    }
    default:
      return undefined;
  }
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const int = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function range(v: unknown): PlanResult['nodes'][number]['range'] {
  const pos = (p: unknown) => ({
    line: isObject(p) ? (int(p.line) ?? 0) : 0,
    character: isObject(p) ? (int(p.character) ?? 0) : 0,
  });
  return isObject(v) ? { start: pos(v.start), end: pos(v.end) } : { start: pos(0), end: pos(0) };
}

/**
 * A message from the extension, for the webview: the plan is rebuilt from the fields it has, so
 * entries of the wrong shape are dropped rather than drawn, and nothing but strings and numbers
 * reaches the DOM.
 */
export function parseToWebview(m: unknown): ToWebview | undefined {
  if (!isObject(m)) return undefined;
  if (m.type === 'error') return { type: 'error', message: str(m.message) ?? 'The plan could not be computed.' };
  if (m.type !== 'plan' || !isObject(m.plan) || !isCount(m.seq)) return undefined;
  const p = m.plan;
  const nodes = arr(p.nodes).flatMap((n): PlanResult['nodes'] => {
    if (!isObject(n) || !isId(n.id)) return [];
    const role = n.role === 'component' || n.role === 'reference' ? n.role : 'node';
    const type = str(n.type);
    return [
      {
        id: n.id,
        label: str(n.label) ?? n.id,
        ...(type === undefined ? {} : { type }),
        role,
        uri: str(n.uri) ?? '',
        range: range(n.range),
      },
    ];
  });
  const ids = new Set(nodes.map((n) => n.id));
  const kinds = ['hostedOn', 'dependsOn', 'connectsTo', 'relationship', 'mapping', 'upgrade'] as const;
  const edges = arr(p.edges).flatMap((e): PlanResult['edges'] => {
    if (!isObject(e) || !isId(e.id) || !isId(e.source) || !isId(e.target)) return [];
    if (!ids.has(e.source) || !ids.has(e.target)) return [];
    const kind = kinds.find((k) => k === e.kind) ?? 'relationship';
    const waits = (['source', 'target', 'neither'] as const).find((w) => w === e.waits);
    return [
      {
        id: e.id,
        source: e.source,
        target: e.target,
        kind,
        label: str(e.label) ?? '',
        uri: str(e.uri) ?? '',
        range: range(e.range),
        ...(waits ? { waits } : {}),
      },
    ];
  });
  const activities = ['provision', 'terminate', 'connect', 'disconnect', 'select'] as const;
  const steps = arr(p.steps).flatMap((s): PlanResult['steps'] => {
    if (!isObject(s) || !isId(s.subject)) return [];
    const index = int(s.index);
    const stage = int(s.stage);
    if (index === undefined || stage === undefined) return [];
    const operations = arr(s.operations).flatMap((o) =>
      isObject(o) && typeof o.name === 'string'
        ? [
            {
              name: o.name,
              on: str(o.on) ?? '',
              ...(typeof o.implemented === 'boolean' ? { implemented: o.implemented } : {}),
            },
          ]
        : [],
    );
    const activity = activities.find((a) => a === s.activity) ?? 'provision';
    return [{ index, stage, subject: s.subject, activity, operations, label: str(s.label) ?? s.subject }];
  });
  const cycles = arr(p.cycles).flatMap((c): PlanResult['cycles'] => {
    if (!isObject(c)) return [];
    const cycle: PlanResult['cycles'][number] = {
      edges: arr(c.edges).filter(isId),
      message: str(c.message) ?? 'A cycle makes the plan impossible.',
    };
    if (Array.isArray(c.nodes)) cycle.nodes = c.nodes.filter(isId);
    return [cycle];
  });
  const so = p.scaleOut;
  const plan: PlanResult = {
    language: p.language === 'lm' ? 'lm' : 'tosca',
    kind: isPlanKind(p.kind) ? p.kind : 'build',
    title: str(p.title) ?? '',
    uri: str(p.uri) ?? '',
    nodes,
    edges,
    steps,
    cycles,
  };
  if (isObject(so) && isId(so.node)) {
    plan.scaleOut = { node: so.node, region: arr(so.region).filter(isId), selected: arr(so.selected).filter(isId) };
  }
  const problem = str(p.problem);
  if (problem !== undefined) plan.problem = problem;
  const icons: Record<string, string> = {};
  if (isObject(m.icons))
    for (const [k, v] of Object.entries(m.icons)) if (ids.has(k) && typeof v === 'string') icons[k] = v;
  return { type: 'plan', seq: m.seq, plan, icons, requestMs: isCount(m.requestMs) ? m.requestMs : 0 };
}
