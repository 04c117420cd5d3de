/**
 * A warm-start cache kept in memory, as a host without a disk or node:crypto might give the index
 * (server/src/index/cache.ts): the serialised text is a field the tests read and damage.
 */
import {
  parseCache,
  serialiseCache,
  textSource,
  type CachedEntry,
  type Checksum,
  type SummaryStore,
} from '../../server/src/index/cache.js';
import { hash64 } from '../../server/src/util/hash.js';

/** A checksum without node:crypto (what a host without crypto might use). */
export const memoryChecksum: Checksum = hash64;

/** Counts saves, and the reads of stored summaries once `counting` is set. */
export class MemorySummaryStore implements SummaryStore {
  text = '';
  saves = 0;
  counting = false;
  reads = 0;

  /** `chunkSize`: as `serialiseCache`'s (small ones give several header chunks). */
  constructor(private readonly chunkSize?: number) {}

  async load(): Promise<Map<string, CachedEntry>> {
    const source = textSource(this.text);
    const read = (offset: number, length: number) => {
      if (this.counting) this.reads++;
      return source.read(offset, length);
    };
    return parseCache({ read }, this.text.length, memoryChecksum);
  }

  async save(entries: Iterable<[string, CachedEntry]>): Promise<void> {
    this.saves++;
    this.text = [...serialiseCache(entries, memoryChecksum, this.chunkSize)].join('');
  }
}
