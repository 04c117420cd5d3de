/**
 * In-process CPU time of the first open of a TOSCA file after the index is built, on the generated TOSCA
 * workspaces (`npm run bench -- --phases tosca` writes them): the session's first analysis and diagnostics of
 * `services0/service0.yaml` (which builds the workspace-wide import and profile-name maps), then a second open
 * of the same text. With `--cache FILE` the index starts warm from that cache file (written first when absent),
 * as the server after a restart; without it the build is cold, as the bench's `tosca` phase.
 *
 *   node --import tsx bench/toscaFirstOpen.ts [--dir /tmp/lm-descriptors-bench/tosca-2.0] [--cache FILE] [--runs N]
 */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Session } from '../server/src/host/session.js';
import { diskSummaryStore } from '../server/src/host/diskCache.js';
import { computeDiagnostics } from '../server/src/features/diagnostics.js';
import { argOf } from './generate.js';
import { cpuMs } from './cpuTime.js';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const dir = path.resolve(argOf(argv, 'dir') ?? '/tmp/lm-descriptors-bench/tosca-2.0');
  const cache = argOf(argv, 'cache');
  if (cache && !existsSync(cache)) {
    const s = new Session(undefined, { summaryStore: diskSummaryStore(cache) });
    s.index.addRoot(dir);
    await s.index.build();
  }
  const session = new Session(undefined, cache ? { summaryStore: diskSummaryStore(cache) } : {});
  session.index.addRoot(dir);
  // Ready is what the server waits for before the open; a warm start's check against the disk follows.
  await session.index.build();
  const file = path.join(dir, 'services0', 'service0.yaml');
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (let i = 0; i < 3; i++) {
    const [ms, n] = cpuMs(() => {
      const doc = session.openDocument(file, text, i + 1);
      return computeDiagnostics(session.context(doc)).length;
    });
    out.push(`${ms.toFixed(1)} ms (${String(n)} diagnostics)`);
  }
  console.log(`${path.basename(dir)}${cache ? ' warm' : ' cold'}: opens ${out.join(', ')}`);
}

void main();
