/**
 * Loops in a dependency graph: for every edge that lies on a loop, one loop through it (the edge,
 * then a shortest way back to its start), written from the loop's first node in declaration order
 * so that every edge of a simple loop spells it the same way. Shared by the packs' dependency
 * graphs; the plan and the cycle rules read the same loops.
 */

export interface LoopEdge {
  from: string;
  to: string;
}

/**
 * The loops through the edges `include` accepts, one entry per such edge on a loop, in edge order.
 * `nodes` gives the declaration order; edges to nodes not listed are ignored.
 */
export function loopsThrough<E extends LoopEdge>(
  nodes: readonly string[],
  edges: readonly E[],
  include: (e: E) => boolean = () => true,
): { edge: E; loop: E[] }[] {
  const order = new Map(nodes.map((n, i) => [n, i] as const));
  const out = new Map<string, E[]>();
  for (const e of edges) {
    if (!include(e) || !order.has(e.from) || !order.has(e.to)) continue;
    (out.get(e.from) ?? out.set(e.from, []).get(e.from)!).push(e);
  }
  const component = stronglyConnected(nodes, (n) => (out.get(n) ?? []).map((e) => e.to));
  const result: { edge: E; loop: E[] }[] = [];
  for (const e of edges) {
    if (!include(e) || !order.has(e.from) || !order.has(e.to)) continue;
    const c = component.get(e.from);
    if (c === undefined || c !== component.get(e.to)) continue;
    const back =
      e.from === e.to
        ? []
        : shortestPath(e.to, e.from, (n) => (out.get(n) ?? []).filter((x) => component.get(x.to) === c));
    if (!back) continue;
    const loop = [e, ...back];
    let first = 0;
    loop.forEach((x, i) => {
      if (order.get(x.from)! < order.get(loop[first]!.from)!) first = i;
    });
    result.push({ edge: e, loop: [...loop.slice(first), ...loop.slice(0, first)] });
  }
  return result;
}

/** `a → b → c → a`: the nodes of a loop, back to the first. */
export function spellLoop(loop: readonly LoopEdge[], name: (n: string) => string = (n) => n): string {
  if (!loop.length) return '';
  return [...loop.map((e) => name(e.from)), name(loop[0]!.from)].join(' → ');
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
function shortestPath<E extends LoopEdge>(from: string, to: string, next: (n: string) => E[]): E[] | undefined {
  const via = new Map<string, E | null>([[from, null]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const n = queue[i]!;
    if (n === to) break;
    for (const e of next(n)) {
      if (via.has(e.to)) continue;
      via.set(e.to, e);
      queue.push(e.to);
    }
  }
  if (!via.has(to)) return undefined;
  const path: E[] = [];
  for (let e = via.get(to); e; e = via.get(e.from)) path.unshift(e);
  return path;
}
