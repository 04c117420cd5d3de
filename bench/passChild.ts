/**
 * The workspace pass in-process, for profiling and A/B runs: a warm index from the bench's cache,
 * then one full `WorkspaceDiagnostics` pass (as the server's `workspace/diagnostic` with no previous
 * results), timed in CPU and wall time. Prints one JSON line.
 *
 *   node --import tsx bench/passChild.ts <root> --cache FILE [--findings FILE [--clear-findings]]
 *
 * With `--findings`, the pass's findings persist in FILE (lsp/diagnosticsCache.ts): a first run with
 * `--clear-findings` checks everything and stores them, a second run republishes them.
 */
import { Session } from '../server/src/host/session.js';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { diskSummaryStore, diskTextStore } from '../server/src/host/diskCache.js';
import { RecordingFileSystem } from '../server/src/host/recordingFileSystem.js';
import { nodeFileSystem } from '../server/src/host/nodeFileSystem.js';
import { nodeHost } from '../server/src/host/nodeHost.js';
import { WorkspaceDiagnostics } from '../server/src/lsp/workspaceDiagnostics.js';
import { mainThreadCpuMs } from './cpuTime.js';

async function main(): Promise<void> {
  const [root, ...rest] = process.argv.slice(2);
  const opt = (name: string) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const cacheFile = opt('cache');
  if (!root) throw new Error('usage: passChild.ts <root> [--cache FILE]');
  const findings = opt('findings');
  if (findings && rest.includes('--clear-findings')) rmSync(findings, { force: true });
  const recorder = findings ? new RecordingFileSystem(nodeFileSystem) : undefined;
  const session = new Session(recorder, cacheFile ? { summaryStore: diskSummaryStore(cacheFile) } : {});
  session.index.addRoot(root);
  await session.index.build();
  const wd = new WorkspaceDiagnostics(
    () => session,
    () => ({}),
    () => false,
    (what, e) => console.error(what, e),
  );
  // As the server does (lsp/server.ts).
  wd.heap = nodeHost.passHeap;
  if (findings && recorder)
    wd.persist = { store: diskTextStore(findings, 'bench'), fs: recorder, settings: () => '{}' };
  const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
  let reports = 0;
  let withProblems = 0;
  // The findings, to compare builds: one line per reported file, hashed after the pass.
  const lines: string[] = [];
  const c0 = process.cpuUsage();
  const m0 = mainThreadCpuMs();
  // How long the event loop went without a turn: what a request beside the pass waits for at most.
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const t0 = performance.now();
  await wd.pass(
    new Map(),
    token,
    (items) => {
      reports += items.length;
      for (const it of items) {
        if (it.kind === 'full' && it.items.length) withProblems++;
        lines.push(JSON.stringify([it.uri, it.kind === 'full' ? it.items : []]));
      }
    },
    (p) => 'file://' + p,
  );
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  const m1 = mainThreadCpuMs();
  loop.disable();
  const ts = performance.now();
  // Includes the wait before the save starts (AFTER_PASS_MS in lsp/workspaceDiagnostics.ts, 250 ms).
  await wd.saving;
  const saveMs = performance.now() - ts;
  global.gc?.();
  const mem = process.memoryUsage();
  process.stdout.write(
    JSON.stringify({
      wallMs: Math.round(wallMs),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      sysMs: Math.round(cpu.system / 1000),
      loopDelayMs: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
      mainCpuMs: m0 !== undefined && m1 !== undefined ? Math.round(m1 - m0) : undefined,
      checked: wd.lastPass.checked,
      reused: wd.lastPass.reused,
      saveMs: Math.round(saveMs),
      reports,
      withProblems,
      findings: createHash('sha1').update(lines.sort().join('\n')).digest('hex').slice(0, 12),
      rssMB: Math.round(mem.rss / 1048576),
      maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
      heapMB: Math.round(mem.heapUsed / 1048576),
    }) + '\n',
  );
}

void main().then(() => process.exit(0));
