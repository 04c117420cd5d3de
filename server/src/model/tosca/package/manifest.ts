/**
 * The manifest of an ETSI NFV package (ETSI GS NFV-SOL 004 §4.3.2) and the TOSCA.meta file
 * (§4.2), read into what the package checks need: the metadata block, one entry per listed file
 * (`Source`, `Algorithm`, `Hash`, optional `Signature` and `Certificate`), the non-MANO artifact
 * sets, the CMS signature; and TOSCA.meta's block 0 with the per-file blocks (`Name`, `Algorithm`,
 * `Hash`) some packages carry there too (Tacker checks those hashes as well).
 */
import { parseKeyValueText, type KvBlock, type KvLine, type KvText } from './keyValue.js';

export interface ArtifactEntry {
  /** The line that names the file (`Source:` in a manifest, `Name:` in TOSCA.meta), when written. */
  source?: KvLine;
  algorithm?: KvLine;
  hash?: KvLine;
  signature?: KvLine;
  certificate?: KvLine;
  /** Every line of the entry, in order. */
  lines: KvLine[];
}

export interface NonManoSet {
  name: KvLine;
  sources: KvLine[];
  /** Lines under the set that are not `Source:`. */
  others: KvLine[];
}

export interface Manifest {
  kv: KvText;
  metadata?: { header: KvLine; entries: KvLine[] };
  artifacts: ArtifactEntry[];
  nonMano?: { header: KvLine; sets: NonManoSet[]; stray: KvLine[] };
  /** Lines outside every known section. */
  stray: KvLine[];
}

const ENTRY_KEYS = new Set(['Source', 'Algorithm', 'Hash', 'Signature', 'Certificate', 'Content-Type']);

export function parseManifest(text: string): Manifest {
  const kv = parseKeyValueText(text);
  const out: Manifest = { kv, artifacts: [], stray: [] };
  let mode: 'none' | 'metadata' | 'nonmano' | 'artifact' = 'none';
  let entry: ArtifactEntry | undefined;
  let set: NonManoSet | undefined;
  for (const block of kv.blocks) {
    // A blank line ends a section, unless the next lines are still indented under it.
    if (block.lines[0]!.indent === 0) mode = 'none';
    entry = undefined;
    for (const l of block.lines) {
      if (l.indent === 0 && !l.value && (l.key === 'metadata' || l.key === 'non_mano_artifact_sets')) {
        if (l.key === 'metadata') {
          out.metadata ??= { header: l, entries: [] };
          mode = 'metadata';
        } else {
          out.nonMano ??= { header: l, sets: [], stray: [] };
          mode = 'nonmano';
          set = undefined;
        }
        continue;
      }
      if (mode === 'metadata' && !ENTRY_KEYS.has(l.key)) {
        out.metadata!.entries.push(l);
        continue;
      }
      if (mode === 'nonmano' && l.indent > 0) {
        const nm = out.nonMano!;
        if (l.key === 'Source' && set) set.sources.push(l);
        else if (!l.value && l.key !== 'Source' && (!set || l.indent <= set.name.indent)) {
          set = { name: l, sources: [], others: [] };
          nm.sets.push(set);
        } else if (set) set.others.push(l);
        else nm.stray.push(l);
        continue;
      }
      if (ENTRY_KEYS.has(l.key)) {
        if (l.key === 'Source' || !entry || mode !== 'artifact') {
          entry = { lines: [] };
          out.artifacts.push(entry);
          mode = 'artifact';
        }
        addToEntry(entry, l);
        continue;
      }
      out.stray.push(l);
    }
  }
  return out;
}

function addToEntry(e: ArtifactEntry, l: KvLine): void {
  e.lines.push(l);
  const field = FIELD[l.key];
  if (field && !e[field]) e[field] = l;
}

const FIELD: Record<string, 'source' | 'algorithm' | 'hash' | 'signature' | 'certificate' | undefined> = {
  Source: 'source',
  Name: 'source',
  Algorithm: 'algorithm',
  Hash: 'hash',
  Signature: 'signature',
  Certificate: 'certificate',
};

export interface PackageMeta {
  kv: KvText;
  /** Block 0, when the file has any `Key: value` line. */
  block0?: KvBlock;
  /** The later blocks that name a file (`Name:`), with their hash when given. */
  files: ArtifactEntry[];
}

/** The keys of block 0 that TOSCA.meta files carry (TOSCA Simple Profile 1.x CSAR, ETSI GS NFV-SOL 004 §4.2). */
export const META_BLOCK0_KEYS = ['TOSCA-Meta-File-Version', 'CSAR-Version', 'Created-By', 'Entry-Definitions'];
export const META_ETSI_KEYS = [
  'ETSI-Entry-Manifest',
  'ETSI-Entry-Change-Log',
  'ETSI-Entry-Licenses',
  'ETSI-Entry-Certificate',
  'ETSI-Entry-Tests',
];

export function parseMeta(text: string): PackageMeta {
  const kv = parseKeyValueText(text);
  const out: PackageMeta = { kv, files: [] };
  const [first, ...rest] = kv.blocks;
  if (first) out.block0 = first;
  for (const b of rest) {
    const e: ArtifactEntry = { lines: [] };
    for (const l of b.lines) addToEntry(e, l);
    if (e.source) out.files.push(e);
  }
  return out;
}

/** The block-0 line for `key`, matched without regard to case (Tacker's samples write `Created-by`). */
export function metaLine(meta: PackageMeta, key: string): KvLine | undefined {
  const k = key.toLowerCase();
  return meta.block0?.lines.find((l) => l.key.toLowerCase() === k);
}
