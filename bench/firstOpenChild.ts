/**
 * The first LM open after a warm start, in-process, for a CPU profile of that open alone: a warm index from the
 * bench's cache (`--cache FILE`), then the big assembly opened and checked once (and `--opens N` times), the
 * sampling profiler running over the first open only. Prints the CPU time of each open and writes the profile.
 * Bundle it with esbuild as bench/abKeystrokes.ts does, and give it the server loader's V8 flags
 * (`--always-sparkplug`): the server's first open runs in that mode.
 *
 *   node --always-sparkplug firstOpenChild.cjs <root> <big assembly> --cache FILE [--opens N]
 *       [--prof OUT.cpuprofile] [--warm-outline N]
 *
 * `--warm-outline N`: the outline scanner run over N descriptors of the index before the first open (its CPU is
 * printed apart as `warmMs`): what warming the scanner would save the open, and what it costs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session as Inspector } from 'node:inspector';
import { Session } from '../server/src/host/session.js';
import { diskSummaryStore } from '../server/src/host/diskCache.js';
import { computeDiagnostics } from '../server/src/features/diagnostics.js';
import { outlineYaml } from '../server/src/syntax/outline.js';
import { processCpuMs } from './cpuTime.js';
import { argOf } from './generate.js';

async function main(): Promise<void> {
  const [root, big, ...rest] = process.argv.slice(2);
  const opt = (name: string) => argOf(rest, name);
  const cache = opt('cache');
  if (!root || !big || !cache) throw new Error('usage: firstOpenChild <root> <big assembly> --cache FILE');
  const session = new Session(undefined, { summaryStore: diskSummaryStore(cache) });
  session.index.addRoot(root);
  await session.index.build();
  const text = readFileSync(big, 'utf8');
  // With `--warm-outline N`: the outline scanner run over N small descriptors first (its CPU printed apart).
  const warmOutline = Number(opt('warm-outline') ?? 0);
  const w0 = processCpuMs();
  let scanned = 0;
  for (const e of session.index.allEntries()) {
    if (scanned >= warmOutline) break;
    if (e.kind !== 'assembly' && e.kind !== 'resource') continue;
    outlineYaml(readFileSync(e.path, 'utf8'));
    scanned++;
  }
  const warmMs = +(processCpuMs() - w0).toFixed(1);
  const prof = opt('prof');
  const inspector = prof ? new Inspector() : undefined;
  const post = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) =>
      inspector!.post(method, params, (err, res) => (err ? reject(err) : resolve(res))),
    );
  if (inspector) {
    inspector.connect();
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 200 });
    await post('Profiler.start');
  }
  const times: number[] = [];
  for (let i = 0; i < Number(opt('opens') ?? 1); i++) {
    const t0 = processCpuMs();
    computeDiagnostics(session.context(session.openDocument(big, text, 1, true)));
    times.push(+(processCpuMs() - t0).toFixed(1));
    if (i === 0 && inspector && prof) {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      writeFileSync(prof, JSON.stringify(profile));
    }
    await session.closeDocument(big);
  }
  process.stdout.write(`${JSON.stringify({ warmMs, opens: times })}\n`);
}

void main();
