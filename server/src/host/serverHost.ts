/**
 * What the language server needs from the platform it runs on, given to `startServer` by the
 * entry point (`server.ts` for Node). A host for the browser provides the same with the client's
 * files and no disk cache.
 */
import type { SummaryStore } from '../index/cache.js';
import type { FileSystem } from '../index/fileSystem.js';

export interface ServerHost {
  /** Every workspace file is read through this. */
  readonly fs: FileSystem;
  /**
   * The warm-start store for a set of workspace roots; `cacheDir` is the client's
   * `initializationOptions.cacheDir` when it gave one. Undefined: no warm start.
   */
  summaryStore(roots: readonly string[], cacheDir: string | undefined): SummaryStore | undefined;
}
