/**
 * Persisted summaries for a warm start: path -> (mtime, size, kind, summary).
 * A stale or unreadable cache is simply ignored; a file whose stat differs is re-read.
 */
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import type { FileKind } from '../model/kinds.js';
import type { FileSummary } from '../model/lm/summary.js';

/** Bump when the summary shape changes so old caches are dropped. */
export const CACHE_FORMAT = 3;

export interface CachedEntry {
  mtimeMs: number;
  size: number;
  kind: FileKind;
  summary: FileSummary;
}

interface CacheFile {
  format: number;
  entries: Record<string, [number, number, FileKind, FileSummary]>;
}

export async function loadCache(file: string): Promise<Map<string, CachedEntry>> {
  const out = new Map<string, CachedEntry>();
  try {
    const data = JSON.parse(await fsp.readFile(file, 'utf8')) as CacheFile;
    if (data.format !== CACHE_FORMAT || typeof data.entries !== 'object') return out;
    for (const [p, e] of Object.entries(data.entries)) out.set(p, { mtimeMs: e[0], size: e[1], kind: e[2], summary: e[3] });
  } catch {
    // Missing or corrupt cache: start cold.
  }
  return out;
}

export async function saveCache(file: string, entries: Iterable<[string, CachedEntry]>): Promise<void> {
  const data: CacheFile = { format: CACHE_FORMAT, entries: {} };
  for (const [p, e] of entries) data.entries[p] = [e.mtimeMs, e.size, e.kind, e.summary];
  try {
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await fsp.writeFile(tmp, JSON.stringify(data));
    await fsp.rename(tmp, file);
  } catch {
    // A read-only cache location only costs the warm start.
  }
}
