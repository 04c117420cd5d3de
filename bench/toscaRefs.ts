/**
 * In-process timing of TOSCA references on the generated TOSCA workspaces (`npm run bench` writes
 * them): the index is built once, `services0/service0.yaml` is opened, and each `type:` value of it
 * is asked for its references twice, the first after an index change (cold: every file that can see
 * the type resolves its names), the second from the per-generation caches. CPU time, so a busy
 * machine moves the figures less than wall time.
 *
 *   node --import tsx bench/toscaRefs.ts [--dir /tmp/lm-descriptors-bench/tosca-2.0] [--rounds N] [--hover]
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Session } from '../server/src/host/session.js';
import { references } from '../server/src/features/references.js';
import { hover } from '../server/src/features/hover.js';
import { argOf } from './generate.js';
import { cpuMs } from './cpuTime.js';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const dir = path.resolve(argOf(argv, 'dir') ?? '/tmp/lm-descriptors-bench/tosca-2.0');
  const rounds = Number(argOf(argv, 'rounds') ?? 3);
  const session = new Session();
  session.index.addRoot(dir);
  await session.index.build();
  const file = path.join(dir, 'services0', 'service0.yaml');
  const text = readFileSync(file, 'utf8');
  const offsets: number[] = [];
  for (const m of text.matchAll(/^(\s+type: )(\S+)\s*$/gm)) offsets.push(m.index + m[1]!.length + (m[2]!.length >> 1));
  for (let round = 0; round < rounds; round++) {
    // A new version of the document: a new model, so the per-document caches start empty.
    const doc = session.openDocument(file, text, round + 1);
    const ctx = session.context(doc);
    const cold: number[] = [];
    const warm: number[] = [];
    let refs = 0;
    for (const at of offsets) {
      const [c, r] = cpuMs(() => references(ctx, at, true));
      cold.push(c);
      refs += (r as unknown[]).length;
      warm.push(cpuMs(() => references(ctx, at, true))[0]);
    }
    const hov: number[] = [];
    if (argv.includes('--hover')) for (const at of offsets) hov.push(cpuMs(() => hover(ctx, at))[0]);
    const f = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(' ');
    console.log(`round ${round}: ${offsets.length} positions, ${refs} refs; cold ${f(cold)}; warm ${f(warm)}`);
    if (hov.length) console.log(`  hover ${f(hov)}`);
  }
}

void main();
