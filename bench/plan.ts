/**
 * `node --import tsx bench/plan.ts`: the time to compute deployment plans, in process.
 *
 *   - the big generated assembly (the benchmark's ~2,000-line one, in a small generated workspace
 *     so its component descriptors resolve): the first build plan (references resolved, the
 *     dependency graph built) and the median of repeated build, termination and scale-out plans;
 *   - the largest topology template (most node templates) of the shared TOSCA corpus: the first
 *     plan (the TOSCA model and type table built), then the median of repeated plans;
 *   - drawing for the command line: the text, Mermaid and dot renderings of each plan.
 *
 * Options (or BENCH_<NAME>): --assemblies N (default 50: the workspace around the big assembly),
 * --big-lines N (default 2000), --samples N (default 50), --corpus DIR (default ../shared/corpus/tosca).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPlan } from '../server/src/cli/planFormat.js';
import { deploymentPlan } from '../server/src/features/plan.js';
import type { PlanRequest } from '../server/src/features/shared/pack.js';
import type { FeatureContext } from '../server/src/features/types.js';
import { Session } from '../server/src/host/session.js';
import { isToscaSummary } from '../server/src/model/tosca/summary.js';
import type { PlanResult } from '../server/src/protocol.js';
import { argOf, ensureWorkspace, paramsFromArgs } from './generate.js';
import { dist, log, ms } from './util.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const argv = process.argv.slice(2);
const samples = Number(argOf(argv, 'samples') ?? 50);

function timed<T>(f: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = f();
  return { value, ms: performance.now() - t0 };
}

function repeat(f: () => unknown): string {
  const xs: number[] = [];
  for (let i = 0; i < samples; i++) xs.push(timed(f).ms);
  const d = dist(xs);
  return `median ${ms(d.p50)}, p95 ${ms(d.p95)}`;
}

/** `again` gives the same file as a new document (as after a keystroke): a plan with nothing cached but warm code. */
function report(label: string, ctx: FeatureContext, again: () => FeatureContext): void {
  const first = timed(() => deploymentPlan(ctx, { kind: 'build' }));
  const plan: PlanResult = first.value;
  log(
    `${label}: ${plan.nodes.length} nodes, ${plan.edges.length} edges, ${plan.steps.length} steps in ` +
      `${Math.max(0, ...plan.steps.map((s) => s.stage))} stages${plan.cycles.length ? ', a loop' : ''}`,
  );
  log(`  first build plan ${ms(first.ms)}`);
  const fresh: number[] = [];
  for (let i = 0; i < Math.min(samples, 20); i++) {
    const c = again();
    fresh.push(timed(() => deploymentPlan(c, { kind: 'build' })).ms);
  }
  const f = dist(fresh);
  log(`  build plan of a new version of the document: median ${ms(f.p50)}, p95 ${ms(f.p95)}`);
  const scaleOutNode = plan.nodes.find((n) => n.role !== 'reference')?.id;
  const kinds: PlanRequest[] = [{ kind: 'build' }, { kind: 'termination' }];
  if (scaleOutNode) kinds.push({ kind: 'scaleOut', node: scaleOutNode });
  for (const k of kinds) log(`  ${k.kind}${k.node ? ` of ${k.node}` : ''}: ${repeat(() => deploymentPlan(ctx, k))}`);
  for (const f of ['text', 'mermaid', 'dot'] as const) log(`  render ${f}: ${repeat(() => renderPlan(plan, f))}`);
}

async function bigAssembly(): Promise<void> {
  const params = { ...paramsFromArgs(argv), assemblies: Number(argOf(argv, 'assemblies') ?? 50) };
  const root = path.join(REPO, '.bench', `plan-workspace-${params.assemblies}`);
  const { result } = ensureWorkspace(root, params);
  const session = new Session();
  session.index.addRoot(root);
  await session.index.build();
  const text = readFileSync(result.big.path, 'utf8');
  let version = 1;
  const open = () => session.context(session.openDocument(result.big.path, text, version++));
  report(`big assembly (${result.big.lines} lines, ${result.big.components} components)`, open(), open);
}

async function largestTopology(): Promise<void> {
  const corpus = path.resolve(argOf(argv, 'corpus') ?? path.join(REPO, '..', 'shared', 'corpus', 'tosca'));
  if (!existsSync(corpus)) {
    log(`no TOSCA corpus at ${corpus}: skipped`);
    return;
  }
  let best: { file: string; dir: string; nodes: number } | undefined;
  for (const name of readdirSync(corpus)) {
    const dir = path.join(corpus, name);
    if (!statSync(dir).isDirectory()) continue;
    const session = new Session();
    session.index.addRoot(dir);
    await session.index.build();
    for (const e of session.index.allEntries()) {
      if (e.kind !== 'tosca' || !isToscaSummary(e.summary)) continue;
      const n = e.summary.topology?.nodeTemplates.length ?? 0;
      if (!best || n > best.nodes) best = { file: e.path, dir, nodes: n };
    }
  }
  if (!best) return;
  const session = new Session();
  session.index.addRoot(best.dir);
  await session.index.build();
  const text = readFileSync(best.file, 'utf8');
  let version = 1;
  const open = () => session.context(session.openDocument(best.file, text, version++));
  report(`largest corpus topology ${path.relative(corpus, best.file)} (${best.nodes} node templates)`, open(), open);
}

bigAssembly()
  .then(largestTopology)
  .catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 1;
  });
