/**
 * Would the first workspace pass pay in worker threads? A measurement, not the server's code path:
 * the main thread builds a warm index from the bench's cache (as the server holds one for requests),
 * then the pass's per-file work (read, `analyseDocument`, every rule, the summaries released every
 * 1,000 files as `WorkspaceDiagnostics` does) runs either in the main thread or in N worker threads,
 * each with its own warm index from the same cache file, the files split in contiguous shares of the
 * sorted paths (a project's files and the descriptors they reference stay together).
 *
 *   node /tmp/passWorkers.cjs <root> --cache FILE [--workers N] [--main-share]
 *
 * `--workers 0`: the pass in the main thread (today). `--main-share`: the main thread checks a share
 * too. Prints one JSON line: wall time of the pass, CPU of the process (all threads), findings, and
 * the process's peak RSS. Bundle it first (esbuild, as the server is):
 *   npx esbuild bench/passWorkers.ts --bundle --platform=node --format=cjs --outfile=/tmp/passWorkers.cjs
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { Session } from '../server/src/host/session.js';
import { diskSummaryStore } from '../server/src/host/diskCache.js';
import { analyseDocument } from '../server/src/model/document.js';
import { computeDiagnostics } from '../server/src/features/diagnostics.js';
import { packFor } from '../server/src/features/packs.js';
import { argOf } from './generate.js';

interface Share {
  root: string;
  cacheFile: string;
  files: string[];
}

interface ShareResult {
  checked: number;
  findings: number;
  buildMs: number;
  passMs: number;
  heapMB: number;
}

async function warmSession(root: string, cacheFile: string): Promise<Session> {
  const session = new Session(undefined, { summaryStore: diskSummaryStore(cacheFile) });
  session.index.addRoot(root);
  await session.index.build();
  return session;
}

/** The pass's work for one share of the files (WorkspaceDiagnostics.check without the protocol). */
async function checkShare(session: Session, files: readonly string[]): Promise<Omit<ShareResult, 'buildMs'>> {
  const t0 = performance.now();
  let findings = 0;
  let checked = 0;
  for (const path of files) {
    const stat = session.fs.statSync(path);
    if (!stat || !stat.isFile || stat.size > session.index.maxFileBytes) continue;
    const text = await session.fs.readFile(path);
    const model = analyseDocument(path, text, 0, { maxFullParseBytes: session.index.maxFileBytes, outlineFirst: true });
    if (!packFor(model.kind)) continue;
    findings += computeDiagnostics(session.context(model), {}).length;
    checked++;
    if (checked % 1000 === 0) session.index.releaseUnusedSummaries();
  }
  session.index.releaseSummaries();
  return { checked, findings, passMs: performance.now() - t0, heapMB: process.memoryUsage().heapUsed / 1048576 };
}

async function workerMain(): Promise<void> {
  const share = workerData as Share;
  const t0 = performance.now();
  const session = await warmSession(share.root, share.cacheFile);
  const buildMs = performance.now() - t0;
  const r = await checkShare(session, share.files);
  parentPort!.postMessage({ ...r, buildMs } satisfies ShareResult);
}

function runWorker(share: Share): Promise<ShareResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(process.argv[1]!, { workerData: share });
    w.once('message', (m: ShareResult) => resolve(m));
    w.once('error', reject);
  });
}

async function main(): Promise<void> {
  const [root, ...rest] = process.argv.slice(2);
  const opt = (name: string) => argOf(rest, name);
  const cacheFile = opt('cache');
  if (!root || !cacheFile) throw new Error('usage: passWorkers <root> --cache FILE [--workers N] [--main-share]');
  const workers = Number(opt('workers') ?? '0');
  const mainShare = rest.includes('--main-share') || workers === 0;
  const session = await warmSession(root, cacheFile);
  const files: string[] = [];
  for (const e of session.index.allEntries()) if (packFor(e.kind)) files.push(e.path);
  files.sort();
  const parts = workers + (mainShare ? 1 : 0);
  const shares: string[][] = [];
  for (let i = 0; i < parts; i++)
    shares.push(files.slice(Math.floor((i * files.length) / parts), Math.floor(((i + 1) * files.length) / parts)));
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const running = shares.slice(mainShare ? 1 : 0).map((f) => runWorker({ root, cacheFile, files: f }));
  const own = mainShare ? [await checkShare(session, shares[0]!)] : [];
  const results = [...own.map((r) => ({ ...r, buildMs: 0 })), ...(await Promise.all(running))];
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  process.stdout.write(
    JSON.stringify({
      workers,
      mainShare,
      wallMs: Math.round(wallMs),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      checked: results.reduce((s, r) => s + r.checked, 0),
      findings: results.reduce((s, r) => s + r.findings, 0),
      shares: results.map((r) => ({
        build: Math.round(r.buildMs),
        pass: Math.round(r.passMs),
        heapMB: Math.round(r.heapMB),
      })),
      maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    }) + '\n',
  );
}

if (isMainThread) void main().then(() => process.exit(0));
else void workerMain();
