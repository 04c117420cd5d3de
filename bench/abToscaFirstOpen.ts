/**
 * The first didOpen of a TOSCA file in a session through the real server, two builds alternated (A/B), measured as the
 * server's CPU time (`/proc`, 10 ms ticks) from the didOpen to its diagnostics, beside the wall time: on a shared
 * machine the wall time of one open moves by several times between runs, its CPU time much less. Each run is a new
 * server on the bench's generated TOSCA workspace (`npm run bench -- --phases tosca` writes them), cold (no index
 * cache):
 *
 *   node --import tsx bench/abToscaFirstOpen.ts <dist/server.js of A> <dist/server.js of B> [--pairs N] [--settle ms]
 *     [--versions 2.0,1.3] [--file services0/service0.yaml] [--flagsA "..."] [--flagsB "..."]
 *
 * `--settle ms` waits that long after ready before the open (0, the bench's way: the open meets the idle work
 * that starts at ready). `--flagsA` / `--flagsB`: node flags for that side's server (e.g. `--cpu-prof`).
 * `--linger ms`: the session stays that long after the diagnostics (a server writes its V8 code cache 1.5 s after
 * its first check of a language pack its cache did not cover, as the bench's longer sessions do). Each side has its
 * own code cache folder (under this run's process id); with `--linger` its first session writes it, the others accept
 * it.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BenchClient } from './lspClient.js';
import { argOf } from './generate.js';

async function firstOpen(
  serverJs: string,
  name: string,
  version: string,
  file: string,
  settle: number,
  flags: string[] = [],
  linger = 0,
) {
  const dir = path.join(os.tmpdir(), 'lm-descriptors-bench', `tosca-${version}`);
  const cacheDir = path.join(os.tmpdir(), `lm-ab-first-open-${name}-${version}`);
  rmSync(cacheDir, { recursive: true, force: true });
  // Each side keeps its own V8 code cache: a build writing its cache removes the other builds' (host/codeCache.ts),
  // so with one folder no session accepted a cache (no compiler hold, no idle collector, as no bench session has).
  const xdg = path.join(os.tmpdir(), `ab-tosca-first-open-xdg-${process.pid}-${name}`);
  mkdirSync(xdg, { recursive: true, mode: 0o700 });
  process.env['XDG_CACHE_HOME'] = xdg;
  const client = new BenchClient(serverJs, path.dirname(path.dirname(serverJs)), flags);
  try {
    await client.initializeWorkspace(dir, {
      name: 'tosca',
      initializationOptions: { cacheDir, settings: { diagnostics: { debounceMs: 0 } } },
    });
    await client.waitFor(() => client.statuses.find((x) => x.state === 'ready'), 180_000, 'ready');
    if (settle) await new Promise((r) => setTimeout(r, settle));
    const uri = pathToFileURL(path.join(dir, file)).href;
    const text = readFileSync(path.join(dir, file), 'utf8');
    const cpu0 = client.cpuMs();
    const t0 = performance.now();
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    const p = await client.waitFor(
      () => client.publications.find((x) => x.uri === uri && x.version === 1),
      20_000,
      'diagnostics',
    );
    const cpu = cpu0 === undefined ? NaN : (client.cpuMs() ?? NaN) - cpu0;
    if (linger) await new Promise((r) => setTimeout(r, linger));
    return { cpu, wall: p.at - t0 };
  } finally {
    await client.close();
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const [a, b] = argv;
  if (!a || !b) throw new Error('usage: abToscaFirstOpen.ts <server.js A> <server.js B> [--pairs N] [--settle ms]');
  const pairs = Number(argOf(argv, 'pairs') ?? 3);
  const settle = Number(argOf(argv, 'settle') ?? 0);
  const file = argOf(argv, 'file') ?? path.join('services0', 'service0.yaml');
  for (let i = 0; i < pairs; i++)
    for (const version of (argOf(argv, 'versions') ?? '2.0,1.3').split(','))
      for (const [name, serverJs] of [
        ['A', a],
        ['B', b],
      ] as const) {
        const flags = (argOf(argv, `flags${name}`) ?? '').split(' ').filter(Boolean);
        const r = await firstOpen(serverJs, name, version, file, settle, flags, Number(argOf(argv, 'linger') ?? 0));
        console.log(`${version} ${name}: first didOpen server CPU ${r.cpu} ms, wall ${r.wall.toFixed(0)} ms`);
      }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`${String(e)}\n`);
    process.exit(1);
  },
);
