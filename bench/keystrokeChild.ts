/**
 * LM keystrokes in-process, for A/B runs (bench/abKeystrokes.ts): a warm index from the bench's
 * cache, the big assembly opened, then one `quantity` digit toggled per keystroke and the file
 * analysed again as the server does on didChange (`openDocument` with the outline scanner, then
 * every rule). Each keystroke's CPU time (`process.cpuUsage`), the scavenges and mark-compacts over
 * the measured keystrokes, and the heap a keystroke allocates (the growth of the used heap across
 * keystrokes no collection ran in, their median). Prints one JSON line.
 *
 *   node bench/keystrokeChild.js <root> <big assembly> [--cache FILE] [--edits N] [--warmup N] [--heap-top N]
 *       [--per-keystroke] [--opens N] [--profile OUT.cpuprofile]
 *
 * With `--heap-top N`, V8's sampling heap profiler runs over the measured keystrokes (objects the
 * collections freed included) and the N functions that allocated most are added, in KB per keystroke.
 * With `--profile`, V8's CPU profiler runs over the measured keystrokes (summarise with bench/cpuprof.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session as Inspector } from 'node:inspector';
import { PerformanceObserver } from 'node:perf_hooks';
import { Session } from '../server/src/host/session.js';
import { diskSummaryStore } from '../server/src/host/diskCache.js';
import { computeDiagnostics } from '../server/src/features/diagnostics.js';
import { dist, percentile } from './util.js';
import { processCpuMs } from './cpuTime.js';
import { argOf } from './generate.js';

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

async function main(): Promise<void> {
  const [root, big, ...rest] = process.argv.slice(2);
  const opt = (name: string) => argOf(rest, name);
  if (!root || !big) throw new Error('usage: keystrokeChild <root> <big assembly> [--cache FILE] [--edits N]');
  const cache = opt('cache');
  const edits = Number(opt('edits') ?? 200);
  const warmup = Number(opt('warmup') ?? 20);
  const session = new Session(undefined, cache ? { summaryStore: diskSummaryStore(cache) } : {});
  session.index.addRoot(root);
  await session.index.build();
  let text = readFileSync(big, 'utf8');
  // With `--opens N`, the file is opened and closed N times first, as the server phase does before its keystrokes.
  const opens = Number(opt('opens') ?? 0);
  for (let i = 0; i < opens; i++) {
    computeDiagnostics(session.context(session.openDocument(big, text, 1, true)));
    await session.closeDocument(big);
  }
  const at = [...text.matchAll(/quantity: (\d)\b/g)].map((m) => m.index + m[0].length - 1);
  if (!at.length) throw new Error('no `quantity: N` to toggle');
  let gcs = { minor: 0, major: 0 };
  let gcMs = 0;
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcMs += e.duration;
      const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind;
      // NODE_PERFORMANCE_GC_MINOR = 1; everything else (major, incremental, weak callbacks) counted as major.
      if (kind === 1) gcs.minor++;
      else gcs.major++;
    }
  });
  obs.observe({ entryTypes: ['gc'] });
  const heapTop = Number(opt('heap-top') ?? 0);
  const cpuProfile = opt('profile');
  const inspector = heapTop || cpuProfile ? new Inspector() : undefined;
  const post = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) =>
      inspector!.post(method, params, (err, res) => (err ? reject(err) : resolve(res))),
    );
  if (inspector) inspector.connect();
  if (cpuProfile) {
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 100 });
  }
  const times: number[] = [];
  // With `--per-keystroke`: each keystroke's CPU ms and the collectors' ms that landed in it.
  const each: [number, number][] | undefined = rest.includes('--per-keystroke') ? [] : undefined;
  const grown: number[] = [];
  let diagnostics = 0;
  // Without warm-up keystrokes the profile starts with the first measured one.
  if (cpuProfile && warmup === 0) await post('Profiler.start');
  for (let i = -warmup; i < edits; i++) {
    const k = at[(i + warmup) % at.length]!;
    text = text.slice(0, k) + (text[k] === '1' ? '2' : '1') + text.slice(k + 1);
    const heap0 = process.memoryUsage().heapUsed;
    const before = gcs.minor + gcs.major;
    const gc0 = gcMs;
    const t0 = processCpuMs();
    const model = session.openDocument(big, text, i + warmup + 2, true);
    diagnostics = computeDiagnostics(session.context(model)).length;
    const t1 = processCpuMs();
    // The observer's entries arrive on a later turn: let them in before reading the count.
    await new Promise((r) => setImmediate(r));
    const heap1 = process.memoryUsage().heapUsed;
    if (i === -1) {
      gcs = { minor: 0, major: 0 };
      if (cpuProfile) await post('Profiler.start');
      if (heapTop)
        await post('HeapProfiler.startSampling', {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
    }
    if (i < 0) continue;
    times.push(t1 - t0);
    each?.push([+(t1 - t0).toFixed(2), +(gcMs - gc0).toFixed(2)]);
    if (gcs.minor + gcs.major === before && heap1 > heap0) grown.push(heap1 - heap0);
  }
  obs.disconnect();
  let top: [string, number][] | undefined;
  if (cpuProfile) {
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    writeFileSync(cpuProfile, JSON.stringify(profile));
  }
  if (heapTop) {
    const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: { head: SamplingNode } };
    const bySite = new Map<string, number>();
    const name = (f: SamplingNode['callFrame']) =>
      `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    // A built-in (Map.set, Array.slice) is named with its caller: `set` alone says little.
    const walk = (n: SamplingNode, caller: string) => {
      const own = name(n.callFrame);
      const site = n.callFrame.url ? own : `${n.callFrame.functionName} <- ${caller}`;
      bySite.set(site, (bySite.get(site) ?? 0) + n.selfSize);
      for (const c of n.children) walk(c, n.callFrame.url ? own : caller);
    };
    walk(profile.head, '');
    top = [...bySite]
      .sort((a, b) => b[1] - a[1])
      .slice(0, heapTop)
      .map(([k, v]) => [k, Math.round(v / 1024 / edits)]);
  }
  const d = dist(times);
  process.stdout.write(
    JSON.stringify({
      edits,
      diagnostics,
      p50: +d.p50.toFixed(2),
      p95: +d.p95.toFixed(2),
      mean: +d.mean.toFixed(2),
      max: +d.max.toFixed(2),
      scavenges: gcs.minor,
      majorGcs: gcs.major,
      allocatedKB: Math.round(percentile(grown, 50) / 1024),
      rssMB: Math.round(process.memoryUsage().rss / 1048576),
      ...(top ? { heapTopKBPerKeystroke: top } : {}),
      ...(each ? { perKeystroke: each } : {}),
    }) + '\n',
  );
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);
