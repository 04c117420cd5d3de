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

/** A folder with more probes than this keeps them in a map (the workspace root: one stat per project). */
const PACKED_MAX = 16;

/**
 * Every answer, by folder then kind and name. A workspace's probes are mostly a handful of names
 * (`Lifecycle`, `resource.yml`, ...) asked in each of tens of thousands of folders (110,000 probes in
 * 54,000 folders on the bench), and they are kept for the whole session: one string per folder,
 * `<kind><name length>:<name><answer length>:<answer>` per probe, costs a third of a map per folder
 * (a `Map` and its table are about 200 bytes even for one entry). A folder with many probes gets a map.
 */
class Answers {
  private readonly byDir = new Map<string, string | Map<string, string>>();

  private static split(path: string): [string, string] {
    const cut = path.lastIndexOf('/');
    // A path without a folder (never an index path, but any string may be asked) keeps its own marker.
    return cut < 0 ? [NO_DIR, path] : [path.slice(0, cut), path.slice(cut + 1)];
  }

  get(kind: ProbeKind, path: string): string | undefined {
    const [dir, name] = Answers.split(path);
    const held = this.byDir.get(dir);
    if (held === undefined) return undefined;
    return typeof held === 'string' ? find(held, kind, name) : held.get(kind + name);
  }

  /** The answer held for the probe; when there is none, `answer` is kept as its first and undefined returned. */
  first(kind: ProbeKind, path: string, answer: string): string | undefined {
    const [dir, name] = Answers.split(path);
    const held = this.byDir.get(dir);
    if (held !== undefined && typeof held !== 'string') {
      const before = held.get(kind + name);
      if (before === undefined) held.set(kind + name, answer);
      return before;
    }
    const entry = `${kind}${name.length}:${name}${answer.length}:${answer}`;
    if (held === undefined) {
      this.byDir.set(dir, entry);
      return undefined;
    }
    const before = findOrCount(held, kind, name);
    if (typeof before === 'string') return before;
    if (before < PACKED_MAX) {
      this.byDir.set(dir, held + entry);
      return undefined;
    }
    const map = new Map<string, string>();
    for (const [k, n, a] of unpack(held)) map.set(k + n, a);
    map.set(kind + name, answer);
    this.byDir.set(dir, map);
    return undefined;
  }

  /** The probes of one kind, folder by folder. */
  *entries(kind: ProbeKind): Generator<[string, string]> {
    const pathOf = (dir: string, name: string) => (dir === NO_DIR ? name : `${dir}/${name}`);
    for (const [dir, held] of this.byDir) {
      if (typeof held === 'string') {
        for (const [k, name, answer] of unpack(held)) if (k === kind) yield [pathOf(dir, name), answer];
      } else {
        for (const [key, answer] of held) if (key[0] === kind) yield [pathOf(dir, key.slice(1)), answer];
      }
    }
  }
}

/** The decimal length written at `at` in a folder's string, up to the colon at `colon`. */
function lengthAt(held: string, at: number, colon: number): number {
  let n = 0;
  for (let i = at; i < colon; i++) n = n * 10 + held.charCodeAt(i) - 48;
  return n;
}

/** The probes of a folder's string (see `Answers`). */
function* unpack(held: string): Generator<[ProbeKind, string, string]> {
  for (let i = 0; i < held.length;) {
    const colon = held.indexOf(':', i + 1);
    const nameEnd = colon + 1 + lengthAt(held, i + 1, colon);
    const colon2 = held.indexOf(':', nameEnd);
    const end = colon2 + 1 + lengthAt(held, nameEnd, colon2);
    yield [held[i] as ProbeKind, held.slice(colon + 1, nameEnd), held.slice(colon2 + 1, end)];
    i = end;
  }
}

/** The answer of a folder's string to `kind` and `name`, without taking the entries apart (it runs per probe). */
function find(held: string, kind: ProbeKind, name: string): string | undefined {
  const found = findOrCount(held, kind, name);
  return typeof found === 'string' ? found : undefined;
}

/**
 * The answer of a folder's string to `kind` and `name`, or, when it holds none, how many probes it holds: a new
 * probe needs both, and one scan gives them (the pass after a restart adds a probe per question it asks).
 */
function findOrCount(held: string, kind: ProbeKind, name: string): string | number {
  let n = 0;
  for (let i = 0; i < held.length; n++) {
    const colon = held.indexOf(':', i + 1);
    const nameLength = lengthAt(held, i + 1, colon);
    const nameEnd = colon + 1 + nameLength;
    const colon2 = held.indexOf(':', nameEnd);
    const end = colon2 + 1 + lengthAt(held, nameEnd, colon2);
    if (held[i] === kind && nameLength === name.length && held.startsWith(name, colon + 1))
      return held.slice(colon2 + 1, end);
    i = end;
  }
  return n;
}

export class RecordingFileSystem implements FileSystem {
  /** Kind and path -> the first answer. */
  private readonly answers = new Answers();
  /** Probes answered differently later in the session (kind + path). */
  private readonly changed = new Set<string>();

  constructor(private readonly inner: FileSystem) {
    const read = inner.readFileWithStatSync?.bind(inner);
    this.readFileWithStatSync =
      read &&
      ((path, maxBytes) => {
        const r = read(path, maxBytes);
        this.record('s', path, statAnswer(r?.stat));
        return r;
      });
  }

  private record(kind: ProbeKind, path: string, answer: string): void {
    const before = this.answers.first(kind, path, answer);
    if (before !== undefined && before !== answer) this.changed.add(kind + path);
  }

  /** A read is recorded as the file's stat before it (once: an earlier stat already fingerprints it). */
  private beforeRead(path: string): void {
    if (this.answers.get('s', path) === undefined) this.record('s', path, statAnswer(this.inner.statSync(path)));
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

  /** Recorded as a read is: the file's stat (the one taken with the read). Only where the inner file system has it. */
  readonly readFileWithStatSync: ((path: string, maxBytes: number) => TextWithStat | undefined) | undefined;

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
          for (const [path, answer] of answers.entries(kind)) if (!covered(path)) yield [path, kind, answer];
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
