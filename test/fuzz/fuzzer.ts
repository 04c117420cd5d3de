/**
 * A seeded edit-sequence fuzzer for the bundled server (dist/server.js over stdio).
 *
 * Server A gets random incremental edits, requests and cancellations, as an editor would send
 * them. After each burst of edits, A's diagnostics for every open document are compared with a
 * reference: server B, started on its own identical copy of the workspace, gets the same documents
 * opened afresh with the same final texts. Whatever history A went through (edits, undos, closes,
 * cancelled requests), its diagnostics must equal those of a server that only ever saw the final
 * texts. Every request must be answered within a bound and the servers must never exit.
 *
 * Everything the fuzzer does is drawn from one seeded PRNG (never Math.random), so a seed always
 * sends the same sequence of messages; only the interleaving with the server's timers varies.
 * On a failure the seed, the burst, the texts before the burst, the burst's edits and the two
 * diagnostic lists, plus every step of the run, are written to
 * test/.tmp/fuzz-failure-<seed>-<workspace>.json (test/fuzz/replay.ts replays and shrinks it).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, Range } from 'vscode-languageserver-protocol';
import {
  FileChange,
  LspClient,
  REPO_ROOT,
  fileUri,
  type Diagnostic,
  type InitOptions,
} from '../support/protocolClient.js';
import { tempWorkspace, type TempWorkspace } from '../support/protocolWorkspace.js';
import { Rng } from './rng.js';
import { listYaml, sourceWorkspace, type SourceWorkspace, type WorkspaceName } from './workspaces.js';

export interface FuzzOptions {
  seed: number;
  /** Number of bursts of edits. */
  bursts: number;
  /** A named workspace, or a folder to copy. */
  workspace: WorkspaceName | { dir: string; name?: string };
  /** Every request and every awaited publication must arrive within this (default 5000 ms). */
  boundMs?: number;
  log?: (line: string) => void;
  /** Silence (no publication from a server) that counts as "it has settled" (default 40 ms). */
  quietMs?: number;
  /** Where failure files go (default test/.tmp). */
  failureDir?: string;
  /** At most this many documents open at once (default 3). */
  maxOpen?: number;
  /** Files of the corpus subset per side (lm, tosca) for the corpus workspace (default 30). */
  corpusFiles?: number;
  /**
   * Between bursts, now and then rewrite a file no document has open, on both servers' disks, or delete it (and
   * later bring it back), and tell both (`workspace/didChangeWatchedFiles`): a save in another editor, a branch
   * switched. Off by default, so that a seed without it sends the same messages as before the option existed (the
   * regression seeds).
   */
  diskChanges?: boolean;
  /**
   * Between bursts, now and then change the settings of both servers (`workspace/didChangeConfiguration`): the TOSCA
   * dialect, the generic type notation, a severity override, the size cap. B opens its documents afresh under the new
   * settings, so A's results kept from before the change must not survive it. Off by default, as `diskChanges`.
   */
  configChanges?: boolean;
  /**
   * For the fuzzer's own tests only: every `everyEdits`-th edit sends A one more character than
   * the fuzzer records, so A and B must end up disagreeing (proves the loop can fail).
   */
  sabotage?: { everyEdits: number };
}

export type FailureKind = 'mismatch' | 'timeout' | 'crash';

export interface FuzzFailure {
  kind: FailureKind;
  seed: number;
  workspace: string;
  /** 0-based index of the failing burst. */
  burst: number;
  message: string;
  /** The reproduction file. */
  file: string;
}

/** Not fatal, but worth a look: handler exceptions in the log, rule crashes, impossible ranges. */
export interface Finding {
  kind: 'server-log-error' | 'rule-crash' | 'budget-exceeded' | 'request-error' | 'invalid-range' | 'invalid-result';
  burst: number;
  doc?: string;
  detail: string;
  /** The document text when it was seen (for rule crashes and invalid ranges). */
  text?: string;
}

export interface FuzzResult {
  seed: number;
  workspace: string;
  bursts: number;
  edits: number;
  requests: number;
  cancelled: number;
  comparisons: number;
  /** Files rewritten on disk (FuzzOptions.diskChanges), deletions included. */
  diskWrites: number;
  /** Of those, files deleted. */
  diskDeletes: number;
  /** Settings changes (FuzzOptions.configChanges). */
  configChanges: number;
  /** Diagnostics in the reference lists compared (a fuzzer comparing empty lists proves little). */
  diagnostics: number;
  /** Comparisons whose reference had no YAML syntax error (LM000/TOSCA000): the semantic rules ran. */
  syntaxClean: number;
  /** Distinct diagnostic codes seen in the reference lists. */
  codes: string[];
  ms: number;
  /** FNV-1a hash of every message the fuzzer sent (same seed and bursts: same hash). */
  traceHash: string;
  findings: Finding[];
  failure?: FuzzFailure;
}

/** One incremental content change. */
export interface Change {
  range: Range;
  text: string;
}

export type Step =
  | { type: 'edit'; doc: string; op: string; changes: Change[]; version: number }
  | {
      type: 'request';
      doc: string;
      method: string;
      position: Position;
      /** The end of the range, for codeAction. */
      end?: Position;
      cancel: 'no' | 'now' | number;
      id: number;
    }
  /** The end of a burst: A and B were compared here. */
  | { type: 'compare'; burst: number }
  | { type: 'pause'; ms: number }
  | { type: 'open'; doc: string; text: 'disk' | 'buffer' }
  /** A file no document has open rewritten on disk (both servers' copies), or deleted (`null`), both servers told. */
  | { type: 'disk'; doc: string; text: string | null }
  /** Both servers given these settings (`lmDescriptors`, over the fuzzer's own `INIT` ones). */
  | { type: 'config'; settings: FuzzSettings }
  | { type: 'close'; doc: string };

// ---------------------------------------------------------------------------------------------
// Comparison

export interface DiagnosticDiff {
  equal: boolean;
  /** Canonical keys of diagnostics only the first list has (with multiplicity). */
  onlyA: string[];
  onlyB: string[];
}

/** The compared fields of a diagnostic: code, range, severity, message. */
export function diagnosticKey(d: Diagnostic, normalise: (s: string) => string = (s) => s): string {
  const r = d.range;
  return (
    `${d.code ?? '-'} ${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character} ` +
    `sev${d.severity ?? '-'} ${normalise(d.message)}`
  );
}

/** Order-insensitive multiset comparison of two diagnostic lists. */
export function compareDiagnostics(
  a: readonly Diagnostic[],
  b: readonly Diagnostic[],
  normaliseA: (s: string) => string = (s) => s,
  normaliseB: (s: string) => string = (s) => s,
): DiagnosticDiff {
  const count = new Map<string, number>();
  for (const d of a) {
    const k = diagnosticKey(d, normaliseA);
    count.set(k, (count.get(k) ?? 0) + 1);
  }
  for (const d of b) {
    const k = diagnosticKey(d, normaliseB);
    count.set(k, (count.get(k) ?? 0) - 1);
  }
  const onlyA: string[] = [];
  const onlyB: string[] = [];
  for (const [k, n] of [...count].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
    for (let i = 0; i < n; i++) onlyA.push(k);
    for (let i = 0; i < -n; i++) onlyB.push(k);
  }
  return { equal: onlyA.length === 0 && onlyB.length === 0, onlyA, onlyB };
}

// ---------------------------------------------------------------------------------------------
// What the fuzzer types

const CHARS = 'abcxyzABCZ019_-.:/ ${}[]#\'"\n\t&*!|>?,=@%`\\é';

const TOKENS = [
  ': ',
  '- ',
  '${',
  '}',
  '\n  ',
  '\n',
  '\n    ',
  '[',
  ']',
  '{',
  "'",
  '"',
  '#',
  '# ',
  'properties:',
  'type: string',
  'type: integer',
  '\t',
  '\u0000',
  'é',
  '😀',
  'é😀',
  ' ',
  '  ',
  '---\n',
  '&anchor ',
  '*anchor',
  '!!str ',
  '|\n',
  '> ',
  '? ',
  '~',
  'null',
  'true',
  '\r\n',
  '\r',
  ',',
  '::',
  '\ufeff',
  '\u2028',
  '${instance.name}',
  '${source.',
  '${target.',
  '$lmctl:/contains:/',
  'resource::',
  'assembly::',
  '::1.0',
  'get_input: ',
  '{ get_input: db_port }',
  '{ get_property: [SELF, port] }',
  '{ get_attribute: [host, public_address] }',
  'requirements:',
  'derived_from: ',
  'tosca.nodes.Compute',
  'node_templates:',
  'imports:',
];

const LINES = [
  'properties:',
  'type: string',
  'default: 1',
  'required: true',
  'description: é😀 text',
  'requirements:',
  '- host: host',
  'composition:',
  'references:',
  'relationships:',
  'lifecycle:',
  'operations:',
  'capabilities:',
  'node_templates:',
  'inputs:',
  'outputs:',
  'imports:',
  '- types/shop-types.yaml',
  'derived_from: tosca.nodes.Root',
  'value: { get_input: site_name }',
  'tosca_definitions_version: tosca_simple_yaml_1_3',
  'name: assembly::fuzz::1.0',
  'name: resource::fuzz::1.0',
  '# lm-disable-next-line LM021',
  '# lm-descriptors: off',
];

type Op =
  | 'insertChar'
  | 'deleteChars'
  | 'insertToken'
  | 'insertReference'
  | 'deleteLine'
  | 'duplicateLine'
  | 'swapIndent'
  | 'pasteChunk'
  | 'undo'
  | 'replaceWord'
  | 'typeLine'
  | 'pastEol'
  | 'deleteRange'
  | 'revert';

const OP_WEIGHTS: Record<Op, number> = {
  insertChar: 12,
  deleteChars: 12,
  insertToken: 14,
  insertReference: 6,
  deleteLine: 5,
  duplicateLine: 5,
  swapIndent: 7,
  pasteChunk: 5,
  undo: 6,
  replaceWord: 8,
  typeLine: 7,
  pastEol: 2,
  deleteRange: 3,
  revert: 0,
};

// ---------------------------------------------------------------------------------------------

interface OpenDoc {
  rel: string;
  uriA: string;
  uriB: string;
  doc: TextDocument;
  /** Earlier texts, for undo. */
  history: string[];
  /** A's arrival mark just before the didOpen: publications of this incarnation come after it. */
  openMark: number;
}

export class Fail extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The analysis time budget ran out (lmDescriptors.analysisBudgetMs): timing, not content. */
const BUDGET_CODES = new Set(['LM998', 'TOSCA998']);

export const INIT: InitOptions = { disableCache: true, settings: { diagnostics: { debounceMs: 0 } } };

/** What a `config` step changes of the `lmDescriptors` settings (the rest stays as `INIT` has it). */
export interface FuzzSettings {
  tosca?: { dialect?: string; genericTypeNotation?: boolean };
  severity?: Record<string, string>;
  maxFileSizeMB?: number;
}

const DIALECTS = ['standard', 'amp', 'unfurl', 'onap', 'cloudshell', 'alien4cloud'];
const LEVELS = ['error', 'warning', 'information', 'hint', 'off'];

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const DESCRIPTOR_NAME = /(^|\/)(assembly|assembly-template|resource|lmproject|type)\.ya?ml$/i;

function isDescriptor(rel: string, text: string): boolean {
  if (/(^|\/)(assembly|assembly-template|lmproject)\.ya?ml$/i.test(rel)) return true;
  if (/(^|\/)Definitions\/lm\/resource\.ya?ml$/i.test(rel) || /(^|\/)Descriptor\/type\.ya?ml$/i.test(rel)) return true;
  if (/^tosca_definitions_version\s*:/m.test(text)) return true;
  if (/^name\s*:\s*['"]?(assembly|resource)::/m.test(text)) return true;
  return DESCRIPTOR_NAME.test(rel) && /^name\s*:/m.test(text);
}

/** Line `i` of `doc` without its line break, and the offsets of its start and of its end (with the break). */
function lineOf(doc: TextDocument, i: number): { text: string; start: number; end: number; next: number } {
  const start = doc.offsetAt({ line: i, character: 0 });
  const next = i + 1 < doc.lineCount ? doc.offsetAt({ line: i + 1, character: 0 }) : doc.getText().length;
  const raw = doc.getText().slice(start, next);
  const text = raw.replace(/(\r\n|\r|\n)$/, '');
  return { text, start, end: start + text.length, next };
}

export class FuzzRun {
  readonly rng: Rng;
  readonly boundMs: number;
  readonly quietMs: number;
  readonly log: (line: string) => void;
  readonly maxOpen: number;
  wsA!: TempWorkspace;
  wsB!: TempWorkspace;
  A!: LspClient;
  B!: LspClient;
  files: string[] = [];
  /** Each file's text on disk now (both servers' copies hold the same). */
  fileText = new Map<string, string>();
  /** Each file's text on disk at the start. */
  originalText = new Map<string, string>();
  /** Files deleted from disk (`diskChanges`); `fileText` keeps their last text. */
  deleted = new Set<string>();
  /** The settings the last `config` step gave (none: `INIT`'s). */
  settings: FuzzSettings = {};
  candidates: string[] = [];
  vocab: string[] = [];
  open: OpenDoc[] = [];
  /** The last text of each closed document (a replay reopening a "buffer" needs it). */
  closedText = new Map<string, string>();
  /** Documents open in B (by relative path). */
  openB = new Set<string>();
  steps: Step[] = [];
  burstStart = 0;
  burst = -1;
  textsBefore: Record<string, string> = {};
  findings: Finding[] = [];
  findingKeys = new Set<string>();
  logsSeen = 0;
  requestId = 0;
  stats = {
    edits: 0,
    requests: 0,
    cancelled: 0,
    comparisons: 0,
    diagnostics: 0,
    syntaxClean: 0,
    diskWrites: 0,
    diskDeletes: 0,
    configChanges: 0,
  };
  codes = new Set<string>();

  constructor(
    readonly opts: FuzzOptions,
    readonly source: SourceWorkspace,
  ) {
    // The workspace is mixed in so that one seed drives different sequences on different workspaces.
    this.rng = new Rng(opts.seed ^ hashString(source.name));
    this.boundMs = opts.boundMs ?? 5000;
    this.quietMs = opts.quietMs ?? 40;
    this.log = opts.log ?? (() => undefined);
    this.maxOpen = opts.maxOpen ?? 3;
  }

  async start(): Promise<void> {
    this.wsA = tempWorkspace('fuzzA', this.source.dir);
    this.wsB = tempWorkspace('fuzzB', this.source.dir);
    this.files = listYaml(this.wsA.dir, 256 * 1024);
    for (const f of this.files) this.fileText.set(f, this.wsA.read(f));
    this.originalText = new Map(this.fileText);
    this.candidates = this.files.filter((f) => isDescriptor(f, this.fileText.get(f)!));
    if (this.candidates.length === 0) throw new Error(`no descriptor in ${this.source.dir}`);
    const words = new Set<string>();
    for (const f of this.files)
      for (const m of this.fileText.get(f)!.matchAll(/[A-Za-z_][A-Za-z0-9_]{2,30}/g)) words.add(m[0]);
    this.vocab = [...words].sort().slice(0, 4000);
    this.A = new LspClient();
    this.B = new LspClient();
    await Promise.all([this.A.initialize(this.wsA.dir, INIT), this.B.initialize(this.wsB.dir, INIT)]);
    await Promise.all([this.A.waitForStatus('ready', 60000), this.B.waitForStatus('ready', 60000)]);
  }

  async stop(): Promise<void> {
    await Promise.all([this.A?.shutdown(), this.B?.shutdown()]);
    this.wsA?.cleanup();
    this.wsB?.cleanup();
  }

  // --- normalisation of paths in messages (A and B have different folders) ---

  normaliser(ws: TempWorkspace): (s: string) => string {
    const root = path.dirname(ws.dir);
    const pairs = [fileUri(ws.dir), ws.dir, fileUri(root), root];
    return (s) => {
      for (const p of pairs) s = s.split(p).join('<ws>');
      return s;
    };
  }

  // --- documents ---

  openDoc(rel: string, text: string, how: 'disk' | 'buffer'): void {
    const d: OpenDoc = {
      rel,
      uriA: fileUri(this.wsA.file(rel)),
      uriB: fileUri(this.wsB.file(rel)),
      doc: TextDocument.create(fileUri(this.wsA.file(rel)), 'yaml', 1, text),
      history: [text],
      openMark: this.A.mark(),
    };
    this.A.open(d.uriA, text);
    this.open.push(d);
    this.steps.push({ type: 'open', doc: rel, text: how });
  }

  closeDoc(d: OpenDoc): void {
    this.closedText.set(d.rel, d.doc.getText());
    this.A.close(d.uriA);
    // B closes it now too, not at the next comparison: a close makes the server re-read the file
    // from disk asynchronously, and only the burst in between gives B's re-read time to finish.
    if (this.openB.delete(d.rel)) this.B.close(d.uriB);
    this.open = this.open.filter((x) => x !== d);
    this.steps.push({ type: 'close', doc: d.rel });
  }

  /** Opens and closes documents between bursts, as a user switching files would. */
  shuffleDocuments(): void {
    const rng = this.rng;
    const closed = this.candidates.filter((c) => !this.deleted.has(c) && !this.open.some((d) => d.rel === c));
    if (this.open.length > 1 && rng.chance(0.06)) this.closeDoc(rng.pick(this.open));
    if (this.open.length < this.maxOpen && closed.length > 0 && rng.chance(0.08)) {
      const rel = rng.pick(closed);
      this.openDoc(rel, this.fileText.get(rel)!, 'disk');
    }
    if (this.opts.diskChanges && rng.chance(0.15)) this.diskChange();
    if (this.opts.configChanges && rng.chance(0.12)) this.configChange();
    if (rng.chance(0.04)) {
      // Close and reopen at once: with the unsaved buffer, or reverted to the disk text.
      const d = rng.pick(this.open);
      const buffer = rng.chance(0.5);
      const text = buffer ? d.doc.getText() : this.fileText.get(d.rel)!;
      this.closeDoc(d);
      this.openDoc(d.rel, text, buffer ? 'buffer' : 'disk');
    }
  }

  /**
   * Rewrites a file no document has open: one random edit of its disk text (as typing would make it), or back to
   * its text at the start; now and then deletes it instead, and brings a deleted one back (a branch switched).
   */
  diskChange(): void {
    const rng = this.rng;
    const closed = this.files.filter((f) => !this.open.some((d) => d.rel === f));
    if (closed.length === 0) return;
    const rel = rng.pick(closed);
    const now = this.fileText.get(rel)!;
    if (this.deleted.has(rel)) return this.writeDisk(rel, rng.chance(0.5) ? now : this.originalText.get(rel)!);
    if (rng.chance(0.15)) return this.deleteDisk(rel);
    const original = this.originalText.get(rel)!;
    let text = original;
    if (now === original || rng.chance(0.7)) {
      const doc = TextDocument.create(fileUri(this.wsA.file(rel)), 'yaml', 1, now);
      const { change } = this.genChange({ doc, history: [original] });
      TextDocument.update(doc, [change], 2);
      text = doc.getText();
    }
    this.writeDisk(rel, text);
  }

  /**
   * New settings for both servers: each part drawn anew or left at its default (a dialect, the generic type notation,
   * one severity override of a code the references reported, now and then a size cap that leaves larger files out).
   */
  configChange(): void {
    const rng = this.rng;
    const settings: FuzzSettings = {};
    if (rng.chance(0.7)) settings.tosca = { dialect: rng.pick(DIALECTS), genericTypeNotation: rng.chance(0.3) };
    const codes = [...this.codes].sort();
    if (codes.length && rng.chance(0.4)) settings.severity = { [rng.pick(codes)]: rng.pick(LEVELS) };
    if (rng.chance(0.1)) settings.maxFileSizeMB = 0.004;
    this.configure(settings);
  }

  /** Gives both servers `settings` (over `INIT`'s), as an editor does when the user changes them. */
  configure(settings: FuzzSettings): void {
    const lm = {
      ...(settings.tosca ? { tosca: settings.tosca } : {}),
      ...(settings.maxFileSizeMB ? { maxFileSizeMB: settings.maxFileSizeMB } : {}),
      diagnostics: { debounceMs: 0, ...(settings.severity ? { severity: settings.severity } : {}) },
    };
    this.A.notify('workspace/didChangeConfiguration', { settings: { lmDescriptors: lm } });
    this.B.notify('workspace/didChangeConfiguration', { settings: { lmDescriptors: lm } });
    this.settings = settings;
    this.steps.push({ type: 'config', settings });
    this.stats.configChanges++;
  }

  /**
   * Writes `text` to `rel` in both servers' folders and tells both (Changed, or Created for a deleted file), as a file
   * watcher would.
   */
  writeDisk(rel: string, text: string): void {
    const type = this.deleted.delete(rel) ? FileChange.Created : FileChange.Changed;
    this.fileText.set(rel, text);
    this.wsA.write(rel, text);
    this.wsB.write(rel, text);
    this.tellBoth(rel, type);
    this.steps.push({ type: 'disk', doc: rel, text });
    this.stats.diskWrites++;
  }

  /** Deletes `rel` from both servers' folders and tells both (a Deleted event). Its last text stays in `fileText`. */
  deleteDisk(rel: string): void {
    this.deleted.add(rel);
    this.wsA.remove(rel);
    this.wsB.remove(rel);
    this.tellBoth(rel, FileChange.Deleted);
    this.steps.push({ type: 'disk', doc: rel, text: null });
    this.stats.diskWrites++;
    this.stats.diskDeletes++;
  }

  /** A watched-file event for `rel` to each server, with its own folder's URI. */
  tellBoth(rel: string, type: (typeof FileChange)[keyof typeof FileChange]): void {
    this.A.watchedFilesChanged([{ uri: fileUri(this.wsA.file(rel)), type }]);
    this.B.watchedFilesChanged([{ uri: fileUri(this.wsB.file(rel)), type }]);
  }

  // --- edits ---

  randomOffset(text: string): number {
    return this.rng.int(text.length + 1);
  }

  randomLine(doc: TextDocument): number {
    return this.rng.int(doc.lineCount);
  }

  /** A random change of `d.doc` (`history`: the texts an undo or a revert may go back to). */
  genChange(d: Pick<OpenDoc, 'doc' | 'history'>, force?: Op): { op: Op; change: Change } {
    const rng = this.rng;
    const doc = d.doc;
    const text = doc.getText();
    const at = (o: number) => doc.positionAt(o);
    const insert = (o: number, s: string): Change => ({ range: { start: at(o), end: at(o) }, text: s });
    const op = force ?? rng.weighted(OP_WEIGHTS);
    switch (op) {
      case 'insertChar':
        return { op, change: insert(this.randomOffset(text), rng.pick([...CHARS])) };
      case 'deleteChars': {
        const o = this.randomOffset(text);
        const e = Math.min(text.length, o + rng.range(1, 3));
        return { op, change: { range: { start: at(o), end: at(e) }, text: '' } };
      }
      case 'insertToken':
        return { op, change: insert(this.randomOffset(text), rng.pick(TOKENS)) };
      case 'insertReference': {
        const w = () => rng.pick(this.vocab);
        const ref = rng.pick([`\${${w()}.${w()}}`, `\${${w()}}`, `\${${w()}.`, `\${${w()}.${w()}.${w()}}`]);
        return { op, change: insert(this.randomOffset(text), ref) };
      }
      case 'deleteLine': {
        const l = lineOf(doc, this.randomLine(doc));
        return { op, change: { range: { start: at(l.start), end: at(l.next) }, text: '' } };
      }
      case 'duplicateLine': {
        const l = lineOf(doc, this.randomLine(doc));
        const line = text.slice(l.start, l.next);
        return { op, change: insert(l.start, line.endsWith('\n') || line.endsWith('\r') ? line : `${line}\n`) };
      }
      case 'swapIndent': {
        const i = this.randomLine(doc);
        const l = lineOf(doc, i);
        const indent = /^[ \t]*/.exec(l.text)![0];
        const next = rng.pick([
          '',
          '  ',
          '    ',
          `${indent}  `,
          indent.slice(2),
          '\t',
          indent.replace(/ {2}/g, '\t'),
          ' '.repeat(rng.range(1, 9)),
        ]);
        return {
          op,
          change: {
            range: { start: { line: i, character: 0 }, end: { line: i, character: indent.length } },
            text: next,
          },
        };
      }
      case 'pasteChunk': {
        const other = this.fileText.get(rng.pick(this.files))!;
        const lines = other.split('\n');
        const from = rng.int(lines.length);
        const chunk = lines.slice(from, from + rng.range(1, 8)).join('\n') + '\n';
        const o = rng.chance(0.8) ? lineOf(doc, this.randomLine(doc)).start : this.randomOffset(text);
        return { op, change: insert(o, chunk) };
      }
      case 'undo':
      case 'revert': {
        // Back to an earlier text, as one change covering the part that differs.
        const target = op === 'revert' ? d.history[0]! : rng.pick(d.history);
        let p = 0;
        while (p < text.length && p < target.length && text[p] === target[p]) p++;
        let s = 0;
        while (
          s < text.length - p &&
          s < target.length - p &&
          text[text.length - 1 - s] === target[target.length - 1 - s]
        )
          s++;
        return {
          op,
          change: { range: { start: at(p), end: at(text.length - s) }, text: target.slice(p, target.length - s) },
        };
      }
      case 'replaceWord': {
        const words = [...text.matchAll(/[A-Za-z_][A-Za-z0-9_.-]*/g)];
        if (words.length === 0) return { op, change: insert(this.randomOffset(text), rng.pick(this.vocab)) };
        const m = rng.pick(words);
        const w = m[0];
        const replacement = rng.pick([
          rng.pick(this.vocab),
          w.slice(0, -1),
          w.toUpperCase(),
          w + rng.pick([...'xX_1.']),
          w.slice(1),
          w.replace(/[a-z]/, (c) => c.toUpperCase()),
        ]);
        return { op, change: { range: { start: at(m.index), end: at(m.index + w.length) }, text: replacement } };
      }
      case 'typeLine': {
        const l = lineOf(doc, this.randomLine(doc));
        const indent = /^[ \t]*/.exec(l.text)![0];
        const w = () => rng.pick(this.vocab);
        const body = rng.pick([...LINES, `${w()}: ${w()}`, `- ${w()}`, `${w()}:`, `${w()}: \${${w()}}`]);
        return { op, change: insert(l.start, `${indent}${body}\n`) };
      }
      case 'pastEol': {
        // A position past the end of its line: the server clamps it, and so does our copy.
        const i = this.randomLine(doc);
        const len = lineOf(doc, i).text.length;
        const pos = { line: i, character: len + rng.range(1, 12) };
        return { op, change: { range: { start: pos, end: pos }, text: rng.pick(TOKENS) } };
      }
      case 'deleteRange': {
        const o = this.randomOffset(text);
        const e = Math.min(text.length, o + rng.range(4, 80));
        return { op, change: { range: { start: at(o), end: at(e) }, text: rng.chance(0.5) ? '' : rng.pick(TOKENS) } };
      }
    }
  }

  /** One didChange to A with 1 change (sometimes 2-3), applied to our copy with the same library. */
  edit(d: OpenDoc, force?: Op): void {
    const rng = this.rng;
    const n = force ? 1 : rng.chance(0.15) ? rng.range(2, 3) : 1;
    const changes: Change[] = [];
    const ops: Op[] = [];
    const version = (this.A.versionOf(d.uriA) ?? 1) + 1;
    for (let i = 0; i < n; i++) {
      const { op, change } = this.genChange(d, force);
      TextDocument.update(d.doc, [change], version);
      changes.push(change);
      ops.push(op);
    }
    this.sendChanges(d, changes, ops.join('+'), version);
    if (rng.chance(0.3)) {
      d.history.push(d.doc.getText());
      // history[0] is the text the document was opened with: kept, so "revert" can reach it.
      if (d.history.length > 30) d.history.splice(1, 1);
    }
  }

  /** Sends changes already applied to our copy of the document (at `version`) to A, and records them. */
  sendChanges(d: OpenDoc, changes: Change[], op: string, version: number): void {
    const sabotage = this.opts.sabotage && (this.stats.edits + 1) % this.opts.sabotage.everyEdits === 0;
    const sent = this.A.changeIncremental(d.uriA, sabotage ? [...changes, { range: zeroRange(), text: '}' }] : changes);
    if (sent !== version) throw new Error(`version bookkeeping: sent ${sent}, expected ${version}`);
    this.steps.push({ type: 'edit', doc: d.rel, op, changes, version });
    this.stats.edits++;
  }

  /** Applies recorded changes to our copy and sends them (replays). */
  replayChanges(d: OpenDoc, changes: Change[], op: string): void {
    const version = (this.A.versionOf(d.uriA) ?? 1) + 1;
    TextDocument.update(d.doc, changes, version);
    this.sendChanges(d, changes, op, version);
  }

  // --- requests ---

  randomPosition(doc: TextDocument): Position {
    const rng = this.rng;
    switch (rng.weighted({ text: 70, pastEol: 14, pastEof: 11, huge: 3, origin: 2 })) {
      case 'text':
        return doc.positionAt(this.randomOffset(doc.getText()));
      case 'pastEol': {
        const i = this.randomLine(doc);
        return { line: i, character: lineOf(doc, i).text.length + rng.range(1, 40) };
      }
      case 'pastEof':
        return { line: doc.lineCount + rng.range(0, 5), character: rng.range(0, 50) };
      case 'huge':
        return { line: rng.chance(0.5) ? 2147483647 : doc.lineCount - 1, character: 2147483647 };
      default:
        return { line: 0, character: 0 };
    }
  }

  request(d: OpenDoc, pending: Promise<void>[]): void {
    const rng = this.rng;
    const method = rng.weighted({ hover: 3, completion: 3, definition: 3, codeAction: 1 });
    const position = this.randomPosition(d.doc);
    const end = method === 'codeAction' ? this.randomPosition(d.doc) : undefined;
    const cancelMode = rng.weighted({ no: 7, now: 2, later: 1 });
    const cancel: 'no' | 'now' | number = cancelMode === 'later' ? rng.range(0, 5) : cancelMode;
    this.sendRequest(d, method, position, end, cancel, pending);
  }

  sendRequest(
    d: OpenDoc,
    method: string,
    position: Position,
    end: Position | undefined,
    cancel: 'no' | 'now' | number,
    pending: Promise<void>[],
  ): void {
    const params = end
      ? { textDocument: { uri: d.uriA }, range: { start: position, end }, context: { diagnostics: [] } }
      : { textDocument: { uri: d.uriA }, position };
    const id = ++this.requestId;
    const burst = this.burst;
    this.steps.push({ type: 'request', doc: d.rel, method, position, ...(end ? { end } : {}), cancel, id });
    this.stats.requests++;
    const r = this.A.requestCancellable<unknown>(`textDocument/${method}`, params, this.boundMs);
    if (cancel === 'now') r.cancel();
    else if (typeof cancel === 'number') setTimeout(() => r.cancel(), cancel);
    if (cancel !== 'no') this.stats.cancelled++;
    pending.push(
      r.promise.then(
        (result) => this.checkResult(method, result, burst, d.rel),
        (e: unknown) => {
          const code = (e as { code?: unknown }).code;
          if (typeof code === 'number') {
            // An answer, if an error one: RequestCancelled (-32800) is expected after a cancel.
            if (code === -32800 && cancel !== 'no') return;
            this.finding({
              kind: 'request-error',
              burst,
              doc: d.rel,
              detail: `${method} at ${JSON.stringify(position)}: error ${code} ${(e as Error).message}`,
            });
            return;
          }
          const msg = (e as Error).message;
          throw new Fail(this.A.alive ? 'timeout' : 'crash', `request #${id} ${method} on ${d.rel}: ${msg}`);
        },
      ),
    );
  }

  checkResult(method: string, result: unknown, burst: number, doc: string): void {
    const bad = (why: string) =>
      this.finding({
        kind: 'invalid-result',
        burst,
        doc,
        detail: `${method}: ${why}: ${JSON.stringify(result).slice(0, 300)}`,
      });
    if (result === null || result === undefined) return;
    if (method === 'hover') {
      if (typeof result !== 'object' || !('contents' in result)) bad('no contents');
    } else if (method === 'completion') {
      const items = Array.isArray(result) ? result : (result as { items?: unknown }).items;
      if (!Array.isArray(items)) bad('not a list');
      else if (items.some((i) => !i || typeof (i as { label?: unknown }).label !== 'string')) bad('item without label');
    } else if (method === 'definition' || method === 'codeAction') {
      if (!Array.isArray(result) && typeof result !== 'object') bad('not a list');
    }
  }

  finding(f: Finding): void {
    const key = `${f.kind}|${f.detail.replace(/\d+/g, '#').slice(0, 200)}`;
    if (this.findingKeys.has(key)) return;
    this.findingKeys.add(key);
    this.findings.push(f);
    this.log(`  finding (${f.kind}) in burst ${f.burst}${f.doc ? ` on ${f.doc}` : ''}: ${f.detail.slice(0, 300)}`);
  }

  // --- the burst ---

  async runBurst(): Promise<void> {
    const rng = this.rng;
    this.burst++;
    this.burstStart = this.steps.length;
    if (this.burst > 0) this.shuffleDocuments();
    this.textsBefore = Object.fromEntries(this.open.map((d) => [d.rel, d.doc.getText()]));
    const main = rng.pick(this.open);
    const pending: Promise<void>[] = [];
    // Random edits soon leave nothing but syntax errors, and then the semantic rules have nothing
    // to check: now and then the burst starts by going back to the text the document was opened
    // with (as one change, like an editor's "revert"), so most bursts edit nearly valid YAML.
    const revert = rng.chance(0.25);
    const n = rng.range(1, 8);
    for (let i = 0; i < n; i++) {
      const d = rng.chance(0.8) ? main : rng.pick(this.open);
      this.edit(d, i === 0 && revert ? 'revert' : undefined);
      if (rng.chance(0.35)) this.request(rng.chance(0.8) ? d : rng.pick(this.open), pending);
      const pause = rng.weighted({ none: 60, short: 32, long: 8 });
      if (pause !== 'none') {
        const ms = pause === 'short' ? rng.range(0, 3) : rng.range(10, 30);
        this.steps.push({ type: 'pause', ms });
        await sleep(ms);
      }
    }
    if (rng.chance(0.3)) this.request(main, pending);
    const settled = await Promise.allSettled(pending);
    for (const s of settled) if (s.status === 'rejected') throw s.reason;
    await this.compare();
  }

  /** The latest publication of A for an open document (this incarnation, with a version). */
  latestA(d: OpenDoc) {
    const all = this.A.diagnosticsFor(d.uriA).filter((p) => p.seq > d.openMark && p.version !== undefined);
    return all[all.length - 1];
  }

  async waitA(d: OpenDoc): Promise<void> {
    const v = this.A.versionOf(d.uriA)!;
    try {
      await this.A.waitForDiagnostics(d.uriA, (_, p) => p.version === v, this.boundMs, d.openMark);
    } catch (e) {
      throw new Fail(
        this.A.alive ? 'timeout' : 'crash',
        `A published no diagnostics for ${d.rel} version ${v}: ${(e as Error).message.slice(0, 2000)}`,
      );
    }
  }

  /** Waits until a server has published nothing for quietMs (bounded: a server that never stops is a failure). */
  async waitQuiet(client: LspClient, name: string): Promise<void> {
    const t0 = Date.now();
    for (;;) {
      if (!client.alive) throw new Fail('crash', `server ${name} exited:\n${client.stderr.slice(-3000)}`);
      const last = client.publications[client.publications.length - 1]?.at ?? 0;
      const idle = client.elapsed() - last;
      if (idle >= this.quietMs) return;
      if (Date.now() - t0 > this.boundMs)
        throw new Fail('timeout', `server ${name} kept publishing diagnostics for ${this.boundMs} ms`);
      await sleep(this.quietMs - idle);
    }
  }

  /** B's diagnostics for the open documents with their current texts, opened afresh. */
  async reference(): Promise<Map<string, Diagnostic[]>> {
    const B = this.B;
    const uriB = (rel: string) => fileUri(this.wsB.file(rel));
    for (const rel of this.openB) B.close(uriB(rel));
    this.openB.clear();
    const m1 = B.mark();
    for (const d of this.open) {
      B.open(d.uriB, d.doc.getText());
      this.openB.add(d.rel);
    }
    const waitB = async (d: OpenDoc, version: number, since: number) => {
      try {
        return await B.waitForDiagnostics(d.uriB, (_, p) => p.version === version, this.boundMs, since);
      } catch (e) {
        throw new Fail(
          B.alive ? 'timeout' : 'crash',
          `reference server B published no diagnostics for ${d.rel} version ${version}: ${(e as Error).message}`,
        );
      }
    };
    for (const d of this.open) await waitB(d, 1, m1);
    // Every document is open now: one more (empty) change each re-checks them all against the
    // final state, whatever order the opens were processed in.
    const m2 = B.mark();
    for (const d of this.open) B.changeIncremental(d.uriB, [{ range: zeroRange(), text: '' }]);
    for (const d of this.open) await waitB(d, 2, m2);
    // Anything still arriving (a late re-check after a re-read from disk) wins: take B's latest.
    await this.waitQuiet(B, 'B');
    const out = new Map<string, Diagnostic[]>();
    for (const d of this.open) {
      const pubs = B.diagnosticsFor(d.uriB).filter((p) => p.seq > m2 && p.version === 2);
      const diags = pubs[pubs.length - 1]!.diagnostics;
      out.set(d.rel, diags);
      this.stats.diagnostics += diags.length;
      if (!diags.some((x) => x.code === 'LM000' || x.code === 'TOSCA000')) this.stats.syntaxClean++;
      for (const x of diags) this.codes.add(String(x.code));
    }
    return out;
  }

  diffAll(ref: Map<string, Diagnostic[]>): { doc: string; diff: DiagnosticDiff }[] {
    const normA = this.normaliser(this.wsA);
    const normB = this.normaliser(this.wsB);
    // "Checking stopped after N ms" depends on how busy the machine is, not on the text: not compared
    // (inspect() reports it as a finding).
    const timed = (ds: readonly Diagnostic[]) => ds.filter((x) => !BUDGET_CODES.has(String(x.code)));
    const out: { doc: string; diff: DiagnosticDiff }[] = [];
    for (const d of this.open) {
      const diff = compareDiagnostics(
        timed(this.latestA(d)?.diagnostics ?? []),
        timed(ref.get(d.rel) ?? []),
        normA,
        normB,
      );
      if (!diff.equal) out.push({ doc: d.rel, diff });
    }
    return out;
  }

  /** Waits for A's diagnostics of the latest version of every open document, then for silence. */
  async settleA(): Promise<void> {
    for (const d of this.open) await this.waitA(d);
    await this.waitQuiet(this.A, 'A');
  }

  async compare(): Promise<void> {
    this.steps.push({ type: 'compare', burst: this.burst });
    await this.settleA();
    const ref = await this.reference();
    this.stats.comparisons += this.open.length;
    this.inspect();
    let diffs = this.diffAll(ref);
    if (diffs.length === 0) return;
    // Perhaps A was merely slow to re-check a dependent: give it time before calling it a bug.
    await sleep(1000);
    await this.waitQuiet(this.A, 'A');
    diffs = this.diffAll(ref);
    if (diffs.length === 0) {
      this.log(`  burst ${this.burst}: A converged late (more than ${this.quietMs} ms of silence before it)`);
      return;
    }
    const firstDiffs = diffs;
    // Tell "A did not re-check" from "A re-checks and still differs": one empty change to each.
    for (const d of this.open) A_noop(this.A, d);
    for (const d of this.open) await this.waitA(d);
    await this.waitQuiet(this.A, 'A');
    const after = this.diffAll(ref);
    const kind =
      after.length === 0
        ? 'stale: A had not re-checked (an empty change to each open document made A agree with B)'
        : 'diverged: A still differs after an empty change to each open document';
    throw new Fail(
      'mismatch',
      `diagnostics differ between A (edited) and B (opened afresh) — ${kind}:\n` +
        firstDiffs
          .map(
            (x) =>
              `  ${x.doc}:\n` +
              x.diff.onlyA.map((k) => `    only A: ${k}\n`).join('') +
              x.diff.onlyB.map((k) => `    only B: ${k}\n`).join(''),
          )
          .join(''),
      {
        diffs: firstDiffs,
        diffsAfterEmptyChange: after,
        diagnosticsA: Object.fromEntries(this.open.map((d) => [d.rel, this.latestA(d)?.diagnostics ?? []])),
        diagnosticsB: Object.fromEntries(ref),
      },
    );
  }

  /** Non-fatal checks after a comparison: rule crashes, impossible ranges, errors in A's log. */
  inspect(): void {
    for (const d of this.open) {
      const pub = this.latestA(d);
      if (!pub) continue;
      const text = d.doc.getText();
      for (const diag of pub.diagnostics) {
        if (diag.code === 'LM999' || diag.code === 'TOSCA999')
          this.finding({ kind: 'rule-crash', burst: this.burst, doc: d.rel, detail: diag.message, text });
        if (BUDGET_CODES.has(String(diag.code)))
          this.finding({ kind: 'budget-exceeded', burst: this.burst, doc: d.rel, detail: diag.message, text });
        const r = diag.range;
        const okPos = (p: Position) =>
          p.line >= 0 &&
          p.line < d.doc.lineCount &&
          p.character >= 0 &&
          p.character <= lineOf(d.doc, p.line).text.length;
        const ordered =
          r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character);
        if (!okPos(r.start) || !okPos(r.end) || !ordered)
          this.finding({
            kind: 'invalid-range',
            burst: this.burst,
            doc: d.rel,
            detail:
              `${diag.code} range ${JSON.stringify(r)} outside the text ` +
              `(${d.doc.lineCount} lines): ${diag.message}`,
            text,
          });
      }
    }
    for (; this.logsSeen < this.A.logs.length; this.logsSeen++) {
      const l = this.A.logs[this.logsSeen]!;
      if (/^\[lm-descriptors\] indexed /.test(l) || l.startsWith('(notification')) continue;
      this.finding({ kind: 'server-log-error', burst: this.burst, detail: l.slice(0, 2000) });
    }
  }

  // --- replays (test/fuzz/replay.ts) ---

  /** A fresh server A (same folder, nothing open); B closes everything too. */
  async restartA(): Promise<void> {
    await this.A.shutdown();
    for (const rel of this.openB) this.B.close(fileUri(this.wsB.file(rel)));
    this.openB.clear();
    this.open = [];
    this.logsSeen = 0;
    this.A = new LspClient();
    await this.A.initialize(this.wsA.dir, INIT);
    await this.A.waitForStatus('ready', 60000);
    await this.waitQuiet(this.B, 'B');
  }

  /** Executes recorded steps; a `compare` step compares (and throws a Fail on a mismatch). */
  async execSteps(steps: readonly Step[], opts: { openClose: boolean; compare: boolean }): Promise<void> {
    let pending: Promise<void>[] = [];
    const doc = (rel: string) => {
      const d = this.open.find((x) => x.rel === rel);
      if (!d) throw new Error(`replay: ${rel} is not open`);
      return d;
    };
    const settle = async () => {
      const settled = await Promise.allSettled(pending);
      pending = [];
      for (const r of settled) if (r.status === 'rejected') throw r.reason;
    };
    for (const st of steps) {
      switch (st.type) {
        case 'open':
          if (opts.openClose) {
            if (this.open.some((d) => d.rel === st.doc)) throw new Error(`replay: ${st.doc} is already open`);
            const text = st.text === 'disk' ? this.fileText.get(st.doc) : this.closedText.get(st.doc);
            if (text === undefined) throw new Error(`replay: no text to reopen ${st.doc} with`);
            this.openDoc(st.doc, text, st.text);
          }
          break;
        case 'close':
          if (opts.openClose) this.closeDoc(doc(st.doc));
          break;
        case 'disk':
          if (st.text === null) this.deleteDisk(st.doc);
          else this.writeDisk(st.doc, st.text);
          break;
        case 'config':
          this.configure(st.settings);
          break;
        case 'edit':
          this.replayChanges(doc(st.doc), st.changes, st.op);
          break;
        case 'request':
          this.sendRequest(doc(st.doc), st.method, st.position, st.end, st.cancel, pending);
          break;
        case 'pause':
          await sleep(st.ms);
          break;
        case 'compare':
          await settle();
          this.burst = st.burst;
          if (opts.compare) await this.compare();
          else await this.settleA();
          break;
      }
    }
    await settle();
  }

  failureRecord(f: Fail): Record<string, unknown> {
    return {
      seed: this.opts.seed,
      workspace: this.source.name,
      burst: this.burst,
      kind: f.kind,
      message: f.message,
      boundMs: this.boundMs,
      reproduce:
        `npm run fuzz -- --seed ${this.opts.seed} --workspace ${this.source.name} ` +
        `--bursts ${this.burst + 1} --runs 1`,
      open: this.open.map((d) => ({ doc: d.rel, version: this.A.versionOf(d.uriA) })),
      textsBefore: this.textsBefore,
      burstSteps: this.steps.slice(this.burstStart),
      textsAfter: Object.fromEntries(this.open.map((d) => [d.rel, d.doc.getText()])),
      ...f.details,
      findings: this.findings,
      stderrA: this.A?.stderr.slice(-5000),
      logTailA: this.A?.logs.slice(-30),
      stderrB: this.B?.stderr.slice(-2000),
      // Every step of the run, to replay it exactly (the burst steps above are the last ones).
      trace: this.steps.length <= 20000 ? this.steps : undefined,
    };
  }
}

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function zeroRange(): Range {
  return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
}

function A_noop(client: LspClient, d: OpenDoc): void {
  const v = client.changeIncremental(d.uriA, [{ range: zeroRange(), text: '' }]);
  TextDocument.update(d.doc, [{ range: zeroRange(), text: '' }], v);
}

export const FAILURE_DIR = path.join(REPO_ROOT, 'test', '.tmp');

/** Runs one fuzz session; never throws for a server problem (see `failure` in the result). */
export async function runFuzz(opts: FuzzOptions): Promise<FuzzResult> {
  const t0 = Date.now();
  const log = opts.log ?? (() => undefined);
  const source =
    typeof opts.workspace === 'string'
      ? sourceWorkspace(opts.workspace, opts.seed, opts.corpusFiles)
      : {
          name: opts.workspace.name ?? path.basename(opts.workspace.dir),
          dir: opts.workspace.dir,
          dispose: () => undefined,
        };
  const run = new FuzzRun(opts, source);
  let failure: FuzzFailure | undefined;
  try {
    // Setting up (a missing build, an unreadable workspace) is not a finding: let it throw.
    await run.start();
    try {
      const first = run.rng.sample(run.candidates, run.rng.range(1, Math.min(3, run.maxOpen)));
      for (const rel of first) run.openDoc(rel, run.fileText.get(rel)!, 'disk');
      for (let b = 0; b < opts.bursts; b++) await run.runBurst();
    } catch (e) {
      const f =
        e instanceof Fail
          ? e
          : new Fail(run.A?.alive === false ? 'crash' : 'timeout', String((e as Error)?.stack ?? e));
      const dir = opts.failureDir ?? FAILURE_DIR;
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `fuzz-failure-${opts.seed}-${source.name}.json`);
      writeFileSync(file, JSON.stringify(run.failureRecord(f), null, 1));
      failure = { kind: f.kind, seed: opts.seed, workspace: source.name, burst: run.burst, message: f.message, file };
      log(`FAIL seed ${opts.seed} workspace ${source.name} burst ${run.burst} (${f.kind}): ${f.message}`);
      log(`  reproduction: ${file}`);
    }
  } finally {
    await run.stop().catch(() => undefined);
    source.dispose();
  }
  return {
    seed: opts.seed,
    workspace: source.name,
    bursts: failure ? run.burst : run.burst + 1,
    ...run.stats,
    codes: [...run.codes].sort(),
    ms: Date.now() - t0,
    traceHash: hashString(JSON.stringify(run.steps)).toString(16).padStart(8, '0'),
    findings: run.findings,
    ...(failure ? { failure } : {}),
  };
}

/** Reads a failure file back (for tools and tests). */
export function readFailure(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}
