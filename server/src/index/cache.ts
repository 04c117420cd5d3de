/**
 * Persisted summaries for a warm start.
 *
 * Each entry keeps the file's stat, its kind, a small header (the facts the index needs for its
 * name and reference maps) and the full summary as a JSON *string*. Loading therefore parses only
 * the headers; a summary is parsed the first time a request needs it (see `LazySummary`), and
 * saving reuses the strings of entries nobody looked at. A stale or unreadable cache is ignored.
 */
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import type { FileKind } from '../model/kinds.js';
import { summarise, type FileSummary } from '../model/summary.js';

/** Bump when the summary shape changes so old caches are dropped. */
export const CACHE_FORMAT = 6;

/** What the index needs without parsing the summary. */
export interface SummaryHeader {
  explicitName?: string;
  /** Component and reference `type` values, for reverse edges. */
  types: string[];
}

export interface CachedEntry {
  mtimeMs: number;
  size: number;
  kind: FileKind;
  header: SummaryHeader | null;
  /** The summary as JSON, parsed on first use. */
  json: string;
}

/*
 * File layout, one line per entry after a header line, so summaries are stored verbatim (JSON in a
 * JSON string would escape every quote and double the parse work):
 *   lm-descriptors-cache <format>
 *   <path>\t<mtimeMs>\t<size>\t<kind>\t<header JSON or ->\t<summary JSON>
 * Paths never contain tabs or newlines here (entries with them are skipped on save).
 */
const MAGIC = 'lm-descriptors-cache';

export function headerOf(summary: FileSummary): SummaryHeader | null {
  if (!('components' in summary)) return null;
  const h: SummaryHeader = { types: [] };
  if (summary.explicitName) h.explicitName = summary.explicitName.text;
  for (const c of summary.components) if (c.type) h.types.push(c.type);
  return h;
}

export async function loadCache(file: string): Promise<Map<string, CachedEntry>> {
  const out = new Map<string, CachedEntry>();
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch {
    return out; // no cache yet: start cold
  }
  const firstNl = text.indexOf('\n');
  if (text.slice(0, firstNl) !== `${MAGIC} ${CACHE_FORMAT}`) return out;
  let pos = firstNl + 1;
  while (pos < text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = text.length;
    const t1 = text.indexOf('\t', pos);
    const t2 = text.indexOf('\t', t1 + 1);
    const t3 = text.indexOf('\t', t2 + 1);
    const t4 = text.indexOf('\t', t3 + 1);
    const t5 = text.indexOf('\t', t4 + 1);
    if (t1 < 0 || t5 < 0 || t5 > nl) break; // truncated or corrupt: keep what was read
    try {
      const h = text.slice(t4 + 1, t5);
      out.set(text.slice(pos, t1), {
        mtimeMs: Number(text.slice(t1 + 1, t2)),
        size: Number(text.slice(t2 + 1, t3)),
        kind: text.slice(t3 + 1, t4) as FileKind,
        header: h === '-' ? null : (JSON.parse(h) as SummaryHeader),
        json: text.slice(t5 + 1, nl),
      });
    } catch {
      // One bad line costs one file a re-read.
    }
    pos = nl + 1;
  }
  return out;
}

export async function saveCache(file: string, entries: Iterable<[string, CachedEntry]>): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const fh = await fsp.open(tmp, 'w');
    try {
      // Written in chunks so the whole cache never sits in memory as one string.
      let chunk = `${MAGIC} ${CACHE_FORMAT}\n`;
      for (const [p, e] of entries) {
        if (/[\t\n]/.test(p) || e.json.includes('\n')) continue;
        chunk += `${p}\t${e.mtimeMs}\t${e.size}\t${e.kind}\t${e.header ? JSON.stringify(e.header) : '-'}\t${e.json}\n`;
        if (chunk.length > 1 << 20) {
          await fh.write(chunk);
          chunk = '';
        }
      }
      await fh.write(chunk);
    } finally {
      await fh.close();
    }
    await fsp.rename(tmp, file);
  } catch {
    // A read-only cache location only costs the warm start.
    await fsp.rm(tmp, { force: true }).catch(() => undefined);
  }
}

/** A summary held as JSON until first use. */
export class LazySummary {
  private value: FileSummary | undefined;
  constructor(
    private json: string,
    private readonly fallbackKind: FileKind,
  ) {}

  get(): FileSummary {
    if (this.value === undefined) {
      try {
        this.value = JSON.parse(this.json) as FileSummary;
      } catch {
        // An unreadable entry reads as an empty file of its kind.
        this.value = summarise(this.fallbackKind, null);
      }
    }
    return this.value;
  }

  /** The JSON form, without parsing (or re-stringifying) when it was never used. */
  toJson(): string {
    return this.value === undefined ? this.json : JSON.stringify(this.value);
  }
}
