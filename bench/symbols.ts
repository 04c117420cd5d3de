/**
 * Workspace symbol latency on the benchmark workspace (`npm run bench` generates it):
 *
 *   node --import tsx bench/symbols.ts [--workspace DIR] [--samples N]
 *
 * Builds the index once to write a warm-start cache, then starts a fresh Session from that cache
 * (so every entry holds a lazily parsed summary, as after a real warm start) and times
 * `workspaceSymbols` (the dispatcher: every pack's symbols, fuzzy scoring, ranking) for a mix of
 * queries. It also counts the summaries parsed meanwhile: the answer is none.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { workspaceSymbols } from '../server/src/features/symbols.js';
import { Session } from '../server/src/host/session.js';
import { diskSummaryStore } from '../server/src/host/diskCache.js';
import { LazySummary } from '../server/src/index/cache.js';
import { argOf, DEFAULT_WORKSPACE } from './generate.js';

/** What people type: empty, one letter, word starts, whole names, a descriptor name, nothing matching. */
const QUERIES = ['', 'a', 'gw', 'gate', 'gateway', 'db', 'edgsvc', 'assembly::edge', 'resource::cache', 'upstrm'];
QUERIES.push('analytics-hub-1112', 'shared_storage', 'zzzq', 'CaEn', 'brk');

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const root = path.resolve(argOf(argv, 'workspace') ?? DEFAULT_WORKSPACE);
  const samples = Number(argOf(argv, 'samples') ?? 300);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-symbols-'));
  const cacheFile = path.join(dir, 'cache');
  try {
    const first = new Session(undefined, { summaryStore: diskSummaryStore(cacheFile) });
    first.index.addRoot(root);
    await first.index.build();

    const session = new Session(undefined, { summaryStore: diskSummaryStore(cacheFile) });
    session.index.addRoot(root);
    const tw = performance.now();
    await session.index.build();
    const warmMs = performance.now() - tw;

    let parses = 0;
    const get = Object.getOwnPropertyDescriptor(LazySummary.prototype, 'get')!.value as LazySummary['get'];
    LazySummary.prototype.get = function (this: LazySummary) {
      parses++;
      return get.call(this);
    };
    const ws = session.workspace();
    // The first query builds the packs' symbol lists (kept by the index until it changes).
    const tf = performance.now();
    workspaceSymbols(ws, 'gateway');
    const firstMs = performance.now() - tf;
    const all: number[] = [];
    const cpu: number[] = [];
    const byQuery = new Map<string, number[]>();
    const hits = new Map<string, number>();
    for (let i = 0; i < samples; i++) {
      const q = QUERIES[i % QUERIES.length]!;
      const t = performance.now();
      const c = process.cpuUsage();
      const r = workspaceSymbols(ws, q);
      const ms = performance.now() - t;
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
      all.push(ms);
      byQuery.set(q, [...(byQuery.get(q) ?? []), ms]);
      hits.set(q, r.length);
    }
    // After each edit of an open document the lists are rebuilt once, on the next query.
    const bigPath = path.join(root, 'bench-big', 'Descriptor', 'assembly.yml');
    const bigText = readFileSync(bigPath, 'utf8');
    const afterEdit: number[] = [];
    const afterEditCpu: number[] = [];
    for (let i = 0; i < 30; i++) {
      session.openDocument(bigPath, bigText + `\n# edit ${i}\n`, i + 1);
      const t = performance.now();
      const c = process.cpuUsage();
      workspaceSymbols(ws, 'gate');
      afterEdit.push(performance.now() - t);
      const used = process.cpuUsage(c);
      afterEditCpu.push((used.user + used.system) / 1000);
    }
    LazySummary.prototype.get = get;
    const total = workspaceSymbols(ws, '', Infinity).length;
    const f = (x: number) => `${x.toFixed(2)} ms`;
    process.stdout.write(
      `${session.index.size} files, ${total} symbols; warm start ${warmMs.toFixed(0)} ms; ` +
        `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores; ` +
        `${parses} summaries parsed by ${samples + 1} queries\n` +
        `first query (builds the symbol lists): ${f(firstMs)}\n` +
        `first query after an edit: p50 ${f(percentile(afterEdit, 50))}, p95 ${f(percentile(afterEdit, 95))} ` +
        `(CPU p50 ${f(percentile(afterEditCpu, 50))}, p95 ${f(percentile(afterEditCpu, 95))})\n` +
        `all queries: p50 ${f(percentile(all, 50))}, p95 ${f(percentile(all, 95))}, max ${f(Math.max(...all))}\n` +
        `  (CPU time, which other processes on the machine do not inflate: ` +
        `p50 ${f(percentile(cpu, 50))}, p95 ${f(percentile(cpu, 95))})\n`,
    );
    for (const [q, xs] of byQuery)
      process.stdout.write(
        `  ${JSON.stringify(q).padEnd(20)} ${String(hits.get(q)).padStart(4)} hits  ` +
          `p50 ${f(percentile(xs, 50))}  p95 ${f(percentile(xs, 95))}\n`,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
