/**
 * The file system of the browser host: the workspace files as the client gives them, on three
 * requests (server → client, see README "The web build"), held in memory.
 *
 * The index, the TOSCA imports and the cross-file features read synchronously, and a request to
 * the client is a round trip, so the files are fetched ahead: `prefetch` walks a root breadth
 * first (bounded in entries, bytes and depth), keeps every name it lists (existence checks of the
 * package layout rules see the real tree) and reads the text of the files the analysis reads.
 * The synchronous reads answer from memory; the asynchronous reads the server does after a
 * watched-file event or a close (`readText`) ask the client again, so a changed file is fresh.
 */
import { DEFAULT_EXCLUDED_DIRS } from '../index/workspace.js';
import type { DirEntry, FileStat, FileSystem } from '../index/fileSystem.js';
import type { WalkFilter } from './serverHost.js';
import { isBehaviourPath, YAML_FILE } from '../model/kinds.js';
import { posix } from '../util/path.js';
import { sizeText } from '../util/size.js';
import { FS_READ_DIRECTORY_REQUEST, FS_READ_FILE_REQUEST, FS_STAT_REQUEST } from '../protocol.js';

/** The three requests the web client answers (README "The web build"). */
const FS_REQUESTS = {
  stat: FS_STAT_REQUEST,
  readDirectory: FS_READ_DIRECTORY_REQUEST,
  readFile: FS_READ_FILE_REQUEST,
} as const;

/** `type` values of the requests (as VS Code's FileType: bit flags, 64 marks a symbolic link). */
const FILE = 1;
const DIRECTORY = 2;
const SYMBOLIC_LINK = 64;

/** What the host needs of the connection: requests to the client. */
export interface ClientRequests {
  sendRequest(method: string, params: unknown): Promise<unknown>;
}

export interface PrefetchLimits {
  /** Names listed (files and folders) per walk, at most. */
  entries: number;
  /** Bytes of text read per walk, at most. */
  bytes: number;
  /** Folder depth below a root, at most. */
  depth: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** After this long the index is built on what is there; the rest arrives through `grown`. */
  firstPhaseMs: number;
  /** Files larger than this are listed, never read (the server's size cap, when the walk is given none). */
  maxFileBytes: () => number;
}

export const DEFAULT_PREFETCH_LIMITS: PrefetchLimits = {
  entries: 50_000,
  bytes: 64 * 1024 * 1024,
  depth: 32,
  concurrency: 8,
  firstPhaseMs: 3000,
  maxFileBytes: () => 4 * 1024 * 1024,
};

interface FileEntry {
  size: number;
  mtimeMs: number;
  /** Undefined: listed, not read (not a file the analysis reads, or over a limit). */
  text?: string;
}

/** Files whose text the analysis reads: YAML, lmctl behaviour JSON, CSAR metadata, folder config, manifests. */
export function isReadByAnalysis(path: string): boolean {
  const name = posix.basename(path);
  return (
    YAML_FILE.test(name) ||
    (name.endsWith('.json') && isBehaviourPath(path)) ||
    name === 'TOSCA.meta' ||
    name === '.lm-descriptors.json' ||
    name.endsWith('.mf')
  );
}

export class ClientFileSystem implements FileSystem {
  private readonly files = new Map<string, FileEntry>();
  /** Folder → the names in it, as last listed. */
  private readonly dirs = new Map<string, Map<string, 'file' | 'dir'>>();
  private readonly walked = new Set<string>();
  /** Read stamps: text read later gets a later stamp when the client gives no modification time. */
  private clock = 1;

  constructor(
    private readonly client: ClientRequests,
    /** The URI the client knows a path by. */
    private readonly uriOf: (path: string) => string,
    private readonly limits: PrefetchLimits = DEFAULT_PREFETCH_LIMITS,
    private readonly log: (msg: string) => void = () => undefined,
  ) {}

  // --- the client's three requests, answers checked (a client may send anything) ---

  private async ask(method: string, path: string): Promise<unknown> {
    try {
      return await this.client.sendRequest(method, { uri: this.uriOf(path) });
    } catch (e) {
      this.log(`${method} ${this.uriOf(path)} failed: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  }

  private async clientStat(path: string): Promise<{ type: number; size: number; mtime: number } | undefined> {
    const r = (await this.ask(FS_REQUESTS.stat, path)) as { type?: unknown; size?: unknown; mtime?: unknown } | null;
    if (typeof r !== 'object' || r === null || typeof r.type !== 'number') return undefined;
    return {
      type: r.type,
      size: typeof r.size === 'number' && r.size >= 0 ? r.size : 0,
      mtime: typeof r.mtime === 'number' ? r.mtime : 0,
    };
  }

  private async clientReadDirectory(path: string): Promise<[string, number][] | undefined> {
    const r = await this.ask(FS_REQUESTS.readDirectory, path);
    if (!Array.isArray(r)) return undefined;
    const out: [string, number][] = [];
    for (const e of r as unknown[]) {
      if (!Array.isArray(e) || typeof e[0] !== 'string' || typeof e[1] !== 'number') continue;
      // A name is one path segment.
      if (e[0] === '' || e[0] === '.' || e[0] === '..' || e[0].includes('/')) continue;
      out.push([e[0], e[1]]);
    }
    return out;
  }

  private async clientReadFile(path: string): Promise<string | undefined> {
    const r = (await this.ask(FS_REQUESTS.readFile, path)) as { text?: unknown } | null;
    return typeof r === 'object' && r !== null && typeof r.text === 'string' ? r.text : undefined;
  }

  // --- memory ---

  private listIn(path: string, kind: 'file' | 'dir'): void {
    const dir = posix.dirname(path);
    if (dir === path) return;
    let names = this.dirs.get(dir);
    if (!names) this.dirs.set(dir, (names = new Map()));
    names.set(posix.basename(path), kind);
  }

  private forget(path: string): void {
    this.files.delete(path);
    this.dirs.get(posix.dirname(path))?.delete(posix.basename(path));
  }

  private store(path: string, text: string, mtime: number): void {
    this.files.set(path, { size: text.length, mtimeMs: mtime > 0 ? mtime : this.clock++, text });
    this.listIn(path, 'file');
  }

  /** Installs a text (tests, and open documents' text when a host wants it on file). */
  put(path: string, text: string, mtime = 0): void {
    this.store(posix.normalize(path), text, mtime);
  }

  // --- FileSystem: synchronous reads from memory ---

  statSync(path: string): FileStat | undefined {
    const p = posix.normalize(path);
    const f = this.files.get(p);
    if (f) return { mtimeMs: f.mtimeMs, size: f.size, isFile: true };
    return this.dirs.has(p) ? { mtimeMs: 0, size: 0, isFile: false } : undefined;
  }

  readDirSync(path: string): DirEntry[] {
    const names = this.dirs.get(posix.normalize(path));
    if (!names) return [];
    return [...names].map(([name, kind]) => ({ name, isDirectory: kind === 'dir', isFile: kind === 'file' }));
  }

  existsSync(path: string): boolean {
    return this.statSync(path) !== undefined;
  }

  readTextSync(path: string, maxBytes: number): string | undefined {
    const f = this.files.get(posix.normalize(path));
    return f?.text !== undefined && f.text.length <= maxBytes ? f.text : undefined;
  }

  async readFile(path: string): Promise<string> {
    const text = this.files.get(posix.normalize(path))?.text;
    if (text === undefined) throw new Error(`not read: ${path}`);
    return text;
  }

  async stat(path: string): Promise<FileStat | undefined> {
    return this.statSync(path);
  }

  async readDir(path: string): Promise<DirEntry[]> {
    return this.readDirSync(path);
  }

  async exists(path: string): Promise<boolean> {
    return this.existsSync(path);
  }

  /** Asks the client for the text as it is now (a watched-file event, a document closed). */
  async readText(path: string, maxBytes: number): Promise<string | undefined> {
    const p = posix.normalize(path);
    const st = await this.clientStat(p);
    if (!st || !(st.type & FILE)) {
      if (!st) this.forget(p);
      return undefined;
    }
    if (st.size > maxBytes) return undefined;
    const text = await this.clientReadFile(p);
    if (text === undefined) {
      this.forget(p);
      return undefined;
    }
    this.store(p, text, st.mtime);
    return text.length <= maxBytes ? text : undefined;
  }

  // --- the walk ---

  /**
   * Lists and reads the files under the roots not walked yet. Resolves when the walk is done or
   * `firstPhaseMs` has passed, whichever is first; what is read after that goes to `grown` in
   * batches (and once more when the walk ends).
   */
  prefetch(roots: readonly string[], grown: (paths: string[]) => void, filter?: WalkFilter): Promise<void> {
    const fresh = roots.map((r) => posix.normalize(r)).filter((r) => !this.walked.has(r));
    if (fresh.length === 0) return Promise.resolve();
    for (const r of fresh) this.walked.add(r);
    let firstPhase = true;
    let late: string[] = [];
    const flush = () => {
      if (late.length === 0) return;
      const batch = late;
      late = [];
      grown(batch);
    };
    const walk = this.walk(fresh, filter ?? this.defaultFilter(), (p) => {
      if (!firstPhase) late.push(p);
      if (late.length >= 200) flush();
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.limits.firstPhaseMs);
    });
    void walk.then(() => {
      if (timer !== undefined) clearTimeout(timer);
      flush();
    });
    return Promise.race([walk, deadline]).then(() => {
      firstPhase = false;
    });
  }

  /** Without the server's filter: the default excluded folder names and the limits' size cap. */
  private defaultFilter(): WalkFilter {
    return {
      isExcluded: (p) => DEFAULT_EXCLUDED_DIRS.includes(posix.basename(p)),
      maxFileBytes: this.limits.maxFileBytes,
    };
  }

  private async walk(roots: string[], filter: WalkFilter, read: (path: string) => void): Promise<void> {
    const t0 = Date.now();
    const queue: { path: string; depth: number }[] = roots.map((path) => ({ path, depth: 0 }));
    let entries = 0;
    let bytes = 0;
    let files = 0;
    const oversized: string[] = [];
    const reads: string[] = [];
    // Folders are listed breadth first, several requests in flight; file reads queue behind them.
    const listOne = async (dir: { path: string; depth: number }) => {
      const listing = await this.clientReadDirectory(dir.path);
      if (!listing) return;
      if (!this.dirs.has(dir.path)) this.dirs.set(dir.path, new Map());
      this.listIn(dir.path, 'dir');
      for (const [name, type] of listing) {
        if (++entries > this.limits.entries) return;
        const full = dir.path === '/' ? `/${name}` : `${dir.path}/${name}`;
        // What the exclude list names is neither listed nor read (nor, for a folder, entered).
        if (filter.isExcluded(full)) continue;
        if (type & DIRECTORY) {
          // Linked folders are not followed (they can loop), as the Node walk does not follow them.
          if (type & SYMBOLIC_LINK || dir.depth >= this.limits.depth) continue;
          this.listIn(full, 'dir');
          if (!this.dirs.has(full)) this.dirs.set(full, new Map());
          queue.push({ path: full, depth: dir.depth + 1 });
        } else if (type & FILE) {
          if (!this.files.has(full)) this.files.set(full, { size: 0, mtimeMs: 0 });
          this.listIn(full, 'file');
          if (isReadByAnalysis(full)) reads.push(full);
        }
      }
    };
    const readOne = async (path: string) => {
      if (bytes >= this.limits.bytes) return;
      const st = await this.clientStat(path);
      if (!st || !(st.type & FILE)) return;
      const entry = { size: st.size, mtimeMs: st.mtime };
      if (st.size > filter.maxFileBytes()) {
        // Listed with its size, so the index counts it as over the cap; never read.
        this.files.set(path, entry);
        oversized.push(path);
        return;
      }
      const text = await this.clientReadFile(path);
      if (text === undefined) return;
      bytes += text.length;
      files++;
      this.store(path, text, st.mtime);
      read(path);
    };
    let active = 0;
    const worker = async () => {
      for (;;) {
        const dir = queue.shift();
        const file = dir ? undefined : reads.shift();
        if (!dir && file === undefined) {
          // Another worker may still be listing a folder that queues more work.
          if (active === 0) return;
          await new Promise<void>((r) => setTimeout(r, 5));
          continue;
        }
        active++;
        try {
          if (dir) await listOne(dir);
          else await readOne(file!);
        } finally {
          active--;
        }
      }
    };
    await Promise.all(Array.from({ length: this.limits.concurrency }, worker));
    this.log(
      `fetched ${files} files (${bytes} characters, ${entries} names listed) from the client in ${Date.now() - t0} ms`,
    );
    if (oversized.length) {
      const cap = sizeText(filter.maxFileBytes());
      const names = oversized.slice(0, 3).join(', ') + (oversized.length > 3 ? ', …' : '');
      this.log(`${oversized.length} files over the size cap of ${cap} (maxFileSizeMB) not read: ${names}`);
    }
  }
}
