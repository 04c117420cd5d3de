/**
 * The workspace pass's findings kept between sessions, as ESLint's `--cache` or tsc's build info:
 * after a full pass the findings of every file are stored, and the first pass of the next session
 * republishes a file's stored findings instead of checking it again when nothing they depend on
 * changed.
 *
 * What a file's findings depend on, and how each is fingerprinted:
 * - the server's build (its rules): the host's `DiagnosticsStore.build`;
 * - the settings (severities, dialect, import map, exclusions, size cap, scope): their JSON;
 * - every file of the index, the file itself and every file whose summary a rule looked up: path,
 *   kind, size and mtime (an open document: a hash of the editor's text);
 * - anything else read from the disk (a script's existence, a folder listing, a config file, an
 *   import outside the workspace): the answers recorded by `RecordingFileSystem` during the session.
 *
 * The index part is coarse on purpose: recording which index lookups (names looked up, misses
 * included) each file's rules made would let a change re-check only the files that looked it up,
 * but a missed lookup path would republish a stale finding. Here any change of any index file
 * invalidates everything, so a stale finding is impossible, and a start after no change at all
 * (the common case: reopening the editor) skips the whole pass. Findings that depend on time (the
 * analysis budget ran out: LM998/TOSCA998) or on a fault (LM999/TOSCA999) are never stored.
 */
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { AnalysisSession } from '../host/analysisSession.js';
import type { Probe, RecordingFileSystem } from '../host/recordingFileSystem.js';
import type { DiagnosticsStore } from '../host/serverHost.js';
import type { FileKind } from '../model/kinds.js';

/** Bumped when the stored form or what the key covers changes. */
const FORMAT = 'lm-descriptors-diagnostics 1';

/** Codes whose findings depend on time or a fault: a file with one is never stored. */
const UNSTABLE = new Set(['LM998', 'TOSCA998', 'LM999', 'TOSCA999']);

export interface StoredFindings {
  kind: FileKind;
  items: LspDiagnostic[];
}

/**
 * The key of the whole index as it stands, with the build and the settings; undefined when a file's
 * content cannot be fingerprinted (no stat, an open document the session does not hold).
 */
export function indexKey(session: AnalysisSession, build: string, settings: string): string | undefined {
  const rows: string[] = [];
  for (const e of session.index.allEntries()) {
    let content: string;
    if (e.open) {
      const doc = session.getOpen(e.path);
      if (!doc) return undefined;
      content = 'o' + fingerprint([doc.text]);
    } else if (e.stat) content = `${e.stat.size}:${e.stat.mtimeMs}`;
    else return undefined;
    rows.push(`${e.path}\0${e.kind}\0${content}`);
  }
  rows.sort();
  return fingerprint([FORMAT, build, settings, ...rows]);
}

/**
 * A 64-bit fingerprint of a list of strings, read in place (never joined into one 1.5 MB string).
 * Not `hash64`: feeding that one the whole index made V8 compile it for long strings, and the short
 * result ids it hashes for every file afterwards took several times longer (server profile: 61 ->
 * 458 ms over a pass).
 */
function fingerprint(parts: readonly string[]): string {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) {
      const c = part.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
    }
    a = Math.imul(a ^ 0x0a, 0x01000193);
    b = Math.imul(b ^ (b >>> 15), 0x5bd1e995);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** True when a file's findings may be stored (none depends on time or a fault). */
export function storable(items: readonly LspDiagnostic[]): boolean {
  for (const d of items) if (typeof d.code === 'string' && UNSTABLE.has(d.code)) return false;
  return true;
}

/** Length of the common start of two strings (paths sorted next to each other share most of theirs). */
function shared(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/**
 * The stored text, in lines: a header, one line per probe, an empty line, one per file (each path written as the
 * length it shares with the previous line's path and the rest). Given as chunks, so the whole text
 * never sits in memory as one string; the store checks its integrity (`DiagnosticsStore`).
 */
export function* serialise(
  key: string,
  probes: Iterable<Probe>,
  files: readonly [string, StoredFindings][],
  chunkChars = 1 << 20,
): Generator<string> {
  let chunk = JSON.stringify({ format: FORMAT, key });
  let previous = '';
  const row = (path: string, rest: (string | LspDiagnostic[])[]) => {
    const n = shared(previous, path);
    previous = path;
    return '\n' + JSON.stringify([n, path.slice(n), ...rest]);
  };
  for (const [path, kind, answer] of probes) {
    chunk += row(path, [kind, answer]);
    if (chunk.length >= chunkChars) {
      yield chunk;
      chunk = '';
    }
  }
  // An empty line between the probes and the files.
  chunk += '\n';
  previous = '';
  for (const [path, f] of files) {
    chunk += row(path, [f.kind, f.items]);
    if (chunk.length >= chunkChars) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}

/** A path written as [shared length, rest] against the previous one. */
function unshare(previous: string, n: unknown, rest: unknown): string | undefined {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= previous.length && typeof rest === 'string'
    ? previous.slice(0, n) + rest
    : undefined;
}

/**
 * The stored findings when the store holds findings for `key` whose probes all answer the same
 * now (asked through `fs`, so they are recorded for this session too); undefined otherwise.
 */
export async function loadFindings(
  store: DiagnosticsStore,
  key: string,
  fs: RecordingFileSystem,
): Promise<Map<string, StoredFindings> | undefined> {
  const text = await store.load();
  if (!text) return undefined;
  const lines = text.split('\n');
  try {
    const header = JSON.parse(lines[0]!) as { format?: unknown; key?: unknown };
    if (header.format !== FORMAT || header.key !== key) return undefined;
    const gap = lines.indexOf('');
    if (gap < 0) return undefined;
    let previous = '';
    for (let i = 1; i < gap; i++) {
      const row = JSON.parse(lines[i]!) as unknown[];
      const path = unshare(previous, row[0], row[1]);
      const kind = row[2];
      if (path === undefined || (kind !== 's' && kind !== 'e' && kind !== 'd')) return undefined;
      previous = path;
      // Anything different on the disk now: these findings may not hold.
      if (fs.answer(path, kind) !== row[3]) return undefined;
    }
    previous = '';
    const out = new Map<string, StoredFindings>();
    for (let i = gap + 1; i < lines.length; i++) {
      const row = JSON.parse(lines[i]!) as unknown[];
      const path = unshare(previous, row[0], row[1]);
      if (path === undefined || typeof row[2] !== 'string' || !Array.isArray(row[3])) return undefined;
      previous = path;
      out.set(path, { kind: row[2] as FileKind, items: row[3] as LspDiagnostic[] });
    }
    return out;
  } catch {
    return undefined;
  }
}
