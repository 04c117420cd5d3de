/**
 * The first LM didOpen after a warm start, A/B between builds in alternated runs (the machine is shared, so
 * only alternated runs compare). For each round and build: a server from `<dist>/server.js` on the bench
 * workspace (`npm run bench` generates it) with its own warm-start cache, the big assembly opened `--delay` ms
 * after `ready` (the bench uses 50), then opened again after a close. A negative `--delay` sends the first didOpen
 * right after `initialized`, before `ready`, as VS Code does for the editors it restores (the figures then also
 * give the main thread's CPU over that open, and `ready` may come after it). Prints per run the first open's wall time
 * and the server's CPU (from `/proc`, 10 ms ticks) from didOpen to its diagnostics, the second open's wall time,
 * and the peak RSS once the index has been checked against the disk; then the medians per build.
 *
 *   node --import tsx bench/abFirstOpen.ts <distA> <distB> ... [--rounds N] [--delay MS] [--flagsB "..."]
 *     [--trace] [--workspace DIR] [--opens N] [--keys N]
 *
 * `--opens N` (default 2): the file opened N times, as the `server` phase opens it 8 times (the second open's
 * figure is then the median of the later ones). `--keys N`: once the index is checked against the disk, N
 * keystrokes as the `server` phase types them (a `quantity` digit toggled, 15 ms apart, debounce 0), with their
 * p50 / p95 wall time and the server's CPU over all of them (`--key-times`: each keystroke's wall time too; with
 * `bench/keystrokeTrace.cjs` as a `-r` preload, the server's own view of each: main thread, CPU, collections).
 * `--symbols N`: then N workspace symbol queries (after five not counted) of the `workspace` phase's mix, by a
 * client that resolves ranges lazily as the bench's does.
 *
 * A build may be given twice with different node flags (`--flagsA`, `--flagsB`, ...). Each position keeps its
 * own V8 code cache (`XDG_CACHE_HOME`, under this run's process id, so two runs at once do not share one): builds
 * sharing one folder evict each other's cache. The first session
 * of each position writes its caches and is not counted. `--trace` prints the epoch times of ready and of each
 * open, to line up with a trace the server writes (a `-r` preload in its flags).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BenchClient } from './lspClient.js';
import { DEFAULT_WORKSPACE } from './generate.js';
import { abArgs, dist as distOf, shuffled, sleep } from './util.js';

const argv = process.argv.slice(2);
const { opt, builds, flagsOf } = abArgs(argv);
const rounds = Number(opt('rounds') ?? 6);
const openCount = Math.max(2, Number(opt('opens') ?? 2));
const keyCount = Number(opt('keys') ?? 0);
const symbolCount = Number(opt('symbols') ?? 0);
const delay = Number(opt('delay') ?? 50);
const root = opt('workspace') ?? DEFAULT_WORKSPACE;
const big = bigAssembly(root);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The big assembly of the generated workspace (its stamp file records where). */
function bigAssembly(ws: string): string {
  const stamp = JSON.parse(readFileSync(`${ws}.stamp.json`, 'utf8')) as { result?: { big?: { path?: string } } };
  return stamp.result?.big?.path ?? path.join(ws, 'bench-big', 'Descriptor', 'assembly.yml');
}

async function session(dist: string, b: number) {
  const xdg = path.join(os.tmpdir(), `ab-first-open-xdg-${process.pid}-${b}`);
  mkdirSync(xdg, { recursive: true, mode: 0o700 });
  process.env['XDG_CACHE_HOME'] = xdg;
  const cacheDir = path.join(os.tmpdir(), `ab-first-open-cache-${process.pid}-${b}`);
  const client = new BenchClient(path.join(dist, 'server.js'), path.dirname(dist), flagsOf(b));
  try {
    const rootUri = pathToFileURL(root).href;
    await client.request(
      'initialize',
      {
        processId: process.pid,
        rootUri,
        capabilities: { workspace: { symbol: { resolveSupport: { properties: ['location.range'] } } } },
        workspaceFolders: [{ uri: rootUri, name: 'ws' }],
        initializationOptions: { cacheDir, settings: { diagnostics: { debounceMs: 0 } } },
      },
      30_000,
    );
    const uri = pathToFileURL(big).href;
    const text = readFileSync(big, 'utf8');
    const times: number[] = [];
    let cpu = 0;
    let mainCpu = 0;
    let firstAt = 0;
    const open = async (v: number) => {
      const c0 = client.cpuMs() ?? 0;
      const m0 = client.mainCpuMs() ?? 0;
      const t0 = performance.now();
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: v, text } });
      const p = await client.waitFor(
        () => client.publications.find((x) => x.uri === uri && x.version === v),
        20_000,
        `open ${v}`,
      );
      times.push(p.at - t0);
      if (argv.includes('--trace'))
        console.log(`open ${v} from ${Date.now() - (performance.now() - t0)} to ${Date.now()}`);
      if (v === 1) {
        firstAt = p.at;
        cpu = (client.cpuMs() ?? 0) - c0;
        mainCpu = (client.mainCpuMs() ?? 0) - m0;
      }
    };
    client.notify('initialized', {});
    if (delay < 0) await open(1);
    const ready = await client.waitFor(() => client.statuses.find((x) => x.state === 'ready'), 120_000, 'ready');
    const readyMs = ready.at - client.spawnedAt;
    const readyCpu = ready.cpuMs ?? 0;
    if (argv.includes('--trace')) console.log(`ready at ${Date.now()}`);
    if (delay >= 0) {
      await sleep(delay);
      await open(1);
    }
    for (let v = 2; v <= openCount; v++) {
      await client.closeAndWaitCleared(uri);
      await open(v);
    }
    await client.waitFor(
      () => client.statuses.find((x) => x.state === 'ready' && x.verifying !== true),
      60_000,
      'verified',
    );
    const lines = text.split('\n');
    const at = shuffled(
      lines.flatMap((l, line) => (/^ {4}quantity: \d\s*$/.test(l) ? [{ line, character: 14 }] : [])),
      7,
    );
    const k0 = client.cpuMs() ?? 0;
    const keys = keyCount ? (await client.toggleDigits(uri, lines, at, keyCount, openCount)).times : [];
    const keysCpu = (client.cpuMs() ?? 0) - k0;
    if (argv.includes('--key-times')) console.log(`keys ${keys.map((t) => t.toFixed(1)).join(' ')}`);
    const s0 = client.cpuMs() ?? 0;
    const symbols = symbolCount ? await symbolQueries(client, symbolCount) : [];
    const symbolsCpu = (client.cpuMs() ?? 0) - s0;
    const hwm = client.memory().hwmMB ?? 0;
    const second = median(times.slice(1));
    const sym = distOf(symbols);
    const first = times[0] ?? 0;
    // From `ready` to the first open's diagnostics: what an open sent before `ready` waits beyond the start itself.
    const afterReady = firstAt - ready.at;
    return {
      readyMs,
      readyCpu,
      first,
      afterReady,
      cpu,
      mainCpu,
      second,
      hwm,
      times,
      keys: distOf(keys),
      keysCpu,
      sym,
      symbolsCpu,
    };
  } finally {
    await client.close();
  }
}

/** The `workspace` phase's queries (bench/workspacePhase.ts): the first five not timed. */
async function symbolQueries(client: BenchClient, n: number): Promise<number[]> {
  const queries = ['bench', 'res', 'analytics', 'big', 'asm', 'Prop', 'x', 'service', 'net', 'db', 'cache', 'edge'];
  const times: number[] = [];
  for (let i = 0; i < n + 5; i++) {
    const q = queries[i % queries.length]! + (i >= queries.length ? String(i % 7) : '');
    const t = performance.now();
    await client.request<unknown[]>('workspace/symbol', { query: q }, 10_000);
    if (i >= 5) times.push(performance.now() - t);
  }
  return times;
}

async function main(): Promise<void> {
  const results: Awaited<ReturnType<typeof session>>[][] = builds.map(() => []);
  for (let b = 0; b < builds.length; b++) await session(builds[b] ?? '', b); // writes each build's code cache
  for (let r = 0; r < rounds; r++)
    for (let b = 0; b < builds.length; b++) {
      const s = await session(builds[b] ?? '', b);
      results[b]?.push(s);
      const f = (n: number) => n.toFixed(0);
      console.log(
        `round ${r} ${String.fromCharCode(65 + b)}: ready ${f(s.readyMs)} (cpu ${f(s.readyCpu)}) ` +
          `first ${f(s.first)} ms (cpu ${f(s.cpu)}, main ${f(s.mainCpu)}, after ready ${f(s.afterReady)}) ` +
          `second ${f(s.second)} ms, peak ${f(s.hwm)} MB` +
          (openCount > 2 ? `, opens ${s.times.map(f).join(' ')} (p95 ${f(distOf(s.times).p95)})` : '') +
          (keyCount
            ? `, keys p50 / p95 ${s.keys.p50.toFixed(1)} / ${s.keys.p95.toFixed(1)} (cpu ${f(s.keysCpu)})`
            : '') +
          (symbolCount
            ? `, symbols p50 / p95 ${s.sym.p50.toFixed(1)} / ${s.sym.p95.toFixed(1)} (cpu ${f(s.symbolsCpu)})`
            : ''),
      );
    }
  for (let b = 0; b < builds.length; b++) {
    const xs = results[b] ?? [];
    const m = (k: 'readyMs' | 'readyCpu' | 'first' | 'mainCpu' | 'afterReady') =>
      median(xs.map((x) => x[k])).toFixed(0);
    console.log(
      `${String.fromCharCode(65 + b)} ${builds[b]}: medians ready ${m('readyMs')} ms (cpu ${m('readyCpu')}), ` +
        `first ${m('first')} ms, cpu ${median(xs.map((x) => x.cpu)).toFixed(0)} ms ` +
        `(main ${m('mainCpu')}, after ready ${m('afterReady')}), ` +
        `second ${median(xs.map((x) => x.second)).toFixed(0)} ms, ` +
        `peak ${median(xs.map((x) => x.hwm)).toFixed(0)} MB` +
        (openCount > 2 ? `, opens p95 ${median(xs.map((x) => distOf(x.times).p95)).toFixed(1)} ms` : '') +
        (keyCount
          ? `, keys p50 ${median(xs.map((x) => x.keys.p50)).toFixed(1)} p95 ` +
            `${median(xs.map((x) => x.keys.p95)).toFixed(1)} ms (cpu ${median(xs.map((x) => x.keysCpu)).toFixed(0)})`
          : '') +
        (symbolCount
          ? `, symbols p50 ${median(xs.map((x) => x.sym.p50)).toFixed(1)} p95 ` +
            `${median(xs.map((x) => x.sym.p95)).toFixed(1)} ms (cpu ${median(xs.map((x) => x.symbolsCpu)).toFixed(0)})`
          : ''),
    );
  }
}

void main();
