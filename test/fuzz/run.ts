/**
 * Long fuzz runs: `npm run fuzz -- [--seed N] [--bursts M] [--workspace lm|tosca|corpus|all] [--runs K]
 * [--bound MS] [--quiet MS] [--disk] [--config]`. Defaults: 10 runs of 200 bursts on every workspace, random seeds
 * (printed, so any run can be repeated with --seed). With --seed N the runs use seeds N, N+1, ... N+K-1. `--disk`:
 * files no document has open are rewritten on disk now and then, and both servers told (FuzzOptions.diskChanges).
 * `--config`: the servers' settings change now and then (dialect, severities, size cap: FuzzOptions.configChanges).
 * Exits 1 when a run failed; each failure leaves test/.tmp/fuzz-failure-<seed>-<workspace>.json,
 * which `node --import tsx test/fuzz/replay.ts <file>` replays and shrinks to a minimal reproduction.
 */
import { randomInt } from 'node:crypto';
import { runFuzz, type FuzzResult } from './fuzzer.js';
import { WORKSPACE_NAMES, corpusAvailable, CORPUS_DIR, type WorkspaceName } from './workspaces.js';

/** Options without a value. */
const FLAGS = ['disk', 'config'];

function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`);
    const eq = a.indexOf('=');
    if (eq > 0) out[a.slice(2, eq)] = a.slice(eq + 1);
    else if (FLAGS.includes(a.slice(2))) out[a.slice(2)] = '1';
    else out[a.slice(2)] = argv[++i] ?? '';
  }
  return out;
}

function int(v: string | undefined, dflt: number, what: string): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${what} needs a non-negative integer, got '${v}'`);
  return n;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const known = ['seed', 'bursts', 'workspace', 'runs', 'bound', 'quiet', ...FLAGS];
  for (const k of Object.keys(args)) if (!known.includes(k)) throw new Error(`unknown option --${k}`);
  const runs = int(args['runs'], 10, 'runs');
  const bursts = int(args['bursts'], 200, 'bursts');
  const boundMs = int(args['bound'], 5000, 'bound');
  const quietMs = args['quiet'] === undefined ? undefined : int(args['quiet'], 40, 'quiet');
  const which = args['workspace'] ?? 'all';
  let workspaces: WorkspaceName[];
  if (which === 'all') workspaces = [...WORKSPACE_NAMES];
  else if ((WORKSPACE_NAMES as readonly string[]).includes(which)) workspaces = [which as WorkspaceName];
  else throw new Error(`--workspace must be lm, tosca, corpus or all, got '${which}'`);
  if (workspaces.includes('corpus') && !corpusAvailable()) {
    console.log(`SKIP corpus workspace: ${CORPUS_DIR} is absent`);
    workspaces = workspaces.filter((w) => w !== 'corpus');
    if (workspaces.length === 0) return 0;
  }
  const firstSeed = args['seed'] === undefined ? undefined : int(args['seed'], 0, 'seed');
  const seeds = Array.from({ length: runs }, (_, i) =>
    firstSeed === undefined ? randomInt(1, 2 ** 31 - 1) : (firstSeed + i) >>> 0,
  );
  const diskChanges = args['disk'] !== undefined;
  const configChanges = args['config'] !== undefined;
  console.log(
    `fuzz: ${runs} run(s) x ${bursts} bursts on ${workspaces.join(', ')}${diskChanges ? ' (disk changes)' : ''}` +
      `${configChanges ? ' (settings changes)' : ''}; ` +
      `seeds ${seeds.join(', ')}`,
  );
  const results: FuzzResult[] = [];
  const t0 = Date.now();
  for (const seed of seeds) {
    for (const workspace of workspaces) {
      const r = await runFuzz({
        seed,
        bursts,
        workspace,
        boundMs,
        diskChanges,
        configChanges,
        ...(quietMs !== undefined ? { quietMs } : {}),
        log: (l) => console.log(l),
      });
      results.push(r);
      console.log(
        `${r.failure ? 'FAIL' : 'ok  '} seed ${seed} ${workspace}: ${r.bursts} bursts, ${r.edits} edits, ` +
          `${r.requests} requests (${r.cancelled} cancelled), ${r.comparisons} comparisons, ` +
          (diskChanges ? `${r.diskWrites} files rewritten on disk (${r.diskDeletes} deleted), ` : '') +
          (configChanges ? `${r.configChanges} settings changes, ` : '') +
          `${r.findings.length} finding(s), ${(r.ms / 1000).toFixed(1)} s` +
          (r.failure ? ` — ${r.failure.kind} in burst ${r.failure.burst}, see ${r.failure.file}` : ''),
      );
    }
  }
  const failed = results.filter((r) => r.failure);
  const total = (k: 'bursts' | 'edits' | 'requests' | 'comparisons') => results.reduce((n, r) => n + r[k], 0);
  console.log(
    `\nfuzz summary: ${results.length} run(s), ${total('bursts')} bursts, ${total('edits')} edits, ` +
      `${total('requests')} requests, ${total('comparisons')} comparisons ` +
      `in ${((Date.now() - t0) / 1000).toFixed(0)} s; ` +
      `${failed.length} failure(s); ${results.reduce((n, r) => n + r.findings.length, 0)} finding(s)`,
  );
  for (const r of failed)
    console.log(
      `  FAIL seed ${r.seed} ${r.workspace} burst ${r.failure!.burst} (${r.failure!.kind}): ${r.failure!.file}`,
    );
  for (const r of results)
    for (const f of r.findings)
      console.log(`  finding seed ${r.seed} ${r.workspace} burst ${f.burst} ${f.kind}: ${f.detail.slice(0, 240)}`);
  return failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(2);
  },
);
