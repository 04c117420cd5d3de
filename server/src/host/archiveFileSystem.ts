/**
 * Archives seen as folders: `/abs/pkg.csar!` is the root of the archive `/abs/pkg.csar` and
 * `/abs/pkg.csar!/Definitions/vnfd.yaml` one of its entries, read in place (ZipArchive). Every
 * other path goes to the file system underneath, so imports that leave the archive still resolve.
 * The index, the rules and the checker read an archive exactly as they read a folder.
 */
import {
  statThenReadSync,
  type DirEntry,
  type FileStat,
  type FileSystem,
  type TextWithStat,
} from '../index/fileSystem.js';
import type { ZipArchive } from './zipArchive.js';
import type { PackageFiles } from '../model/tosca/package/files.js';

const UTF8 = new TextDecoder();

export class ArchiveFileSystem implements FileSystem {
  private readonly mounts = new Map<string, { zip: ZipArchive; dirs: Set<string> }>();

  constructor(private readonly base: FileSystem) {}

  /** Mounts `zip` at `root` (`<archive path>!`). */
  mount(root: string, zip: ZipArchive): void {
    const dirs = new Set<string>(['']);
    for (const name of zip.entries.keys()) {
      const parts = name.split('/');
      for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
    }
    this.mounts.set(root, { zip, dirs });
  }

  /** The mount and the entry name of a path inside a mounted archive. */
  private find(p: string): { zip: ZipArchive; dirs: Set<string>; rel: string } | undefined {
    // By prefix: a `!` may also be part of a folder's or an entry's name.
    for (const [root, m] of this.mounts) {
      if (p !== root && !p.startsWith(root + '/')) continue;
      return { ...m, rel: p.slice(root.length).replace(/^\/+/, '').replace(/\/+$/, '') };
    }
    return undefined;
  }

  async readFile(p: string): Promise<string> {
    const t = this.readTextSync(p, Number.MAX_SAFE_INTEGER);
    if (t === undefined) {
      if (this.find(p)) throw new Error(`ENOENT: ${p}`);
      return this.base.readFile(p);
    }
    return t;
  }

  async stat(p: string): Promise<FileStat | undefined> {
    return this.statSync(p);
  }

  statSync(p: string): FileStat | undefined {
    const m = this.find(p);
    if (!m) return this.base.statSync(p);
    const e = m.zip.entries.get(m.rel);
    if (e) return { mtimeMs: 0, size: e.size, isFile: true };
    return m.dirs.has(m.rel) ? { mtimeMs: 0, size: 0, isFile: false } : undefined;
  }

  async readDir(p: string): Promise<DirEntry[]> {
    return this.readDirSync(p);
  }

  readDirSync(p: string): DirEntry[] {
    const m = this.find(p);
    if (!m) return this.base.readDirSync(p);
    if (!m.dirs.has(m.rel)) return [];
    const prefix = m.rel ? m.rel + '/' : '';
    const out = new Map<string, DirEntry>();
    for (const name of m.zip.entries.keys()) {
      if (!name.startsWith(prefix)) continue;
      const rest = name.slice(prefix.length);
      const slash = rest.indexOf('/');
      const n = slash < 0 ? rest : rest.slice(0, slash);
      if (!out.has(n)) out.set(n, { name: n, isDirectory: slash >= 0, isFile: slash < 0 });
    }
    return [...out.values()];
  }

  async exists(p: string): Promise<boolean> {
    return this.existsSync(p);
  }

  existsSync(p: string): boolean {
    const m = this.find(p);
    if (!m) return this.base.existsSync(p);
    return m.zip.entries.has(m.rel) || m.dirs.has(m.rel);
  }

  readTextSync(p: string, maxBytes: number): string | undefined {
    const m = this.find(p);
    if (!m) return this.base.readTextSync(p, maxBytes);
    const bytes = m.zip.readBytes(m.rel, maxBytes);
    return bytes && UTF8.decode(bytes);
  }

  /** An entry: its stat, then its bytes; elsewhere the file system underneath's one open per file, where it has it. */
  readWithStatSync(p: string, maxBytes: number): TextWithStat | undefined {
    if (this.find(p) || !this.base.readWithStatSync) return statThenReadSync(this, p, maxBytes);
    return this.base.readWithStatSync(p, maxBytes);
  }

  async readText(p: string, maxBytes: number): Promise<string | undefined> {
    return this.find(p) ? this.readTextSync(p, maxBytes) : this.base.readText(p, maxBytes);
  }

  /** An entry's bytes (the checker reads the files it checks as bytes). */
  readBytes(p: string, maxBytes: number): Uint8Array | undefined {
    const m = this.find(p);
    return m ? m.zip.readBytes(m.rel, maxBytes) : undefined;
  }

  isArchivePath(p: string): boolean {
    return this.find(p) !== undefined;
  }
}

/**
 * A package in an archive. Hashes come from `hashes` (file\0algorithm -> hex), which the caller
 * fills beforehand with ZipArchive.hash (streamed, asynchronous).
 */
export function archivePackage(
  zip: ZipArchive,
  hashes: Map<string, string>,
  maxTextBytes = 8 * 1024 * 1024,
): PackageFiles {
  return {
    files: [...zip.entries.keys()].sort(),
    readText(rel) {
      const b = zip.readBytes(rel, maxTextBytes);
      return b && UTF8.decode(b);
    },
    hashOf(rel, algorithm) {
      return hashes.get(`${rel}\0${algorithm}`);
    },
  };
}
