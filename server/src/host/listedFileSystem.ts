/**
 * A FileSystem for a run over files that do not change while it lasts (the command-line checker):
 * folder listings are kept, and a path whose folder (or an ancestor folder) was listed without it
 * is answered "not there" without asking the disk. A check of a folder asks for hundreds of files
 * that do not exist (a TOSCA.meta above every TOSCA file, a folder config file in every folder, the
 * scripts operations name, imports tried in several folders), and the index has already listed
 * every folder under its roots.
 *
 * Absence is answered from a listing only when no entry matches the name even ignoring case and
 * Unicode normalisation (a case-insensitive disk opens `tosca.meta` as `TOSCA.META`); an empty
 * listing proves nothing (the inner file system answers an unreadable folder with one), and neither
 * does a path with `.`, `..` or empty segments. Existence (`existsSync`, `exists`) is answered from
 * the listing of the path's own folder when it holds exactly that name as a file or a folder (a
 * symbolic link is asked of the disk: it may lead nowhere): the scripts and artifacts TOSCA103 looks
 * for were about a hundred disk questions per check of xOpera's files. Everything else goes to the
 * inner file system.
 */
import {
  statThenReadSync,
  type DirEntry,
  type FileStat,
  type FileSystem,
  type TextWithStat,
} from '../index/fileSystem.js';

/** A name as a case-insensitive, normalisation-insensitive disk compares it. */
const folded = (name: string): string => name.normalize('NFC').toLowerCase();

export class ListedFileSystem implements FileSystem {
  /** Listings by folder path as asked; their folded names are made on first use. */
  private readonly listings = new Map<string, { entries: DirEntry[]; names?: Set<string>; present?: Set<string> }>();

  constructor(private readonly inner: FileSystem) {}

  /** True when a listing shows that `p` does not exist; false when not known. */
  private absent(p: string): boolean {
    if (!this.listings.size) return false;
    let end = p.length;
    while (end > 0) {
      const cut = p.lastIndexOf('/', end - 1);
      if (cut <= 0) return false;
      const name = p.slice(cut + 1, end);
      if (name === '' || name === '.' || name === '..') return false;
      const listed = this.listings.get(p.slice(0, cut));
      if (listed) {
        listed.names ??= new Set(listed.entries.map((e) => folded(e.name)));
        return !listed.names.has(folded(name));
      }
      end = cut;
    }
    return false;
  }

  /** True when the listing of `p`'s folder holds exactly its name as a file or a folder; false when not known. */
  private present(p: string): boolean {
    const cut = p.lastIndexOf('/');
    if (cut <= 0) return false;
    const listed = this.listings.get(p.slice(0, cut));
    if (!listed) return false;
    listed.present ??= new Set(listed.entries.filter((e) => e.isFile || e.isDirectory).map((e) => e.name));
    const name = p.slice(cut + 1);
    return name !== '.' && name !== '..' && listed.present.has(name);
  }

  readDirSync(p: string): DirEntry[] {
    const known = this.listings.get(p);
    if (known) return known.entries.slice();
    const entries = this.inner.readDirSync(p);
    if (entries.length) this.listings.set(p, { entries: entries.slice() });
    return entries;
  }

  readDir(p: string): Promise<DirEntry[]> {
    return this.inner.readDir(p);
  }

  existsSync(p: string): boolean {
    return this.present(p) || (!this.absent(p) && this.inner.existsSync(p));
  }

  exists(p: string): Promise<boolean> {
    if (this.present(p)) return Promise.resolve(true);
    return this.absent(p) ? Promise.resolve(false) : this.inner.exists(p);
  }

  statSync(p: string): FileStat | undefined {
    return this.absent(p) ? undefined : this.inner.statSync(p);
  }

  stat(p: string): Promise<FileStat | undefined> {
    return this.absent(p) ? Promise.resolve(undefined) : this.inner.stat(p);
  }

  readTextSync(p: string, maxBytes: number): string | undefined {
    return this.absent(p) ? undefined : this.inner.readTextSync(p, maxBytes);
  }

  /** The inner file system's one open per file where it has it (the index's reads): no stat, then a read. */
  readWithStatSync(p: string, maxBytes: number): TextWithStat | undefined {
    if (this.absent(p)) return undefined;
    return this.inner.readWithStatSync
      ? this.inner.readWithStatSync(p, maxBytes)
      : statThenReadSync(this.inner, p, maxBytes);
  }

  readText(p: string, maxBytes: number): Promise<string | undefined> {
    return this.absent(p) ? Promise.resolve(undefined) : this.inner.readText(p, maxBytes);
  }

  readFile(p: string): Promise<string> {
    return this.inner.readFile(p);
  }
}
