/**
 * What the language server needs from the platform it runs on, given to `startServer` by the
 * entry point: `server.ts` with the Node host (the disk, the disk cache), `webServer.ts` with the
 * browser host (the client's files, asked for over the protocol and held in memory; no cache).
 */
import type { SummaryStore } from '../index/cache.js';
import type { FileSystem } from '../index/fileSystem.js';
import type { PackageService } from './packageService.js';

/** How the editor's URIs become index paths (absolute posix paths) and back. */
export interface UriPaths {
  /** The index path of a URI, or undefined to use the URI itself (untitled documents and the like). */
  pathOf(uri: string): string | undefined;
  /** The URI of an index path, or undefined when the path is a plain file path. */
  uriOf(path: string): string | undefined;
}

export interface ServerHost {
  /** Every workspace file is read through this. */
  readonly fs: FileSystem;
  /**
   * The warm-start store for a set of workspace roots; `cacheDir` is the client's
   * `initializationOptions.cacheDir` when it gave one. Undefined: no warm start.
   */
  summaryStore(roots: readonly string[], cacheDir: string | undefined): SummaryStore | undefined;
  /**
   * Where the workspace pass keeps its findings between sessions (lsp/diagnosticsCache.ts), beside
   * the warm-start store; undefined (or absent): every start checks every file.
   */
  diagnosticsStore?(roots: readonly string[], cacheDir: string | undefined): DiagnosticsStore | undefined;
  /** The user's home folder, never taken as a workspace root; undefined where there is none. */
  readonly homeDir?: string;
  /**
   * The package checks of `TOSCA.meta` and manifest documents (they hash files on the disk);
   * `ready` is called when a hash they wait for is known. Absent: those documents are not checked.
   */
  packageService?(ready: (root: string) => void): PackageService;
  /** URIs of schemes other than `file:` as index paths (absent: `file:` URIs only, others as they are). */
  readonly uriPaths?: UriPaths;
  /**
   * Fills `fs` with the files under `roots` before the index is built (a host whose files are
   * not at hand, e.g. asked for from the client). Resolves when the index may be built; files
   * found after that are passed to `grown`, which re-indexes them.
   */
  prefetch?(roots: readonly string[], grown: (paths: string[]) => void, filter?: WalkFilter): Promise<void>;
  /**
   * The heap's growth while a large workspace pass runs (host/heapGrowth.ts): `tighten` at its start and
   * at each of its release points, `restore` at its end. Absent: the engine's own growth throughout.
   */
  readonly passHeap?: PassHeap;
  /**
   * Told the language pack (`lm`, `tosca`, `tosca2`: lsp/languagePack.ts) of each document whose diagnostics were
   * computed for the editor (pushed or pulled): the Node loader's code cache covers the packs a session has checked
   * (serverBin.ts). Absent: nothing to tell.
   */
  checked?(pack: string): void;
}

/** See `ServerHost.passHeap`. */
export interface PassHeap {
  tighten(): void;
  restore(): void;
}

/** A persisted text for the workspace pass's findings (its format and checks: lsp/diagnosticsCache.ts). */
export interface DiagnosticsStore {
  /** Names the build of the server (its rules): findings stored by another build are never reused. */
  readonly build: string;
  /** The text as saved; undefined when there is none or it is not intact (a torn or altered file). */
  load(): Promise<string | undefined>;
  /** Replaces the stored text with these chunks, in order. */
  save(chunks: Iterable<string>): Promise<void>;
}

/** What a host's walk of the workspace skips, as the index's own walk does. */
export interface WalkFilter {
  /** The exclude list names this path or a folder above it (lmDescriptors.exclude). */
  isExcluded(path: string): boolean;
  /** Files larger than this are never read (lmDescriptors.maxFileSizeMB). */
  maxFileBytes(): number;
}
