/**
 * The TOSCA importer lookup's first build in a fresh process, after a cold index build (what the first open at
 * ready meets): CPU and wall time of `importersWithoutWalk` for `services0/service0.yaml`, then of a second build
 * on the same index. `--repo` runs another checkout's sources (an A/B: alternate the two in fresh processes).
 * Add `--no-turbofan` for the server's compiler hold after a warm start (serverBin.ts).
 *
 *   node [--no-turbofan] --import tsx bench/lookupChild.ts [--dir /tmp/lm-descriptors-bench/tosca-2.0] [--repo DIR]
 */
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Session as SessionType } from '../server/src/host/session.js';
import { argOf } from './generate.js';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const dir = path.resolve(argOf(argv, 'dir') ?? '/tmp/lm-descriptors-bench/tosca-2.0');
  const repo = path.resolve(argOf(argv, 'repo') ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const mod = (await import(pathToFileURL(path.join(repo, 'server', 'src', 'host', 'session.ts')).href)) as {
    Session: typeof SessionType;
  };
  const session = new mod.Session();
  session.index.addRoot(dir);
  await session.index.build();
  const file = path.join(dir, 'services0', 'service0.yaml');
  const tosca = session.index.tosca as unknown as { importersWithoutWalk(p: string): string[]; lookup?: unknown };
  const time = () => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const importers = tosca.importersWithoutWalk(file).length;
    const c = process.cpuUsage(c0);
    return { wallMs: +(performance.now() - t0).toFixed(2), cpuMs: (c.user + c.system) / 1000, importers };
  };
  const first = time();
  // The next question builds a lookup again (same index), now in code that has run once.
  tosca.lookup = undefined;
  const second = time();
  console.log(JSON.stringify({ first, second }));
}

void main();
