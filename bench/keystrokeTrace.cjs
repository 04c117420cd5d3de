/**
 * A `-r` preload for the server that traces each LM keystroke from the inside: for every didChange read from
 * stdin and the publishDiagnostics of that version written to stdout, the monotonic clock, the process's CPU
 * (every thread) and the main thread's CPU (`/proc/self/task/<pid>/schedstat`), and every collection (`gc`
 * entries). At exit it writes one line per keystroke to `$KEYSTROKE_TRACE_DIR/keys-<pid>.txt` (default the
 * system's temporary folder): the server's wall time, its main thread's CPU, the main thread's time runnable but
 * not running (`wait`, schedstat's second field: it waited for a core, taken by other processes or by V8's
 * compiler and collector threads), the process's CPU, the collections inside the keystroke and in the gap before
 * it, and the young generation's use / size at the keystroke's start. The main thread's CPU does not
 * move with the machine's load; wall minus main minus wait is time it was blocked (a lock, the event loop). For A/B
 * runs:
 *
 *   node --import tsx bench/abFirstOpen.ts <distA> <distB> --opens 8 --keys 30 --key-times \
 *     --flagsA "-r $PWD/bench/keystrokeTrace.cjs" --flagsB "-r $PWD/bench/keystrokeTrace.cjs"
 */
// A `-r` preload has to be CommonJS (an `--import` one made the server miss its initialize request).
/* eslint-disable @typescript-eslint/no-require-imports */
/* global require, process, Buffer */
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { PerformanceObserver, performance } = require('node:perf_hooks');
const v8 = require('node:v8');

const events = [];
const statFile = `/proc/self/task/${process.pid}/schedstat`;
/** The main thread's CPU and its time runnable but waiting for a core (schedstat's first two fields), in ms. */
const mainMs = () => {
  try {
    const [run, wait] = fs.readFileSync(statFile, 'utf8').split(' ');
    return [Number(run) / 1e6, Number(wait) / 1e6];
  } catch {
    return [NaN, NaN];
  }
};
const mark = (kind, version) => {
  const c = process.cpuUsage();
  const [main, wait] = mainMs();
  const young = v8.getHeapSpaceStatistics().find((x) => x.space_name === 'new_space');
  const use = young
    ? `${(young.space_used_size / 1048576).toFixed(1)}/${(young.space_size / 1048576).toFixed(0)}`
    : '-';
  events.push({ kind, version, t: performance.now(), cpu: (c.user + c.system) / 1000, main, wait, young: use });
};
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) events.push({ kind: 'gc', t: e.startTime, d: e.duration, k: e.detail?.kind });
}).observe({ entryTypes: ['gc'] });

const versionOf = (s) => Number(/"version":(\d+)/.exec(s)?.[1] ?? NaN);
process.stdin.on('data', (d) => {
  const s = d.toString('latin1');
  if (s.includes('"textDocument/didChange"')) mark('in', versionOf(s));
});
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const s = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('latin1');
  if (s.includes('publishDiagnostics')) mark('out', versionOf(s));
  return write(chunk, ...rest);
};

function report() {
  const gcs = events.filter((e) => e.kind === 'gc');
  const within = (a, b) =>
    gcs
      .filter((g) => g.t + g.d > a && g.t < b)
      .map((g) => `${g.k}:${g.d.toFixed(1)}`)
      .join(',') || '-';
  const rows = [];
  let prev;
  for (const a of events.filter((e) => e.kind === 'in')) {
    const o = events.find((e) => e.kind === 'out' && e.version === a.version && e.t >= a.t);
    if (!o) continue;
    rows.push(
      `v${a.version} wall ${(o.t - a.t).toFixed(1)} main ${(o.main - a.main).toFixed(1)} ` +
        `wait ${(o.wait - a.wait).toFixed(1)} ` +
        `cpu ${(o.cpu - a.cpu).toFixed(1)} gc ${within(a.t, o.t)} gap-gc ${prev ? within(prev.t, a.t) : '-'} ` +
        `young ${a.young}`,
    );
    prev = o;
  }
  const dir = process.env['KEYSTROKE_TRACE_DIR'] ?? os.tmpdir();
  fs.writeFileSync(path.join(dir, `keys-${process.pid}.txt`), rows.join('\n') + '\n');
}
process.on('exit', report);
