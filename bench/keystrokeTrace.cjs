/**
 * A `-r` preload for the server that traces each LM keystroke from the inside: for every didChange read from
 * stdin and the publishDiagnostics of that version written to stdout, the monotonic clock, the process's CPU
 * (every thread) and the main thread's CPU (`/proc/self/task/<pid>/schedstat`), and every collection (`gc`
 * entries). At exit it writes one line per keystroke to `$KEYSTROKE_TRACE_DIR/keys-<pid>.txt` (default the
 * system's temporary folder): the server's wall time, its main thread's and the process's CPU, and the
 * collections inside the keystroke and in the gap before it. The main thread's CPU does not move with the
 * machine's load; wall minus main thread is time the thread waited for a core (other processes, V8's compiler
 * and collector threads). For A/B runs:
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

const events = [];
const statFile = `/proc/self/task/${process.pid}/schedstat`;
const mainMs = () => {
  try {
    return Number(fs.readFileSync(statFile, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return NaN;
  }
};
const mark = (kind, version) => {
  const c = process.cpuUsage();
  events.push({ kind, version, t: performance.now(), cpu: (c.user + c.system) / 1000, main: mainMs() });
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
        `cpu ${(o.cpu - a.cpu).toFixed(1)} gc ${within(a.t, o.t)} gap-gc ${prev ? within(prev.t, a.t) : '-'}`,
    );
    prev = o;
  }
  const dir = process.env['KEYSTROKE_TRACE_DIR'] ?? os.tmpdir();
  fs.writeFileSync(path.join(dir, `keys-${process.pid}.txt`), rows.join('\n') + '\n');
}
process.on('exit', report);
