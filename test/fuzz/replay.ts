/**
 * Replays a fuzz failure file (test/.tmp/fuzz-failure-<seed>-<workspace>.json) on fresh servers:
 *
 *   node --import tsx test/fuzz/replay.ts <file> [--mode trace|minimize] [--tries N]
 *
 * - trace: every step of the run again (opens, closes, edits, requests, pauses, comparisons);
 * - minimize (default): the shortest tail of the run that still fails — a fresh server A opens
 *   the documents with the texts they had before burst N-K (K = 1, 2, 4, ...) and gets the steps
 *   from there on —, then delta debugging over those steps and the documents opened at the
 *   start. Writes test/.tmp/fuzz-minimal-<seed>-<workspace>.json: the texts to open, the steps,
 *   the final texts and the difference.
 *
 * Timing-dependent failures may need --tries (each trial is run up to N times, default 1).
 */
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Fail, FuzzRun, readFailure, type FuzzSettings, type Step } from './fuzzer.js';
import { sourceWorkspace, type WorkspaceName } from './workspaces.js';

export interface ReplayOutcome {
  reproduced: boolean;
  message?: string;
  /** For minimize: the file with the smallest reproduction found. */
  file?: string;
  trials: number;
}

interface FailureRecord {
  seed: number;
  workspace: WorkspaceName;
  burst: number;
  trace?: Step[];
}

/** Documents open at some point of a run, with their texts, the last texts of closed ones and the disk's texts. */
interface State {
  open: { doc: string; text: string }[];
  closed: Map<string, string>;
  /** Each file's text on disk (`null`: deleted). */
  disk: Map<string, string | null>;
  /** The settings of the last `config` step (none: the fuzzer's `INIT`). */
  settings: FuzzSettings;
}

/** Plays open/close/edit/disk steps on local copies; undefined when the steps are inconsistent. */
function simulate(start: State, steps: readonly Step[]): State | undefined {
  const docs = new Map(start.open.map((o) => [o.doc, TextDocument.create(`file:///${o.doc}`, 'yaml', 1, o.text)]));
  const closed = new Map(start.closed);
  const disk = new Map(start.disk);
  let settings = start.settings;
  let v = 1;
  for (const s of steps) {
    if (s.type === 'config') settings = s.settings;
    else if (s.type === 'disk') {
      if (docs.has(s.doc)) return undefined;
      disk.set(s.doc, s.text);
    } else if (s.type === 'open') {
      const text = s.text === 'disk' ? disk.get(s.doc) : closed.get(s.doc);
      if (docs.has(s.doc) || text === undefined || text === null) return undefined;
      docs.set(s.doc, TextDocument.create(`file:///${s.doc}`, 'yaml', 1, text));
    } else if (s.type === 'close') {
      const d = docs.get(s.doc);
      if (!d) return undefined;
      closed.set(s.doc, d.getText());
      docs.delete(s.doc);
    } else if (s.type === 'edit') {
      const d = docs.get(s.doc);
      if (!d) return undefined;
      TextDocument.update(d, s.changes, ++v);
    } else if (s.type === 'request' && !docs.has(s.doc)) return undefined;
  }
  return { open: [...docs].map(([doc, d]) => ({ doc, text: d.getText() })), closed, disk, settings };
}

export async function replay(
  file: string,
  opts: { mode?: 'trace' | 'minimize'; tries?: number; maxTrials?: number; log?: (l: string) => void } = {},
): Promise<ReplayOutcome> {
  const mode = opts.mode ?? 'minimize';
  const log = opts.log ?? (() => undefined);
  const maxTrials = opts.maxTrials ?? 120;
  const rec = readFailure(file) as unknown as FailureRecord;
  if (!rec.trace) throw new Error('the failure file has no trace');
  // The trace ends with the failing comparison itself: the steps before it are what matters.
  const trace = rec.trace[rec.trace.length - 1]?.type === 'compare' ? rec.trace.slice(0, -1) : rec.trace;
  const source = sourceWorkspace(rec.workspace, rec.seed);
  const run = new FuzzRun({ seed: rec.seed, bursts: 0, workspace: rec.workspace }, source);
  let trials = 0;
  let fresh = true;
  try {
    await run.start();

    /** One trial from `start`: the failure message, or undefined when A and B agree at the end. */
    const attempt = async (start: State, steps: Step[]): Promise<string | undefined> => {
      for (let t = 0; t < (opts.tries ?? 1); t++) {
        trials++;
        const first = fresh;
        if (!fresh) await run.restartA();
        fresh = false;
        run.closedText = new Map(start.closed);
        try {
          // The files on disk as they were at the start (a trial before may have rewritten some).
          for (const [rel, text] of start.disk)
            if (text === null) {
              if (!run.deleted.has(rel)) run.deleteDisk(rel);
            } else if (run.deleted.has(rel) || run.fileText.get(rel) !== text) run.writeDisk(rel, text);
          // Both servers under the settings of the start (a trial before, or B, may hold others).
          if (!first || Object.keys(start.settings).length) run.configure(start.settings);
          for (const o of start.open) run.openDoc(o.doc, o.text, 'buffer');
          await run.settleA();
          await run.execSteps(steps, { openClose: true, compare: mode === 'trace' });
          await run.compare();
        } catch (e) {
          if (e instanceof Fail) return `${e.kind}: ${e.message}`;
          throw e;
        }
      }
      return undefined;
    };
    const empty: State = { open: [], closed: new Map(), disk: new Map(run.originalText), settings: {} };

    if (mode === 'trace') {
      const m = await attempt(empty, trace);
      return { reproduced: !!m, ...(m ? { message: m } : {}), trials };
    }

    // 1. The shortest tail of the run that fails.
    const compares = trace.flatMap((s, i) => (s.type === 'compare' ? [i] : []));
    let start: State | undefined;
    let steps: Step[] = [];
    let message: string | undefined;
    for (let k = 1; ; k *= 2) {
      const from = compares.length - k >= 0 ? compares[compares.length - k]! + 1 : 0;
      const s0 = simulate(empty, trace.slice(0, from))!;
      const tail = trace.slice(from);
      const m = await attempt(s0, tail);
      log(`last ${k} burst(s) (${tail.length} steps): ${m ? 'fails' : 'passes'}`);
      if (m) {
        [start, steps, message] = [s0, tail, m];
        break;
      }
      if (from === 0) break;
    }
    if (!start || !message) return { reproduced: false, trials };

    // 2. Delta debugging over the steps.
    const fails = async (st: State, cand: Step[]) => {
      if (!simulate(st, cand) || trials >= maxTrials) return undefined;
      return attempt(st, cand);
    };
    let n = 2;
    while (steps.length >= 1 && trials < maxTrials) {
      const size = Math.ceil(steps.length / n);
      let reduced = false;
      for (let i = 0; i * size < steps.length && !reduced; i++) {
        const cand = [...steps.slice(0, i * size), ...steps.slice((i + 1) * size)];
        const m = await fails(start, cand);
        if (m) {
          [steps, message] = [cand, m];
          n = Math.max(n - 1, 2);
          reduced = true;
          log(`  down to ${steps.length} step(s)`);
        }
      }
      if (!reduced) {
        if (size <= 1) break;
        n = Math.min(steps.length, n * 2);
      }
    }
    // 3. Documents open at the start that are not needed.
    for (const o of [...start.open]) {
      const st: State = { ...start, open: start.open.filter((x) => x !== o) };
      const m = await fails(st, steps);
      if (m) {
        [start, message] = [st, m];
        log(`  without ${o.doc} open at the start`);
      }
    }
    const out = path.join(path.dirname(file), `fuzz-minimal-${rec.seed}-${rec.workspace}.json`);
    writeFileSync(
      out,
      JSON.stringify(
        {
          seed: rec.seed,
          workspace: rec.workspace,
          burst: rec.burst,
          message,
          trials,
          openAtStart: start.open,
          steps,
          diskAtStart: Object.fromEntries([...start.disk].filter(([rel, t]) => run.originalText.get(rel) !== t)),
          settingsAtStart: start.settings,
          textsAfter: simulate(start, steps)?.open,
        },
        null,
        1,
      ),
    );
    return { reproduced: true, message, file: out, trials };
  } finally {
    await run.stop().catch(() => undefined);
    source.dispose();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const file = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  const flag = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  if (!file) {
    console.error('usage: node --import tsx test/fuzz/replay.ts <failure.json> [--mode trace|minimize] [--tries N]');
    process.exit(2);
  }
  const mode = (flag('mode') ?? 'minimize') as 'trace' | 'minimize';
  replay(file, { mode, tries: Number(flag('tries') ?? 1), log: (l) => console.log(l) }).then(
    (r) => {
      console.log(JSON.stringify(r, null, 1));
      process.exit(r.reproduced ? 1 : 0);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(2);
    },
  );
}
