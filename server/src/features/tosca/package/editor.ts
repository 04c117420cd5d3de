/**
 * `TOSCA.meta` and manifest (`.mf`) files as documents of the editor: completion of keys, of
 * package paths and of hash algorithms; hover on keys; links from paths to the files; and the
 * edits of the quick fixes (update a hash, add the missing files, remove entries of files that do
 * not exist). Pure: the package's file list and hashes come from the host.
 */
import { CompletionKind, type CompletionItem, type Diagnostic, type DocumentLink, type Hover } from '../../types.js';
import type { Position, Range } from '../../../syntax/positions.js';
import { parseKeyValueText, type KvLine } from '../../../model/tosca/package/keyValue.js';
import { parseManifest } from '../../../model/tosca/package/manifest.js';
import { isUrl, packagePath } from '../../../model/tosca/package/files.js';
import { METADATA_KEYS, METADATA_OPTIONAL } from './metadata.js';

export type PackageDocKind = 'meta' | 'manifest';

/** Which package document a path is, if any. */
export function packageDocKind(path: string): PackageDocKind | undefined {
  if (/(^|\/)TOSCA-Metadata\/TOSCA\.meta$/.test(path)) return 'meta';
  if (/\.mf$/i.test(path)) return 'manifest';
  return undefined;
}

const SOL004 = 'ETSI GS NFV-SOL 004';

/** What each key means, for hover and completion (our own words). */
export const KEY_DOCS: Record<string, string> = {
  'TOSCA-Meta-File-Version': `Version of the TOSCA.meta format: \`1.0\` (${SOL004} §4.2).`,
  'CSAR-Version': `Version of the archive format: \`1.1\` (${SOL004} §4.2).`,
  'Created-By': `Who made the package (${SOL004} §4.2).`,
  'Entry-Definitions': `The main service template (the top-level VNFD), from the package root (${SOL004} §4.2).`,
  'ETSI-Entry-Manifest': `The manifest: a \`.mf\` file listing every file with its hash (${SOL004} §4.3.2).`,
  'ETSI-Entry-Change-Log': `Path of the change history file of the package (${SOL004} §4.3.3).`,
  'ETSI-Entry-Licenses': `Path of the licensing information, a file or a folder (${SOL004} §4.3.6).`,
  'ETSI-Entry-Certificate': `Path of the certificate that verifies the manifest's signature (${SOL004} §5).`,
  'ETSI-Entry-Tests': `Path of the test files, a file or a folder (${SOL004} §4.3.4).`,
  Name: `A file of the package described by this block (TOSCA CSAR); Tacker checks its Algorithm and Hash if given.`,
  Source: `Path of a file of the package (from its root) or a URL (${SOL004} §4.3.2).`,
  Algorithm: `Hash algorithm of the entry: SHA-224, SHA-256, SHA-384 or SHA-512 (${SOL004} §5).`,
  Hash: `Hash of the file, as lowercase hexadecimal, with the entry's algorithm (${SOL004} §5).`,
  Signature: `Path of a signature of this file (${SOL004} §5).`,
  Certificate: `Path of the certificate that verifies this file's signature (${SOL004} §5).`,
  metadata: `The package's identity: for a VNF package ${METADATA_KEYS.VNF.join(', ')} (${SOL004} §4.3.2).`,
  non_mano_artifact_sets: `Sets of files for systems other than MANO, a key each with Source lines (${SOL004} §4.3.7).`,
  vnf_provider_id: `The VNF's provider; equals the VNFD's \`provider\` (${SOL004} §4.3.2).`,
  vnf_product_name: `The VNF's product name; equals the VNFD's \`product_name\` (${SOL004} §4.3.2).`,
  vnf_release_date_time: `When the package was released, an IETF RFC 3339 date and time (${SOL004} §4.3.2).`,
  vnf_package_version: `Version of the package (${SOL004} §4.3.2).`,
  vnf_software_version: `The VNF's software version; equals the VNFD's \`software_version\` (${SOL004} §4.3.2).`,
  compatible_specification_versions: `SOL004 versions the package conforms to (${SOL004} §4.3.2).`,
  vnfm_info: `VNF managers that can manage the VNF (${SOL004} §4.3.2).`,
  pnfd_provider: `The PNFD's provider (${SOL004} §4.3.2).`,
  pnfd_name: `The PNFD's name (${SOL004} §4.3.2).`,
  pnfd_release_date_time: `When the archive was released, RFC 3339 (${SOL004} §4.3.2).`,
  pnfd_archive_version: `Version of the PNFD archive (${SOL004} §4.3.2).`,
  nsd_designer: `The NSD's designer (${SOL004} §4.3.2 as ETSI GS NFV-SOL 007 uses it).`,
  nsd_invariant_id: `The NSD's invariant identifier (ETSI GS NFV-SOL 007).`,
  nsd_name: `The NSD's name (ETSI GS NFV-SOL 007).`,
  nsd_release_date_time: `When the NS package was released, RFC 3339 (ETSI GS NFV-SOL 007).`,
  nsd_file_structure_version: `Version of the NSD file structure (ETSI GS NFV-SOL 007).`,
};

const META_KEYS = [
  'TOSCA-Meta-File-Version',
  'CSAR-Version',
  'Created-By',
  'Entry-Definitions',
  'ETSI-Entry-Manifest',
  'ETSI-Entry-Change-Log',
  'ETSI-Entry-Licenses',
  'ETSI-Entry-Certificate',
  'ETSI-Entry-Tests',
];
const ENTRY_KEYS = ['Source', 'Algorithm', 'Hash', 'Signature', 'Certificate'];
const PATH_KEYS: readonly string[] = [...META_KEYS.slice(3), 'Name', 'Source', 'Signature', 'Certificate'];
const ALGORITHMS = ['SHA-256', 'SHA-384', 'SHA-512', 'SHA-224'];

function lineAt(text: string, line: number): string {
  return text.split(/\r\n|\r|\n/)[line] ?? '';
}

/** Completion at `pos`: keys at the start of a line, paths and algorithms after the colon. */
export function packageCompletion(
  kind: PackageDocKind,
  text: string,
  pos: Position,
  files: readonly string[],
): CompletionItem[] {
  const line = lineAt(text, pos.line);
  const before = line.slice(0, pos.character);
  const m = /^(\s*)([^:]+):\s*(.*)$/.exec(before);
  if (m) {
    const key = m[2]!.trim();
    const typed = m[3]!;
    const range: Range = {
      start: { line: pos.line, character: pos.character - typed.length },
      end: { line: pos.line, character: Math.max(pos.character, line.trimEnd().length) },
    };
    if (key === 'Algorithm') {
      return ALGORITHMS.map((a, i) => ({
        label: a,
        kind: CompletionKind.EnumMember,
        sortText: String(i),
        textEdit: { range, newText: a },
      }));
    }
    if (PATH_KEYS.includes(key)) {
      const wanted = key === 'ETSI-Entry-Manifest' ? files.filter((f) => /\.mf$/i.test(f)) : files;
      return wanted.map((f) => ({ label: f, kind: CompletionKind.File, textEdit: { range, newText: f } }));
    }
    return [];
  }
  const indent = /^\s*/.exec(before)![0].length;
  const range: Range = { start: { line: pos.line, character: indent }, end: pos };
  const keys =
    kind === 'meta'
      ? META_KEYS
      : indent > 0
        ? [...METADATA_KEYS.VNF, ...METADATA_OPTIONAL, ...METADATA_KEYS.PNF, ...METADATA_KEYS.NS]
        : [...ENTRY_KEYS, 'metadata', 'non_mano_artifact_sets'];
  return keys.map((k, i) => ({
    label: k,
    kind: CompletionKind.Property,
    sortText: String(i).padStart(2, '0'),
    documentation: { kind: 'markdown', value: KEY_DOCS[k] ?? '' },
    textEdit: { range, newText: k === 'metadata' || k === 'non_mano_artifact_sets' ? `${k}:` : `${k}: ` },
  }));
}

function lineRange(l: KvLine): Range {
  return { start: { line: l.line, character: l.keyStart }, end: { line: l.line, character: l.keyEnd } };
}

/** Hover on a key: what it means and where SOL004 defines it. */
export function packageHover(text: string, pos: Position): Hover | undefined {
  for (const b of parseKeyValueText(text).blocks) {
    for (const l of b.lines) {
      if (l.line !== pos.line || pos.character < l.keyStart || pos.character > l.keyEnd) continue;
      const doc = KEY_DOCS[l.key] ?? KEY_DOCS[META_KEYS.find((k) => k.toLowerCase() === l.key.toLowerCase()) ?? ''];
      return doc ? { contents: { kind: 'markdown', value: `**${l.key}**\n\n${doc}` }, range: lineRange(l) } : undefined;
    }
  }
  return undefined;
}

/** Links from the paths a package document names to the files (`root` is the package root). */
export function packageLinks(text: string, root: string, exists: (rel: string) => boolean): DocumentLink[] {
  const out: DocumentLink[] = [];
  for (const b of parseKeyValueText(text).blocks) {
    for (const l of b.lines) {
      if (!PATH_KEYS.includes(l.key) && !(l.key === 'Source' && l.indent > 0)) continue;
      if (!l.value || isUrl(l.value)) continue;
      const rel = packagePath(l.value);
      if (!rel || !exists(rel)) continue;
      out.push({
        range: { start: { line: l.line, character: l.valueStart }, end: { line: l.line, character: l.valueEnd } },
        targetPath: `${root}/${rel}`,
      });
    }
  }
  return out;
}

export interface PackageFix {
  title: string;
  diagnostics: Diagnostic[];
  edits: { range: Range; newText: string }[];
  isPreferred?: boolean;
}

/**
 * The quick fixes for the package findings among `diagnostics` (those of this document that touch
 * the requested range). `sha256` gives a file's SHA-256 for the entries the fix adds (undefined
 * when not known yet: the entry is added with an empty hash to fill in).
 */
export function packageFixes(
  text: string,
  diagnostics: readonly Diagnostic[],
  sha256: (rel: string) => string | undefined,
): PackageFix[] {
  const out: PackageFix[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const add: { d: Diagnostic; files: string[] }[] = [];
  for (const d of diagnostics) {
    for (const f of d.data?.fixes ?? []) {
      if (f.fix === 'package-hash') {
        out.push({
          title: 'Update the hash of this entry',
          diagnostics: [d],
          edits: [{ range: d.range, newText: f.hash }],
          isPreferred: true,
        });
      } else if (f.fix === 'package-remove-entry') {
        const span = entrySpan(text, d.range.start.line);
        if (!span) continue;
        out.push({
          title: 'Remove entries of files that do not exist',
          diagnostics: [d],
          edits: [{ range: span, newText: '' }],
        });
      } else if (f.fix === 'package-add-entries') add.push({ d, files: f.files });
    }
  }
  if (add.length > 0) {
    // One action adds every missing file, at the end of the entries (before a signature).
    const files = [...new Set(add.flatMap((a) => a.files))].sort();
    const armour = parseKeyValueText(text).armour[0];
    let at = armour ? armour.start : lines.length;
    while (at > 0 && !lines[at - 1]!.trim()) at--;
    const body = files.map((f) => `Source: ${f}${eol}Algorithm: SHA-256${eol}Hash: ${sha256(f) ?? ''}${eol}`).join(eol);
    const pos = { line: at, character: 0 };
    const lastLen = at > 0 ? lines[at - 1]!.length : 0;
    const start = at > 0 ? { line: at - 1, character: lastLen } : pos;
    out.push({
      title: files.length === 1 ? `Add \`${files[0]}\` to the manifest` : 'Add the missing files to the manifest',
      diagnostics: add.map((a) => a.d),
      edits: [{ range: { start, end: start }, newText: (at > 0 ? eol + eol : '') + body.replace(/\r?\n$/, '') }],
    });
  }
  return out;
}

/**
 * The lines of the manifest entry at `line`: with the blank lines after it when more follows, else
 * with the blank lines before it (the file then ends where the previous entry did).
 */
function entrySpan(text: string, line: number): Range | undefined {
  const mf = parseManifest(text);
  const e = mf.artifacts.find((a) => a.lines.some((l) => l.line === line));
  if (!e) return undefined;
  const first = e.lines[0]!.line;
  const last = e.lines[e.lines.length - 1]!.line;
  const len = (i: number) => mf.kv.lengths[i] ?? 0;
  const lines = text.split(/\r\n|\r|\n/);
  let next = last + 1;
  while (next < mf.kv.lineCount && !lines[next]!.trim()) next++;
  if (next < mf.kv.lineCount) return { start: { line: first, character: 0 }, end: { line: next, character: 0 } };
  let prev = first - 1;
  while (prev >= 0 && !lines[prev]!.trim()) prev--;
  const start = prev >= 0 ? { line: prev, character: len(prev) } : { line: 0, character: 0 };
  return { start, end: { line: last, character: len(last) } };
}
