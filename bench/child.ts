/**
 * One measurement in a fresh process, for the benchmark. Prints one JSON line on stdout.
 *
 *   node --import tsx bench/child.ts reference <root> [--passes N]
 *       reads every YAML file first, then times `yaml`'s parseDocument over all of them (N passes).
 *   node --import tsx bench/child.ts index <root> [--cache FILE] [--clear-cache]
 *       one WorkspaceIndex build through a fresh Session.
 *
 * A separate process gives clean figures: a cold V8 (as in a real first start), no garbage left
 * over from other phases, and a `process.resourceUsage().maxRSS` that belongs to this work alone.
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { parseDocument } from 'yaml';
import { Session } from '../server/src/host/session.js';
import { diskSummaryStore } from '../server/src/host/diskCache.js';
import { mainThreadCpuMs } from './cpuTime.js';

/** performance.now() counts from process start, so this is the start-up time. */
const t0 = performance.now();

export interface IndexChildResult {
  /** Wall time of `index.build()` measured here (a warm start: until every file was checked against the disk). */
  buildMs: number;
  /**
   * Until the index was ready to answer: a warm start is ready from its cache before it checks the
   * files against the disk (WorkspaceIndex.verifyCached); otherwise `buildMs`.
   */
  readyMs: number;
  /** CPU time (user + system) of this process from the build's start to ready and to its end. */
  readyCpuMs: number;
  buildCpuMs: number;
  /**
   * The main (JS) thread's own CPU from the build's start to its end, from /proc (undefined elsewhere): the rest of
   * the process's CPU is V8's compiler threads and the collector's helpers, which a second core absorbs.
   */
  buildMainCpuMs?: number;
  /** Time from process start (performance.timeOrigin) to the index being ready. */
  sinceProcessStartMs: number;
  /** Process start to this module running: node + tsx start-up and loading (transpiling) the server modules. */
  startupMs: number;
  lastBuild: { files: number; indexed: number; fromCache: number; bytes: number; ms: number };
  entries: number;
  descriptors: number;
  cacheBytes?: number;
  maxRssMB: number;
  heapUsedMB: number;
  rssMB: number;
}

export interface ReferenceChildResult {
  files: number;
  bytes: number;
  readMs: number;
  /** Parse time of each pass (the first is the cold-JIT one). */
  passesMs: number[];
  parseErrors: number;
  maxRssMB: number;
}

export function listYaml(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile() && /\.ya?ml$/i.test(e.name)) out.push(full);
    }
  };
  walk(root);
  return out.sort();
}

function reference(root: string, passes: number): ReferenceChildResult {
  const files = listYaml(root);
  const tr = performance.now();
  const texts = files.map((f) => readFileSync(f, 'utf8'));
  const readMs = performance.now() - tr;
  let bytes = 0;
  for (const t of texts) bytes += Buffer.byteLength(t);
  const passesMs: number[] = [];
  let parseErrors = 0;
  for (let p = 0; p < passes; p++) {
    parseErrors = 0;
    const ts = performance.now();
    for (const t of texts) parseErrors += parseDocument(t).errors.length;
    passesMs.push(performance.now() - ts);
  }
  return { files: files.length, bytes, readMs, passesMs, parseErrors, maxRssMB: process.resourceUsage().maxRSS / 1024 };
}

async function index(root: string, cacheFile: string | undefined): Promise<IndexChildResult> {
  const tb = performance.now();
  const session = new Session(undefined, cacheFile ? { summaryStore: diskSummaryStore(cacheFile) } : {});
  session.index.addRoot(root);
  let readyMs: number | undefined;
  let readyCpuMs: number | undefined;
  const cpu0 = process.cpuUsage();
  const main0 = mainThreadCpuMs();
  const cpuMs = () => {
    const c = process.cpuUsage(cpu0);
    return (c.user + c.system) / 1000;
  };
  await session.index.build(undefined, () => {
    readyMs = performance.now() - tb;
    readyCpuMs = cpuMs();
  });
  const buildMs = performance.now() - tb;
  const buildCpuMs = cpuMs();
  const main1 = mainThreadCpuMs();
  const sinceProcessStartMs = performance.now();
  const mem = process.memoryUsage();
  const out: IndexChildResult = {
    buildMs,
    readyMs: readyMs ?? buildMs,
    readyCpuMs: readyCpuMs ?? buildCpuMs,
    buildCpuMs,
    ...(main0 !== undefined && main1 !== undefined ? { buildMainCpuMs: main1 - main0 } : {}),
    sinceProcessStartMs,
    startupMs: t0,
    lastBuild: session.index.lastBuild,
    entries: session.index.size,
    descriptors: session.index.descriptorCount(),
    maxRssMB: process.resourceUsage().maxRSS / 1024,
    heapUsedMB: mem.heapUsed / 1048576,
    rssMB: mem.rss / 1048576,
  };
  if (cacheFile) {
    try {
      out.cacheBytes = statSync(cacheFile).size;
    } catch {
      // No cache written.
    }
  }
  return out;
}

async function main(): Promise<void> {
  const [mode, root, ...rest] = process.argv.slice(2);
  if (!root || (mode !== 'reference' && mode !== 'index'))
    throw new Error('usage: child.ts reference|index <root> [--passes N] [--cache FILE] [--clear-cache]');
  const opt = (name: string) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  let out: unknown;
  if (mode === 'reference') out = reference(root, Math.max(1, Number(opt('passes') ?? 1)));
  else {
    const cacheFile = opt('cache');
    if (cacheFile && rest.includes('--clear-cache')) rmSync(cacheFile, { force: true });
    out = await index(root, cacheFile);
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);
