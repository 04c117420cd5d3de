/**
 * The deployment plan of an assembly: references are looked up first, then each component is
 * brought up (Create, Install, Configure, Start) once what it waits for is up, and each
 * relationship is created between the component it releases and the one that waits for it (see
 * dependencyGraph.ts for what makes a component wait). Uninstalling runs the other way round:
 * relationships are ceased before their components leave their states (Stratoss LM "Assembly
 * descriptors", relationships), then each component is stopped, uninstalled and deleted after
 * the components that waited for it. A scale-out adds one instance of a component: the
 * components it waits for or is related to are selected (existing instances), then the new
 * instance and its relationships are built in order.
 *
 * The plan works per component: a component that waits at one of its transitions is placed after
 * what it waits for as a whole.
 */
import * as path from '../../util/path.js';
import type { ComponentDecl, DescriptorSummary } from '../../model/lm/summary.js';
import type { PlanCycle, PlanEdge, PlanNode, PlanResult, PlanStep } from '../../protocol.js';
import { didYouMean, suggestion } from '../../util/suggest.js';
import { orderActivities, uniqueIds, type PlanActivity } from '../shared/planOrder.js';
import type { FeatureContext } from '../types.js';
import type { PlanRequest } from '../shared/pack.js';
import { descriptorOf } from './context.js';
import { assemblyGraph, loopMessage, type LmDependency, type LmGraph, type LmRelationship } from './dependencyGraph.js';
import { componentTarget } from './resolve.js';

const BUILD = ['Create', 'Install', 'Configure', 'Start'];
const TEARDOWN = ['Stop', 'Uninstall', 'Delete'];

export function plan(ctx: FeatureContext, request: PlanRequest): PlanResult {
  const summary = descriptorOf(ctx);
  const title = ctx.index.effectiveName(ctx.doc.path) ?? summary?.explicitName?.text ?? path.basename(ctx.doc.path);
  const result: PlanResult = {
    language: 'lm',
    kind: request.kind,
    title,
    uri: ctx.doc.path,
    nodes: [],
    edges: [],
    steps: [],
    cycles: [],
  };
  if (!summary || summary.kind !== 'assembly') {
    result.problem =
      'Only assemblies have a deployment plan (a resource is brought up by its own lifecycle, in the assemblies ' +
      'that use it).';
    return result;
  }
  const graph = assemblyGraph(ctx, summary);
  const range = (span: { start: number; end: number }) => ctx.doc.lines.rangeOf(span);
  result.nodes = graph.nodes.map((c): PlanNode => ({
    id: c.name,
    label: c.name,
    ...(c.type !== undefined ? { type: c.type } : {}),
    role: c.section === 'references' ? 'reference' : 'component',
    uri: ctx.doc.path,
    range: range(c.keySpan),
  }));
  if (!graph.nodes.length) {
    result.problem = 'The assembly has no components.';
    return result;
  }
  const { edges, idOf } = planEdges(ctx, graph);
  result.edges = edges;

  if (graph.loops.length) {
    const seen = new Set<string>();
    for (const l of graph.loops) {
      const ids = l.loop.map((e) => idOf.get(e)!);
      const key = ids.join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      result.cycles.push({
        edges: ids,
        message: loopMessage(l),
        nodes: [...l.loop.map((e) => e.from), l.loop[0]!.from],
      } satisfies PlanCycle);
    }
    return result;
  }

  const infos = new Map(graph.nodes.map((c) => [c.name, componentInfo(ctx, summary, c)] as const));
  const relSubject = new Map<LmRelationship, string>();
  for (const rel of graph.relationships) {
    const first = edges.find((e) => e.kind === 'relationship' && e.label === rel.name);
    if (first) relSubject.set(rel, first.id);
  }
  const build = buildActivities(graph, infos, relSubject);
  let steps: PlanStep[] | undefined;
  if (request.kind === 'termination') steps = orderActivities(terminationActivities(graph, infos, relSubject));
  else if (request.kind === 'scaleOut') {
    const node = request.node ?? '';
    const c = graph.nodes.find((n) => n.name === node);
    if (!c || c.section === 'references') {
      const hint = didYouMean(
        node,
        graph.nodes.filter((n) => n.section === 'composition').map((n) => n.name),
      );
      result.problem = !node
        ? 'A scale-out plan needs the component to add an instance of.'
        : c
          ? `\`${node}\` is a reference: LM finds an existing instance of it and never creates one.`
          : `No component \`${node}\` in this assembly${suggestion(hint)}.`;
      return result;
    }
    const s = scaleOut(graph, build, c);
    result.scaleOut = { node, region: [node], selected: s.selected };
    steps = orderActivities(s.activities);
  } else steps = orderActivities(build);
  if (!steps) result.problem = 'The components wait on each other, so no order can bring them up.';
  else result.steps = steps;
  return result;
}

/** One plan edge per mapped pair, upgrade dependency and relationship pair; ids for the graph's edges. */
function planEdges(ctx: FeatureContext, graph: LmGraph): { edges: PlanEdge[]; idOf: Map<LmDependency, string> } {
  const edges: PlanEdge[] = [];
  const idOf = new Map<LmDependency, string>();
  const byKey = new Map<string, PlanEdge>();
  const unique = uniqueIds();
  const ordering = new Set(graph.ordering);
  const range = (span: { start: number; end: number }) => ctx.doc.lines.rangeOf(span);
  for (const e of graph.edges) {
    if (e.kind === 'relationship') continue;
    const key = `${e.from}->${e.to}:${e.kind}`;
    let pe = byKey.get(key);
    if (!pe) {
      pe = {
        id: unique(key),
        source: e.from,
        target: e.to,
        kind: e.kind,
        label: e.kind === 'upgrade' ? 'upgrade-dependencies' : e.label,
        uri: ctx.doc.path,
        range: range(e.span),
        waits: 'source',
      };
      byKey.set(key, pe);
      edges.push(pe);
    } else if (e.kind === 'mapping' && !pe.label.split(', ').includes(e.label)) {
      const labels = pe.label.split(', ');
      if (labels.length < 3) pe.label += `, ${e.label}`;
      else if (!pe.label.endsWith('…')) pe.label += ', …';
    }
    idOf.set(e, pe.id);
  }
  for (const rel of graph.relationships) {
    for (const s of rel.sources) {
      for (const t of rel.targets) {
        if (s === t) continue;
        const dep = graph.edges.find(
          (e) => e.relationship === rel && ((e.from === t && e.to === s) || (e.from === s && e.to === t)),
        );
        const pe: PlanEdge = {
          id: unique(`${s}->${t}:${rel.name}`),
          source: s,
          target: t,
          kind: 'relationship',
          label: rel.name,
          uri: ctx.doc.path,
          range: range(rel.keySpan),
          waits: dep && ordering.has(dep) ? rel.waits : 'neither',
        };
        edges.push(pe);
        if (dep) idOf.set(dep, pe.id);
      }
    }
  }
  return { edges, idOf };
}

const nodeKey = (n: string) => `node:${n}`;
const pairText = (rel: LmRelationship) => `${rel.sources.join(', ')} → ${rel.targets.join(', ')}`;
const relKey = (r: LmRelationship) => `rel:${r.name}`;

function provisionLabel(c: ComponentDecl): string {
  if (c.section === 'references') return `select ${c.name} (an existing instance)`;
  const extra = c.items !== undefined ? ` (one per item of ${c.items})` : c.cluster ? ' (cluster)' : '';
  return `provision ${c.name}${extra}`;
}

/** What the plan knows of a component's descriptor: its transitions (a resource), or that it is an assembly. */
interface ComponentInfo {
  reference: boolean;
  assembly: boolean;
  declared?: Set<string>;
}

function componentInfo(ctx: FeatureContext, summary: DescriptorSummary, c: ComponentDecl): ComponentInfo {
  if (c.section === 'references') return { reference: true, assembly: false };
  const target = componentTarget(ctx, summary, c.name)?.descriptor?.summary;
  const info: ComponentInfo = { reference: false, assembly: target?.kind === 'assembly' };
  if (target?.kind === 'resource') info.declared = new Set(target.transitions.map((t) => t.name));
  return info;
}

/** The transitions run on a component, marked by whether its resource descriptor declares them. */
function transitions(c: ComponentDecl, info: ComponentInfo, names: readonly string[]): PlanStep['operations'] {
  if (info.reference || info.assembly) return [];
  return names.map((name) => ({
    name,
    on: c.name,
    ...(info.declared ? { implemented: info.declared.has(name) } : {}),
  }));
}

/** The graph edge that orders a relationship's pair, when the plan orders by it. */
function pairEdge(graph: LmGraph, rel: LmRelationship, s: string, t: string): LmDependency | undefined {
  return graph.ordering.find(
    (e) => e.relationship === rel && ((e.from === t && e.to === s) || (e.from === s && e.to === t)),
  );
}

/** The build activities: every node and relationship, each after what it waits for. */
function buildActivities(
  graph: LmGraph,
  infos: Map<string, ComponentInfo>,
  relSubject: Map<LmRelationship, string>,
): PlanActivity[] {
  const acts = new Map<string, PlanActivity>();
  for (const c of graph.nodes) {
    const info = infos.get(c.name)!;
    acts.set(nodeKey(c.name), {
      key: nodeKey(c.name),
      subject: c.name,
      activity: info.reference ? 'select' : 'provision',
      operations: transitions(c, info, BUILD),
      label: provisionLabel(c) + (info.assembly ? ' (an assembly: brought up by its own plan)' : ''),
      after: [],
    });
  }
  for (const e of graph.ordering) {
    if (e.kind !== 'relationship') acts.get(nodeKey(e.from))!.after.push(nodeKey(e.to));
  }
  for (const rel of graph.relationships) {
    const subject = relSubject.get(rel);
    if (subject === undefined) continue;
    const a: PlanActivity = {
      key: relKey(rel),
      subject,
      activity: 'connect',
      operations: rel.create.map((o) => ({ name: o.operation, on: o.component })),
      label: `create relationship ${rel.name} (${pairText(rel)})`,
      after: [],
    };
    for (const s of rel.sources) {
      for (const t of rel.targets) {
        if (s === t) continue;
        const dep = pairEdge(graph, rel, s, t);
        if (dep) {
          a.after.push(nodeKey(dep.to));
          acts.get(nodeKey(dep.from))!.after.push(a.key);
        } else a.after.push(nodeKey(s), nodeKey(t));
      }
    }
    acts.set(a.key, a);
  }
  return [...acts.values()];
}

/**
 * Uninstalling: each relationship is ceased first (before its components leave their states), then
 * each component after the components that waited for it; references are not LM's to remove.
 */
function terminationActivities(
  graph: LmGraph,
  infos: Map<string, ComponentInfo>,
  relSubject: Map<LmRelationship, string>,
): PlanActivity[] {
  const out: PlanActivity[] = [];
  const nodeActs = new Map<string, PlanActivity>();
  for (const c of graph.nodes) {
    const info = infos.get(c.name)!;
    if (info.reference) continue;
    const a: PlanActivity = {
      key: nodeKey(c.name),
      subject: c.name,
      activity: 'terminate',
      operations: transitions(c, info, TEARDOWN),
      label: `uninstall ${c.name}` + (info.assembly ? ' (an assembly: taken down by its own plan)' : ''),
      after: [],
    };
    nodeActs.set(c.name, a);
    out.push(a);
  }
  for (const e of graph.ordering) {
    if (e.kind === 'relationship') continue;
    nodeActs.get(e.to)?.after.push(nodeKey(e.from));
  }
  for (const rel of graph.relationships) {
    const subject = relSubject.get(rel);
    if (subject === undefined) continue;
    const a: PlanActivity = {
      key: relKey(rel),
      subject,
      activity: 'disconnect',
      operations: rel.cease.map((o) => ({ name: o.operation, on: o.component })),
      label: `cease relationship ${rel.name} (${pairText(rel)})`,
      after: [],
    };
    out.push(a);
    for (const n of [...rel.sources, ...rel.targets]) nodeActs.get(n)?.after.push(a.key);
  }
  return out;
}

/** Scale-out of one component: select what it needs or relates to, then build it and its relationships. */
function scaleOut(
  graph: LmGraph,
  build: readonly PlanActivity[],
  c: ComponentDecl,
): { activities: PlanActivity[]; selected: string[] } {
  const selected = new Set<string>();
  for (const e of graph.ordering) if (e.from === c.name && e.to !== c.name) selected.add(e.to);
  const rels = graph.relationships.filter((r) => r.sources.includes(c.name) || r.targets.includes(c.name));
  for (const r of rels) for (const n of [...r.sources, ...r.targets]) if (n !== c.name) selected.add(n);
  const order = graph.nodes.map((n) => n.name).filter((n) => selected.has(n));
  const selectKey = (n: string) => `select:${n}`;
  const mapKey = (k: string) =>
    k.startsWith('node:') && k !== nodeKey(c.name) ? selectKey(k.slice('node:'.length)) : k;
  const out: PlanActivity[] = order.map((n) => ({
    key: selectKey(n),
    subject: n,
    activity: 'select',
    operations: [],
    label: `select an instance of ${n}`,
    after: [],
  }));
  const keep = new Set([nodeKey(c.name), ...rels.map(relKey)]);
  const known = (k: string) => keep.has(k) || (k.startsWith('node:') && selected.has(k.slice('node:'.length)));
  for (const a of build) {
    if (!keep.has(a.key)) continue;
    out.push({ ...a, after: a.after.filter(known).map(mapKey) });
  }
  return { activities: out, selected: order };
}
