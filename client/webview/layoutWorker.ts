/**
 * The layout of the plan view off the page's main thread: the page measures the texts (it has the
 * fonts), the worker runs dagre and sends the boxes and lines back, so a large topology never
 * freezes the view. esbuild bundles this file as text into the page script (see esbuild.mjs), which
 * starts it from a blob: URL (the content security policy allows workers from blob: only).
 */
import type { PlanResult } from '../../server/src/protocol.js';
import { layoutPlan, type EdgeLine, type NodeBox, type Size } from './layout.js';

export interface LayoutRequest {
  id: number;
  plan: PlanResult;
  /** Node id -> box size. */
  nodes: Record<string, Size>;
  /** Edge label text -> box size. */
  labels: Record<string, Size>;
}

export interface LayoutAnswer {
  id: number;
  width: number;
  height: number;
  nodes: NodeBox[];
  edges: EdgeLine[];
  /** Time dagre took inside the worker. */
  ms: number;
}

const scope = self as unknown as {
  addEventListener(type: 'message', f: (e: MessageEvent<LayoutRequest>) => void): void;
  postMessage(message: LayoutAnswer): void;
};

scope.addEventListener('message', (e) => {
  const { id, plan, nodes, labels } = e.data;
  const t0 = performance.now();
  const layout = layoutPlan(plan, {
    measureNode: (n) => nodes[n.id] ?? { width: 150, height: 52 },
    measureEdge: (text) => labels[text] ?? { width: text.length * 7 + 16, height: 20 },
  });
  scope.postMessage({
    id,
    width: layout.width,
    height: layout.height,
    nodes: [...layout.nodes.values()],
    edges: [...layout.edges.values()],
    ms: performance.now() - t0,
  });
});
