/**
 * Deployment plans: dispatched to the document's language pack (TOSCA topology templates, LM
 * assemblies), plus what the code lenses show of them.
 */
import { memoKey, type DocumentModel } from '../model/document.js';
import type { PlanResult } from '../protocol.js';
import { packFor } from './packs.js';
import type { PlanRequest } from './shared/pack.js';
import type { FeatureContext } from './types.js';

export function deploymentPlan(ctx: FeatureContext, request: PlanRequest): PlanResult {
  const pack = ctx.doc.binary ? undefined : packFor(ctx.doc.kind);
  if (pack) return pack.plan(ctx, request);
  return {
    language: ctx.doc.kind === 'tosca' ? 'tosca' : 'lm',
    kind: request.kind,
    title: ctx.doc.path,
    uri: ctx.doc.path,
    nodes: [],
    edges: [],
    steps: [],
    cycles: [],
    problem: 'No deployment plan: this file is neither a TOSCA service template nor an LM assembly.',
  };
}

/** The plan with every `uri` field (document paths, as the packs write them) converted by `convert`. */
export function withUris(plan: PlanResult, convert: (path: string) => string): PlanResult {
  return {
    ...plan,
    uri: convert(plan.uri),
    nodes: plan.nodes.map((n) => ({ ...n, uri: convert(n.uri) })),
    edges: plan.edges.map((e) => ({ ...e, uri: convert(e.uri) })),
  };
}

/**
 * Build plans by document, kept by the index until any indexed file changes (a plan reads types and
 * descriptors from other files): every lens of a document reads the same plan.
 */
const BUILD_PLANS = memoKey<WeakMap<DocumentModel, PlanResult>>('plan.build');

export function buildPlanOf(ctx: FeatureContext): PlanResult {
  const cache = ctx.index.derive(BUILD_PLANS, () => new WeakMap());
  let plan = cache.get(ctx.doc);
  if (!plan) {
    plan = deploymentPlan(ctx, { kind: 'build' });
    cache.set(ctx.doc, plan);
  }
  return plan;
}

/** The loop of a cycle, spelled `a → b → a` (its message when the pack gave no node list). */
export function spellCycle(plan: PlanResult, node?: string): string | undefined {
  const cycle = plan.cycles.find((c) => node !== undefined && c.nodes?.includes(node)) ?? plan.cycles[0];
  if (!cycle) return undefined;
  return cycle.nodes ? cycle.nodes.join(' → ') : cycle.message;
}

/**
 * The title of a plan lens (see CodeLens): "build step k of n" on a template or component (the
 * node whose key holds `at`), "Show deployment plan" on the topology or composition; with a
 * loop, "no build plan: cycle a → b → a".
 */
export function planLensTitle(ctx: FeatureContext, at: number, format: 'planStep' | 'showPlan'): string {
  const plan = buildPlanOf(ctx);
  const lines = ctx.doc.lines;
  const node =
    format === 'planStep'
      ? plan.nodes.find((n) => lines.offsetAt(n.range.start) <= at && at <= lines.offsetAt(n.range.end))
      : undefined;
  const cycle = spellCycle(plan, node?.id);
  const none = cycle !== undefined ? `no build plan: cycle ${cycle}` : plan.problem ? 'no build plan' : undefined;
  if (format === 'showPlan') return none ? `Show deployment plan (${none})` : 'Show deployment plan';
  if (none) return none;
  const step = node ? plan.steps.find((s) => s.subject === node.id) : undefined;
  return step ? `build step ${step.index} of ${plan.steps.length}` : 'not in the build plan';
}
