/**
 * A FileSystem that remembers what it was asked and what it answered: the inputs from outside the
 * index that diagnostics can depend on (a script's existence, a folder's listing, a config file, an
 * import outside the workspace). The persisted workspace diagnostics (lsp/diagnosticsCache.ts) store
 * these answers with the findings and trust the findings on the next start only when every answer
 * is still the same. Index files themselves are covered by the cache key (their size and mtime), so
 * their answers are left out when the cache is saved.
 *
 * Each probe is kept once (the first answer); a later different answer marks it `changed`, and the
 * findings of such a session are not saved (they may mix both states). Reads are recorded as the
 * file's stat taken before the read, never as its text: a content change shows as a new mtime/size.
 */
import {
  readWithStatSync,
  type DirEntry,
  type FileStat,
  type FileSystem,
  type TextWithStat,
} from '../index/fileSystem.js';
import { hash64 } from '../util/hash.js';

/** What was probed: `s` a stat (reads too), `e` an existence check, `d` a folder listing. */
export type ProbeKind = 's' | 'e' | 'd';

/**
 * A stat as an answer: a file's size and mtime; anything else only as "there, not a file" (a
 * folder's mtime moves whenever an entry in it changes, and the index files it holds are covered
 * by the cache key; a rule asks whether a folder exists, never when it changed).
 */
const statAnswer = (st: FileStat | undefined): string => (st ? (st.isFile ? `f${st.size}:${st.mtimeMs}` : 'o') : '-');

const dirAnswer = (entries: readonly DirEntry[]): string =>
  hash64(
    entries
      .map((e) => `${e.name}/${e.isDirectory ? 'd' : ''}${e.isFile ? 'f' : ''}`)
      .sort()
      .join('\n'),
  );

const NO_DIR = '\u0000';

/**
 * Answers of one kind, by folder then name: a workspace's probes are mostly a handful of names
 * (`Lifecycle`, `resource.yml`, ...) asked in each of thousands of folders, so each folder's path is
 * kept once and the names are shared (interned), not one full path string per probe.
 */
class Answers {
  private readonly byDir = new Map<string, Map<string, string>>();
  private readonly names = new Map<string, string>();

  private split(path: string): [string, string] {
    const cut = path.lastIndexOf('/');
    const name = path.slice(cut + 1);
    let shared = this.names.get(name);
    if (shared === undefined) this.names.set(name, (shared = name));
    // A path without a folder (never an index path, but any string may be asked) keeps its own marker.
    return [cut < 0 ? NO_DIR : path.slice(0, cut), shared];
  }

  get(path: string): string | undefined {
    const [dir, name] = this.split(path);
    return this.byDir.get(dir)?.get(name);
  }

  set(path: string, answer: string): void {
    const [dir, name] = this.split(path);
    let names = this.byDir.get(dir);
    if (!names) this.byDir.set(dir, (names = new Map()));
    names.set(name, answer);
  }

  *entries(): Generator<[string, string]> {
    for (const [dir, names] of this.byDir)
      for (const [name, answer] of names) yield [dir === NO_DIR ? name : `${dir}/${name}`, answer];
  }
}

export class RecordingFileSystem implements FileSystem {
  /** Per kind, path -> the first answer. */
  private readonly answers: Record<ProbeKind, Answers> = { s: new Answers(), e: new Answers(), d: new Answers() };
  /** Probes answered differently later in the session (kind + path). */
  private readonly changed = new Set<string>();

  constructor(private readonly inner: FileSystem) {}

  private record(kind: ProbeKind, path: string, answer: string): void {
    const map = this.answers[kind];
    const before = map.get(path);
    if (before === undefined) map.set(path, answer);
    else if (before !== answer) this.changed.add(kind + path);
  }

  /** A read is recorded as the file's stat before it (once: an earlier stat already fingerprints it). */
  private beforeRead(path: string): void {
    if (this.answers.s.get(path) === undefined) this.record('s', path, statAnswer(this.inner.statSync(path)));
  }

  async readFile(path: string): Promise<string> {
    this.beforeRead(path);
    return this.inner.readFile(path);
  }

  async stat(path: string): Promise<FileStat | undefined> {
    const st = await this.inner.stat(path);
    this.record('s', path, statAnswer(st));
    return st;
  }

  async readDir(path: string): Promise<DirEntry[]> {
    try {
      const entries = await this.inner.readDir(path);
      this.record('d', path, dirAnswer(entries));
      return entries;
    } catch (e) {
      this.record('d', path, '!');
      throw e;
    }
  }

  async exists(path: string): Promise<boolean> {
    const found = await this.inner.exists(path);
    this.record('e', path, found ? '1' : '0');
    return found;
  }

  existsSync(path: string): boolean {
    const found = this.inner.existsSync(path);
    this.record('e', path, found ? '1' : '0');
    return found;
  }

  statSync(path: string): FileStat | undefined {
    const st = this.inner.statSync(path);
    this.record('s', path, statAnswer(st));
    return st;
  }

  readDirSync(path: string): DirEntry[] {
    try {
      const entries = this.inner.readDirSync(path);
      this.record('d', path, dirAnswer(entries));
      return entries;
    } catch (e) {
      this.record('d', path, '!');
      throw e;
    }
  }

  readTextSync(path: string, maxBytes: number): string | undefined {
    this.beforeRead(path);
    return this.inner.readTextSync(path, maxBytes);
  }

  async readText(path: string, maxBytes: number): Promise<string | undefined> {
    this.beforeRead(path);
    return this.inner.readText(path, maxBytes);
  }

  /** Recorded as a read is: the file's stat (here the one taken with the read). */
  readWithStatSync(path: string, maxBytes: number): TextWithStat | undefined {
    const r = readWithStatSync(this.inner, path, maxBytes);
    this.record('s', path, statAnswer(r?.stat));
    return r;
  }

  /**
   * The probes to store with findings, by folder, leaving out paths `covered` answers for (the
   * index's files), produced as they are written (110,000 on the bench: never all at once in
   * memory); undefined when one of the others was answered differently during the session.
   */
  probes(covered: (path: string) => boolean): Iterable<Probe> | undefined {
    for (const key of this.changed) if (!covered(key.slice(1))) return undefined;
    const answers = this.answers;
    return {
      *[Symbol.iterator]() {
        for (const kind of ['s', 'e', 'd'] as const)
          for (const [path, answer] of answers[kind].entries()) if (!covered(path)) yield [path, kind, answer];
      },
    };
  }

  /** The answer to a probe now, asked through this recorder (so it is recorded for this session too). */
  answer(path: string, kind: ProbeKind): string {
    if (kind === 's') return statAnswer(this.statSync(path));
    if (kind === 'e') return this.existsSync(path) ? '1' : '0';
    try {
      return dirAnswer(this.readDirSync(path));
    } catch {
      return '!';
    }
  }
}

/** One recorded probe: the path, what was asked, the answer. */
export type Probe = [path: string, kind: ProbeKind, answer: string];
