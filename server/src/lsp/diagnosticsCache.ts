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
import type { RecordingFileSystem } from '../host/recordingFileSystem.js';
import type { DiagnosticsStore } from '../host/serverHost.js';
import type { FileKind } from '../model/kinds.js';
import { hash64 } from '../util/hash.js';

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
      content = 'o' + hash64(doc.text);
    } else if (e.stat) content = `${e.stat.size}:${e.stat.mtimeMs}`;
    else return undefined;
    rows.push(`${e.path}\0${e.kind}\0${content}`);
  }
  rows.sort();
  return hash64(`${FORMAT}\n${build}\n${settings}\n${rows.join('\n')}`);
}

/** True when a file's findings may be stored (none depends on time or a fault). */
export function storable(items: readonly LspDiagnostic[]): boolean {
  for (const d of items) if (typeof d.code === 'string' && UNSTABLE.has(d.code)) return false;
  return true;
}

/** The stored text: a header line, the probes, one line per file, a checksum line. */
export function serialise(key: string, probes: [string, string][], files: Iterable<[string, StoredFindings]>): string {
  const lines = [JSON.stringify({ format: FORMAT, key }), JSON.stringify(probes)];
  for (const [path, f] of files) lines.push(JSON.stringify([path, f.kind, f.items]));
  const body = lines.join('\n');
  return `${body}\n${hash64(body)}`;
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
  const cut = text.lastIndexOf('\n');
  if (cut < 0 || hash64(text.slice(0, cut)) !== text.slice(cut + 1)) return undefined;
  try {
    const lines = text.slice(0, cut).split('\n');
    const header = JSON.parse(lines[0] ?? '') as { format?: unknown; key?: unknown };
    if (header.format !== FORMAT || header.key !== key) return undefined;
    const probes = JSON.parse(lines[1] ?? '') as unknown;
    if (!Array.isArray(probes) || !probes.every(isPair) || !fs.same(probes)) return undefined;
    const out = new Map<string, StoredFindings>();
    for (let i = 2; i < lines.length; i++) {
      const row = JSON.parse(lines[i]!) as unknown;
      if (!Array.isArray(row) || typeof row[0] !== 'string' || typeof row[1] !== 'string' || !Array.isArray(row[2]))
        return undefined;
      out.set(row[0], { kind: row[1] as FileKind, items: row[2] as LspDiagnostic[] });
    }
    return out;
  } catch {
    return undefined;
  }
}

function isPair(x: unknown): x is [string, string] {
  return Array.isArray(x) && x.length === 2 && typeof x[0] === 'string' && typeof x[1] === 'string';
}
