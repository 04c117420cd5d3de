/**
 * The command-line checker, A/B between builds in alternated runs (the machine is shared, so only
 * alternated runs compare): `lm-descriptors check` over a copy of a folder (by default the bench's,
 * xOpera's repository from the corpus), a fresh process per run, and `node -e 0` after each round
 * for node's own start-up. Prints per build the median CPU time (user + system of the process, from
 * a `-r` preload that reads `process.cpuUsage()` at exit: not the wall clock of a loaded machine),
 * the main thread's CPU time (what the wall time of a quiet machine with a second core follows) and
 * the wall time, each also as a multiple of node's.
 *
 *   node --import tsx bench/abChecker.ts <distA> <distB> ... [--rounds N] [--folder DIR]
 *     [--flagsA "..."] [--flagsB "..."] ...
 *
 * A build may be given twice with different node flags. Each position keeps its own V8 code cache
 * (`XDG_CACHE_HOME`): builds sharing one folder evict each other's cache, and every run would then
 * compile the whole bundle (about 510 ms of CPU instead of 340). Two runs per position write the
 * caches before the rounds and are not counted.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { abArgs } from './util.js';

const argv = process.argv.slice(2);
const { opt, builds, flagsOf } = abArgs(argv);
const rounds = Number(opt('rounds') ?? 20);
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = opt('folder') ?? path.join(REPO, '..', 'shared', 'corpus', 'tosca', 'xlab-si__xopera-opera');

const work = mkdtempSync(path.join(os.tmpdir(), 'lm-ab-checker-'));
/** Outside the repository: the checker indexes from the workspace root (the nearest version-control root). */
const dir = path.join(work, 'folder');
const preload = path.join(work, 'cpu.cjs');
const cpuFile = path.join(work, 'cpu.txt');
// The main thread's own CPU time (Linux: the first field of its schedstat, in ns) besides the process's:
// on a quiet machine with two cores, the wall time follows the main thread, while the process's CPU
// also counts V8's helper threads (parallel scavenges, optimising compiles) that run beside it.
writeFileSync(
  preload,
  `process.once('exit', () => { const u = process.cpuUsage(); let main = NaN; ` +
    `try { main = Number(require('fs').readFileSync('/proc/self/task/' + process.pid + '/schedstat', 'latin1')` +
    `.split(' ')[0]) / 1e6; } catch {} ` +
    `require('fs').writeFileSync(${JSON.stringify(cpuFile)}, (u.user + u.system) / 1000 + ' ' + main); });\n`,
);

/** One process: its wall time, CPU time and the main thread's CPU time (ms). */
function run(args: string[], xdg?: string): { wall: number; cpu: number; main: number } {
  rmSync(cpuFile, { force: true });
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['-r', preload, ...args], {
    cwd: dir,
    stdio: 'ignore',
    env: xdg ? { ...process.env, XDG_CACHE_HOME: xdg } : process.env,
  });
  const wall = performance.now() - t0;
  // The checker exits 1 when it finds errors: a measurement all the same.
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')}: exit ${r.status}`);
  const [cpu, main] = readFileSync(cpuFile, 'utf8').split(' ').map(Number);
  return { wall, cpu: cpu!, main: main! };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
};

try {
  cpSync(folder, dir, { recursive: true });
  const xdgOf = (b: number) => {
    const x = path.join(work, `xdg-${b}`);
    mkdirSync(x, { recursive: true, mode: 0o700 });
    return x;
  };
  // Every run checks everything: builds with a run cache are told not to answer from it (older builds
  // would refuse the option).
  const noCache = (b: number) =>
    readFileSync(path.join(path.resolve(builds[b]!), 'cli-main.js'), 'latin1').includes('--no-cache')
      ? ['--no-cache']
      : [];
  const argsOf = (b: number) => [
    ...flagsOf(b),
    path.join(path.resolve(builds[b]!), 'cli.js'),
    'check',
    ...noCache(b),
    dir,
  ];
  for (let b = 0; b < builds.length; b++) for (let i = 0; i < 2; i++) run(argsOf(b), xdgOf(b));
  const results = builds.map(() => ({ wall: [] as number[], cpu: [] as number[], main: [] as number[] }));
  const node = { wall: [] as number[], cpu: [] as number[], main: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    for (let b = 0; b < builds.length; b++) {
      const m = run(argsOf(b), xdgOf(b));
      results[b]!.wall.push(m.wall);
      results[b]!.cpu.push(m.cpu);
      results[b]!.main.push(m.main);
    }
    const n = run(['-e', '0']);
    node.wall.push(n.wall);
    node.cpu.push(n.cpu);
    node.main.push(n.main);
  }
  const nw = median(node.wall);
  const nc = median(node.cpu);
  const nm = median(node.main);
  for (let b = 0; b < builds.length; b++) {
    const w = median(results[b]!.wall);
    const c = median(results[b]!.cpu);
    const m = median(results[b]!.main);
    const flags = flagsOf(b).join(' ');
    console.log(
      `${String.fromCharCode(65 + b)} ${builds[b]}${flags ? ` (${flags})` : ''}: CPU ${c.toFixed(1)} ms ` +
        `(${(c / nc).toFixed(2)}x node), main thread ${m.toFixed(1)} ms (${(m / nm).toFixed(2)}x node), ` +
        `wall ${w.toFixed(1)} ms (${(w / nw).toFixed(2)}x node)`,
    );
  }
  const load = os.loadavg()[0]!.toFixed(1);
  console.log(
    `node -e 0: CPU ${nc.toFixed(1)} ms, main thread ${nm.toFixed(1)} ms, wall ${nw.toFixed(1)} ms; ` +
      `${rounds} rounds, load ${load}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
