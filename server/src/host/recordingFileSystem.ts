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
import type { DirEntry, FileStat, FileSystem } from '../index/fileSystem.js';
import { hash64 } from '../util/hash.js';

/** What was probed: `s` a stat (reads too), `e` an existence check, `d` a folder listing. */
export type ProbeKind = 's' | 'e' | 'd';

const statAnswer = (st: FileStat | undefined): string =>
  st ? `${st.isFile ? 'f' : 'o'}${st.size}:${st.mtimeMs}` : '-';

const dirAnswer = (entries: readonly DirEntry[]): string =>
  hash64(
    entries
      .map((e) => `${e.name}/${e.isDirectory ? 'd' : ''}${e.isFile ? 'f' : ''}`)
      .sort()
      .join('\n'),
  );

export class RecordingFileSystem implements FileSystem {
  /** kind + path -> the first answer. */
  private readonly answers = new Map<string, string>();
  /** Probes answered differently later in the session. */
  private readonly changed = new Set<string>();

  constructor(private readonly inner: FileSystem) {}

  private record(kind: ProbeKind, path: string, answer: string): void {
    const key = kind + path;
    const before = this.answers.get(key);
    if (before === undefined) this.answers.set(key, answer);
    else if (before !== answer) this.changed.add(key);
  }

  /** A read is recorded as the file's stat before it (once: an earlier stat already fingerprints it). */
  private beforeRead(path: string): void {
    if (!this.answers.has('s' + path)) this.record('s', path, statAnswer(this.inner.statSync(path)));
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

  /**
   * The probes to store with findings, leaving out paths `covered` answers for (the index's files);
   * undefined when one of the others was answered differently during the session.
   */
  probes(covered: (path: string) => boolean): [string, string][] | undefined {
    const out: [string, string][] = [];
    for (const [key, answer] of this.answers) {
      if (covered(key.slice(1))) continue;
      if (this.changed.has(key)) return undefined;
      out.push([key, answer]);
    }
    return out;
  }

  /** True when every stored probe gets the same answer now (asked through this recorder, so recorded again). */
  same(probes: readonly (readonly [string, string])[]): boolean {
    for (const [key, answer] of probes) {
      const kind = key[0] as ProbeKind;
      const path = key.slice(1);
      let now: string;
      if (kind === 's') now = statAnswer(this.statSync(path));
      else if (kind === 'e') now = this.existsSync(path) ? '1' : '0';
      else if (kind === 'd') {
        try {
          now = dirAnswer(this.readDirSync(path));
        } catch {
          now = '!';
        }
      } else return false;
      if (now !== answer) return false;
    }
    return true;
  }
}
