/**
 * Runs the plan layout in a web worker (layoutWorker.ts) and falls back to the page's own thread
 * when no worker can be started. One layout at a time: a newer plan (the user typed on) ends the
 * worker busy with an older one, whose picture nobody will see.
 */
import workerSource from 'plan-layout-worker';
import type { PlanResult } from '../../server/src/protocol.js';
import { layoutPlan, type GraphLayout, type Size } from './layout.js';
import type { LayoutAnswer, LayoutRequest } from './layoutWorker.js';

export interface Measured {
  nodes: Record<string, Size>;
  labels: Record<string, Size>;
}

/** A layout that a newer one replaced. */
export class Superseded extends Error {}

let worker: Worker | undefined;
let workerUrl: string | undefined;
let running: { id: number; reject(e: Error): void } | undefined;
let nextId = 0;
let broken = false;

/** The layout of `plan` with the sizes measured on the page; `off` says whether a worker computed it. */
export function layout(plan: PlanResult, sizes: Measured): Promise<{ layout: GraphLayout; off: boolean }> {
  if (running) {
    running.reject(new Superseded());
    running = undefined;
    worker?.terminate();
    worker = undefined;
  }
  const w = broken ? undefined : start();
  if (!w) return Promise.resolve({ layout: onPage(plan, sizes), off: false });
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    running = { id, reject };
    w.onmessage = (e: MessageEvent<LayoutAnswer>) => {
      if (running?.id !== e.data.id) return;
      running = undefined;
      resolve({ layout: fromAnswer(e.data), off: true });
    };
    w.onerror = (e) => {
      // A worker that cannot run (a policy, an old engine): this page lays out on its own from now on.
      e.preventDefault();
      broken = true;
      worker = undefined;
      if (running?.id !== id) return;
      running = undefined;
      try {
        resolve({ layout: onPage(plan, sizes), off: false });
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    w.postMessage({ id, plan, ...sizes } satisfies LayoutRequest);
  });
}

function start(): Worker | undefined {
  if (worker) return worker;
  try {
    workerUrl ??= URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
    worker = new Worker(workerUrl);
    return worker;
  } catch {
    broken = true;
    return undefined;
  }
}

function onPage(plan: PlanResult, sizes: Measured): GraphLayout {
  return layoutPlan(plan, {
    measureNode: (n) => sizes.nodes[n.id] ?? { width: 150, height: 52 },
    measureEdge: (text) => sizes.labels[text] ?? { width: text.length * 7 + 16, height: 20 },
  });
}

function fromAnswer(a: LayoutAnswer): GraphLayout {
  return {
    width: a.width,
    height: a.height,
    nodes: new Map(a.nodes.map((n) => [n.id, n])),
    edges: new Map(a.edges.map((e) => [e.id, e])),
  };
}
