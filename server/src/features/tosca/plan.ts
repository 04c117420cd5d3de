/**
 * The deployment plan of a topology template, as the OpenTOSCA Container documentation (Plan
 * Builder) derives its abstract control flow: one activity per node template and one per
 * relationship (requirement assignment naming a node template of the topology), ordered by the
 * relationship's kind (planGraph.ts): HostedOn and DependsOn build the target, then the
 * relationship, then the source; ConnectsTo and the others build both ends, then the relationship.
 * Operations per step: planOperations.ts.
 *
 * - Termination: the build plan backwards (a hosted node goes before its host, a connection before
 *   its ends), with `stop` and `delete`, `remove_target` and `remove_source`.
 * - Scale-out of node N: the region is N and everything hosted on it, transitively (HostedOn
 *   only); every relationship with an end in the region gets a new instance. Its other ends are
 *   existing instances: each is selected first, then the hosts under it are found one by one
 *   (select a database, find its DBMS, find its server), then the region is built in build order.
 * - A loop of HostedOn / DependsOn requirements makes a plan impossible: the plan lists the
 *   loops instead of steps (the TOSCA cycle rule reports them on the requirements).
 */
import * as path from '../../util/path.js';
import type { ToscaModel } from '../../model/tosca/model.js';
import type { PlanEdge, PlanEdgeKind, PlanNode, PlanResult, PlanStep } from '../../protocol.js';
import { asMap, getIn, scalarText } from '../../syntax/tree.js';
import { didYouMean, suggestion } from '../../util/suggest.js';
import { spellLoop } from '../../util/graphLoops.js';
import type { PlanRequest } from '../shared/pack.js';
import { orderActivities, uniqueIds, waitedBy, type PlanActivity } from '../shared/planOrder.js';
import type { FeatureContext } from '../types.js';
import { toscaModelOf } from './model.js';
import { topologyGraph, loopsOf, type GraphEdge, type TopologyGraph } from '../../model/tosca/graph.js';
import { NODE_BUILD, NODE_TEARDOWN, nodeOperations, relationshipOperations } from './planOperations.js';

/** The relationship kinds that order a deployment: their target is built first. */
export const ORDERING_KINDS: ReadonlySet<GraphEdge['kind']> = new Set(['HostedOn', 'DependsOn']);
const ordering = (e: GraphEdge) => ORDERING_KINDS.has(e.kind);

const EDGE_KIND: Record<GraphEdge['kind'], PlanEdgeKind> = {
  HostedOn: 'hostedOn',
  DependsOn: 'dependsOn',
  ConnectsTo: 'connectsTo',
  other: 'relationship',
};

export function plan(ctx: FeatureContext, request: PlanRequest): PlanResult {
  const result: PlanResult = {
    language: 'tosca',
    kind: request.kind,
    title: path.basename(ctx.doc.path),
    uri: ctx.doc.path,
    nodes: [],
    edges: [],
    steps: [],
    cycles: [],
  };
  if (ctx.doc.kind !== 'tosca') {
    result.problem = 'Not a TOSCA file.';
    return result;
  }
  const model = toscaModelOf(ctx);
  if (!model.summary.topology) {
    result.problem =
      'No `topology_template` (TOSCA 2.0: `service_template`) in this file: only a topology has a deployment plan.';
    return result;
  }
  if (model.version?.catalog === undefined && model.version && model.version.dialect !== 'tosca2') {
    result.problem =
      'Deployment plans follow the Simple Profile normative relationship types; this version is read for its ' +
      'syntax only.';
    return result;
  }
  const graph = topologyGraph(model);
  result.nodes = graph.nodes.map((n) => planNode(ctx, model, n));
  if (!graph.nodes.length) {
    result.problem = 'The topology template has no node templates.';
    return result;
  }
  const unique = uniqueIds();
  const ids = new Map<GraphEdge, string>();
  result.edges = graph.edges.map((e): PlanEdge => {
    const id = unique(`${e.source}->${e.target}:${e.requirement}`);
    ids.set(e, id);
    const rel = e.relationshipTemplate ?? shortType(e.relationshipType);
    return {
      id,
      source: e.source,
      target: e.target,
      kind: EDGE_KIND[e.kind],
      label: rel ? `${e.requirement} (${rel})` : e.requirement,
      uri: ctx.doc.path,
      range: ctx.doc.lines.rangeOf(e.keySpan),
      waits: ordering(e) ? 'source' : 'neither',
    };
  });

  const loops = loopsOf(graph, ordering);
  if (loops.length) {
    const seen = new Set<string>();
    for (const { loop } of loops) {
      const edgeIds = loop.map((e) => ids.get(e)!);
      const key = edgeIds.join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      const chain = spellLoop(loop.map((e) => ({ from: e.source, to: e.target })));
      result.cycles.push({
        edges: edgeIds,
        nodes: [...loop.map((e) => e.source), loop[0]!.source],
        message:
          `HostedOn / DependsOn requirements form a loop (${chain}): the target of each is deployed first, so no ` +
          `node of the loop can go first.`,
      });
    }
    return result;
  }

  const build = buildActivities(model, graph, ids);
  let steps: PlanStep[] | undefined;
  if (request.kind === 'termination') steps = orderActivities(terminationActivities(model, graph, ids, build));
  else if (request.kind === 'scaleOut') {
    const node = request.node ?? '';
    if (!graph.nodes.includes(node)) {
      const hint = didYouMean(node, graph.nodes);
      result.problem = node
        ? `No node template \`${node}\` in this topology${suggestion(hint)}.`
        : 'A scale-out plan needs the node template to add an instance of.';
      return result;
    }
    const s = scaleOut(graph, build, ids, node);
    result.scaleOut = { node, region: s.region, selected: s.selected };
    steps = orderActivities(s.activities);
  } else steps = orderActivities(build);
  if (!steps) result.problem = 'The templates wait on each other, so no order can deploy them.';
  else result.steps = steps;
  return result;
}

/** `tosca.relationships.HostedOn` -> `HostedOn`: the normative prefix says nothing in a label. */
function shortType(name: string | undefined): string | undefined {
  return name?.startsWith('tosca.relationships.') ? name.slice('tosca.relationships.'.length) : name;
}

/**
 * The template's icon (Cloudsoft AMP's `icon` metadata): the template's own, else the nearest
 * type's, else `template_icon` of the file declaring that type.
 */
function iconOf(ctx: FeatureContext, model: ToscaModel, name: string): string | undefined {
  const own = scalarText(getIn(ctx.doc.root, 'topology_template', 'node_templates', name, 'metadata', 'icon'));
  if (own) return own;
  const type = model.types.resolve(model.nodeTemplates.get(name)?.type?.name, 'node');
  if (!type) return undefined;
  for (const t of [type, ...model.types.ancestors(type)]) {
    const icon = t.decl?.metadata.find((m) => m.name === 'icon')?.value;
    if (icon) return icon;
  }
  if (type.path) {
    const file = model.closure.files.find((f) => f.path === type.path)?.summary ?? model.summary;
    return file.metadata.find((m) => m.name === 'template_icon')?.value;
  }
  return undefined;
}

function planNode(ctx: FeatureContext, model: ToscaModel, name: string): PlanNode {
  const tpl = model.nodeTemplates.get(name)!;
  const icon = asMap(ctx.doc.root) ? iconOf(ctx, model, name) : undefined;
  return {
    id: name,
    label: name,
    ...(tpl.type ? { type: tpl.type.name } : {}),
    ...(icon ? { icon } : {}),
    role: 'node',
    uri: ctx.doc.path,
    range: ctx.doc.lines.rangeOf(tpl.keySpan),
  };
}

const nodeKey = (n: string) => `node:${n}`;
const edgeKey = (id: string) => `edge:${id}`;

function edgeLabel(e: GraphEdge): string {
  switch (e.kind) {
    case 'HostedOn':
      return `host ${e.source} on ${e.target}`;
    case 'DependsOn':
      return `${e.source} depends on ${e.target}`;
    case 'ConnectsTo':
      return `connect ${e.source} to ${e.target}`;
    case 'other':
      return `relate ${e.source} to ${e.target}${e.relationshipType ? ` (${shortType(e.relationshipType)})` : ''}`;
  }
}

/** One activity per node template and per relationship, each after what it waits for. */
function buildActivities(model: ToscaModel, graph: TopologyGraph, ids: Map<GraphEdge, string>): PlanActivity[] {
  const nodes = new Map<string, PlanActivity>();
  for (const n of graph.nodes) {
    nodes.set(n, {
      key: nodeKey(n),
      subject: n,
      activity: 'provision',
      operations: nodeOperations(model, model.nodeTemplates.get(n)!, NODE_BUILD),
      label: `provision ${n}`,
      after: [],
    });
  }
  const out = [...nodes.values()];
  for (const e of graph.edges) {
    const id = ids.get(e)!;
    const a: PlanActivity = {
      key: edgeKey(id),
      subject: id,
      activity: 'connect',
      operations: relationshipOperations(model, e, 'connect'),
      label: edgeLabel(e),
      after: [nodeKey(e.target)],
    };
    if (ordering(e)) nodes.get(e.source)!.after.push(a.key);
    else a.after.push(nodeKey(e.source));
    out.push(a);
  }
  return out;
}

/** The build plan backwards, with the teardown operations. */
function terminationActivities(
  model: ToscaModel,
  graph: TopologyGraph,
  ids: Map<GraphEdge, string>,
  build: readonly PlanActivity[],
): PlanActivity[] {
  const after = waitedBy(build);
  const byKey = new Map<string, GraphEdge>(graph.edges.map((e) => [edgeKey(ids.get(e)!), e]));
  return build.map((b): PlanActivity => {
    const e = byKey.get(b.key);
    if (!e) {
      return {
        ...b,
        activity: 'terminate',
        operations: nodeOperations(model, model.nodeTemplates.get(b.subject)!, NODE_TEARDOWN),
        label: `terminate ${b.subject}`,
        after: after.get(b.key) ?? [],
      };
    }
    return {
      ...b,
      activity: 'disconnect',
      operations: relationshipOperations(model, e, 'disconnect'),
      label: `remove: ${edgeLabel(e)}`,
      after: after.get(b.key) ?? [],
    };
  });
}

/** The scale-out plan of `node` (see the header): selections, then the region in build order. */
function scaleOut(
  graph: TopologyGraph,
  build: readonly PlanActivity[],
  ids: Map<GraphEdge, string>,
  node: string,
): { activities: PlanActivity[]; region: string[]; selected: string[] } {
  const region = new Set([node]);
  const queue = [node];
  for (let i = 0; i < queue.length; i++) {
    for (const e of graph.incoming(queue[i]!)) {
      if (e.kind !== 'HostedOn' || region.has(e.source)) continue;
      region.add(e.source);
      queue.push(e.source);
    }
  }
  const edges = graph.edges.filter((e) => region.has(e.source) || region.has(e.target));
  // Strategic selections: the other ends of the region's relationships.
  const selectedBy = new Map<string, string | undefined>();
  for (const e of edges) {
    for (const end of [e.source, e.target])
      if (!region.has(end) && !selectedBy.has(end)) selectedBy.set(end, undefined);
  }
  // Then the hosts under each selected instance, found from it.
  const pending = [...selectedBy.keys()];
  for (let i = 0; i < pending.length; i++) {
    for (const e of graph.outgoing(pending[i]!)) {
      if (e.kind !== 'HostedOn' || region.has(e.target) || selectedBy.has(e.target)) continue;
      selectedBy.set(e.target, pending[i]);
      pending.push(e.target);
    }
  }
  const selected = graph.nodes.filter((n) => selectedBy.has(n));
  const selectKey = (n: string) => `select:${n}`;
  const activities: PlanActivity[] = selected.map((n) => {
    const from = selectedBy.get(n);
    return {
      key: selectKey(n),
      subject: n,
      activity: 'select',
      operations: [],
      label: from ? `find the ${n} instance ${from} is hosted on` : `select an instance of ${n}`,
      after: from ? [selectKey(from)] : [],
    };
  });
  const keep = new Set([...[...region].map(nodeKey), ...edges.map((e) => edgeKey(ids.get(e)!))]);
  const outside = new Map(selected.map((n) => [nodeKey(n), selectKey(n)] as const));
  for (const a of build) {
    if (!keep.has(a.key)) continue;
    activities.push({
      ...a,
      after: a.after.filter((k) => keep.has(k) || outside.has(k)).map((k) => outside.get(k) ?? k),
    });
  }
  return { activities, region: graph.nodes.filter((n) => region.has(n)), selected };
}
