/**
 * `lm-descriptors plan FILE [--termination | --scale-out NODE] [--format text|json|mermaid|dot]`:
 * the deployment plan of a TOSCA topology template or an LM assembly, as the editor shows it.
 *
 * Exit codes: 0 a plan, 1 a loop makes the plan impossible (the loop is printed), 2 bad usage or
 * nothing to plan (unknown node, no topology or assembly in the file).
 */
import { realpathSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deploymentPlan, withUris } from '../features/plan.js';
import type { PlanRequest } from '../features/shared/pack.js';
import { workspaceRootOf } from '../host/roots.js';
import { Session } from '../host/session.js';
import { normalise } from '../index/workspace.js';
import { didYouMean } from '../util/suggest.js';
import { PLAN_FORMATS, renderPlan, type PlanFormat } from './planFormat.js';
import { write } from './output.js';

export const PLAN_USAGE = [
  'Usage: lm-descriptors plan FILE [--termination | --scale-out NODE] [--format text|json|mermaid|dot]',
  '',
  'Prints the deployment plan of a TOSCA service template (its topology template) or an LM assembly:',
  'the steps in order, grouped in stages whose steps may run in parallel. By default the build plan;',
  '--termination the plan that takes it down; --scale-out NODE the plan that adds one instance of the',
  'node template (TOSCA) or component (LM) NODE. Formats: text (default), json (the same data the',
  'lmDescriptors/plan request answers), mermaid (a flowchart), dot (Graphviz).',
  'Exit status: 0 with a plan, 1 when a loop makes the plan impossible, 2 on bad usage or nothing to plan.',
].join('\n');

interface Options {
  file: string;
  request: PlanRequest;
  format: PlanFormat;
}

/** The options, or the message of a usage error. */
function parse(args: readonly string[]): Options | string {
  let file: string | undefined;
  let format: PlanFormat = 'text';
  let termination = false;
  let node: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const [flag, inline] =
      a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a];
    const value = () => inline ?? args[++i];
    if (flag === '--format') {
      const f = value();
      if (!PLAN_FORMATS.includes(f as PlanFormat)) return `--format must be one of ${PLAN_FORMATS.join(', ')}.`;
      format = f as PlanFormat;
    } else if (flag === '--termination' && inline === undefined) termination = true;
    else if (flag === '--scale-out') {
      node = value();
      if (!node || node.startsWith('--')) return '--scale-out needs the node template or component to scale out.';
    } else if (a.startsWith('-')) return `Unknown option ${a}.`;
    else if (file !== undefined) return `One file at a time (got ${file} and ${a}).`;
    else file = a;
  }
  if (file === undefined) return 'Missing FILE: the service template or assembly descriptor to plan.';
  if (termination && node !== undefined) return '--termination and --scale-out cannot go together.';
  const request: PlanRequest = termination
    ? { kind: 'termination' }
    : node !== undefined
      ? { kind: 'scaleOut', node }
      : { kind: 'build' };
  return { file, request, format };
}

export async function planCommand(args: readonly string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    write(1, PLAN_USAGE + '\n');
    return 0;
  }
  const opts = parse(args);
  if (typeof opts === 'string') {
    write(2, `${opts}\n${PLAN_USAGE}\n`);
    return 2;
  }
  let real: string;
  try {
    real = realpathSync(path.resolve(opts.file));
    if (!statSync(real).isFile()) throw new Error('not a file');
  } catch {
    write(2, `No such file: ${opts.file}\n`);
    return 2;
  }
  const session = new Session();
  const file = normalise(real);
  // The file's workspace root is indexed so that imports and component descriptors resolve as in the editor.
  session.index.addRoot(workspaceRootOf(session.fs, file, false));
  await session.index.build();
  const text = session.fs.readTextSync(file, session.index.maxFileBytes);
  if (text === undefined) {
    write(2, `Cannot read ${opts.file} (unreadable, or over the size cap).\n`);
    return 2;
  }
  const plan = deploymentPlan(session.context(session.analyse(file, text)), opts.request);
  const node = opts.request.node;
  if (node !== undefined && plan.nodes.length && !plan.nodes.some((n) => n.id === node)) {
    const names = plan.nodes.filter((n) => n.role !== 'reference').map((n) => n.id);
    const hint = didYouMean(node, names);
    const what = plan.language === 'tosca' ? 'node template' : 'component';
    write(
      2,
      `No ${what} \`${node}\` in ${plan.title}.${hint ? ` Did you mean \`${hint}\`?` : ''} ` +
        `It has: ${names.slice(0, 12).join(', ')}${names.length > 12 ? ', …' : ''}.\n`,
    );
    return 2;
  }
  if (plan.problem && !plan.cycles.length) {
    if (opts.format === 'json') write(1, renderPlan(withUris(plan, fileUri), 'json'));
    write(2, `No ${KIND_WORD[opts.request.kind]} plan: ${plan.problem}\n`);
    return 2;
  }
  write(1, renderPlan(opts.format === 'json' ? withUris(plan, fileUri) : plan, opts.format));
  if (plan.cycles.length) {
    if (opts.format !== 'text') for (const c of plan.cycles) write(2, `${c.message}\n`);
    return 1;
  }
  return 0;
}

const fileUri = (p: string) => pathToFileURL(p).href;
const KIND_WORD = { build: 'build', termination: 'termination', scaleOut: 'scale-out' } as const;
