/**
 * TOSCA keystrokes in-process, for A/B runs: the bench's generated TOSCA workspace indexed (cold, or warm from
 * `--cache FILE`), `services0/service0.yaml` opened, then one digit of a `label:` value toggled per keystroke and
 * the file analysed again as the server does on didChange (`openDocument` with the outline scanner, then every
 * rule). Prints one JSON line: each keystroke's CPU time (`process.cpuUsage`) as p50 / p95 / mean / max.
 *
 *   node --import tsx bench/toscaKeystrokes.ts [--dir /tmp/lm-descriptors-bench/tosca-2.0] [--cache FILE]
 *       [--file services0/service0.yaml]
 *       [--edits N] [--warmup N] [--profile OUT.cpuprofile] [--rules] [--insert] [--type-line]
 *
 * With `--rules`, each rule's mean CPU ms per keystroke is printed too (heaviest first), from the runner's
 * `timeRule` hook.
 * With `--insert`, a digit is typed after a label's and deleted at the next keystroke, so that every keystroke
 * changes the text's length (the entries after the edit then move, as when a user types), instead of toggling one.
 * With `--type-line`, a new property line is typed after every seventh `label:` line one character per keystroke, and
 * removed again once complete (bench/toscaRequests.ts's typed-line row): the YAML is broken until its colon is typed.
 * With `--profile`, V8's CPU profiler runs over the measured keystrokes only (not the index build).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session as Inspector } from 'node:inspector';
import * as path from 'node:path';
import { Session } from '../server/src/host/session.js';
import { diskSummaryStore } from '../server/src/host/diskCache.js';
import { computeDiagnostics } from '../server/src/features/diagnostics.js';
import { argOf } from './generate.js';
import { dist } from './util.js';

/** What `--type-line` types after a `label:` line, one character per keystroke (bench/toscaRequests.ts's). */
const TYPED_LINE = '\n        endpoint_note: x';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const dir = path.resolve(argOf(argv, 'dir') ?? '/tmp/lm-descriptors-bench/tosca-2.0');
  const cache = argOf(argv, 'cache');
  const edits = Number(argOf(argv, 'edits') ?? 300);
  const warmup = Number(argOf(argv, 'warmup') ?? 0);
  const session = new Session(undefined, cache ? { summaryStore: diskSummaryStore(cache) } : {});
  session.index.addRoot(dir);
  await session.index.build();
  const file = path.join(dir, argOf(argv, 'file') ?? path.join('services0', 'service0.yaml'));
  let text = readFileSync(file, 'utf8');
  computeDiagnostics(session.context(session.openDocument(file, text, 1, true)));
  const at = [...text.matchAll(/label: app (\d)/g)].map((m) => m.index + m[0].length - 1);
  if (!at.length) throw new Error('no `label: app N` to toggle');
  // The ends of every seventh `label:` line, where `--type-line` types (as the bench's typed-line row).
  const lineEnds = at.filter((_, n) => n % 7 === 0).map((k) => text.indexOf('\n', k));
  const profile = argOf(argv, 'profile');
  const inspector = profile ? new Inspector() : undefined;
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) =>
      inspector!.post(method, {}, (err, res) => (err ? reject(err) : resolve(res))),
    );
  if (inspector) {
    inspector.connect();
    await post('Profiler.enable');
  }
  const times: number[] = [];
  const insert = argv.includes('--insert');
  const typeLine = argv.includes('--type-line');
  const byRule = argv.includes('--rules') ? new Map<string, number>() : undefined;
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const ruleOpts = byRule
    ? { timeRule: (code: string, ms: number) => byRule.set(code, (byRule.get(code) ?? 0) + ms), ruleClock: cpuMs }
    : {};
  let diagnostics = 0;
  for (let i = -warmup; i < edits; i++) {
    const k = at[(i + warmup) % at.length]!;
    if (typeLine) {
      // One character of TYPED_LINE per keystroke after a `label:` line (the line removed again when complete).
      const step = (i + warmup) % (TYPED_LINE.length + 1);
      const j = lineEnds[Math.floor((i + warmup) / (TYPED_LINE.length + 1)) % lineEnds.length]!;
      text =
        step === TYPED_LINE.length
          ? text.slice(0, j) + text.slice(j + TYPED_LINE.length)
          : text.slice(0, j + step) + TYPED_LINE[step] + text.slice(j + step);
    } else if (insert) {
      // A digit typed after a label's, then deleted: the text's length changes with every keystroke.
      const j = at[Math.floor((i + warmup) / 2) % at.length]! + 1;
      text = (i + warmup) % 2 ? text.slice(0, j) + text.slice(j + 1) : text.slice(0, j) + '7' + text.slice(j);
    } else text = text.slice(0, k) + (text[k] === '1' ? '2' : '1') + text.slice(k + 1);
    if (i === 0 && inspector) await post('Profiler.start');
    const t0 = process.cpuUsage();
    const model = session.openDocument(file, text, i + warmup + 2, true);
    if (i === 0) byRule?.clear();
    diagnostics = computeDiagnostics(session.context(model), ruleOpts).length;
    const d = process.cpuUsage(t0);
    if (i >= 0) times.push((d.user + d.system) / 1000);
    if (process.env.KS_TRACE) process.stderr.write(`${i} ${((d.user + d.system) / 1000).toFixed(1)}\n`);
  }
  if (inspector) {
    const stopped = (await post('Profiler.stop')) as { profile: object };
    writeFileSync(profile!, JSON.stringify(stopped.profile));
  }
  const d = dist(times);
  const f = (x: number) => +x.toFixed(2);
  process.stdout.write(
    JSON.stringify({ edits, diagnostics, p50: f(d.p50), p95: f(d.p95), mean: f(d.mean), max: f(d.max) }) + '\n',
  );
  if (byRule) {
    const rows = [...byRule].sort((a, b) => b[1] - a[1]).map(([code, ms]) => [code, f(ms / edits)]);
    process.stdout.write(JSON.stringify(Object.fromEntries(rows)) + '\n');
  }
}

void main();
