/**
 * The package checks for the editor: `TOSCA.meta` and `.mf` documents checked against the package
 * on disk, with the editor's text in place of the file. Hashes are never computed on the request
 * path: a hash not known yet is 'pending', computed in the background (a stream, one file at a
 * time) and kept by path, algorithm, size and modification time; when it is ready, `ready` is
 * called so the documents of that package are checked again.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { checkPackage } from '../features/tosca/package/check.js';
import { packageDocKind } from '../features/tosca/package/editor.js';
import type { Diagnostic } from '../features/types.js';
import { META_PATH, packageLayout, type HashAlgorithm, type PackageFiles } from '../model/tosca/package/files.js';
import { hashFile, folderPackage, listFolder, rootFiles } from './packageFolder.js';
import { hexOf, startHash } from './packageHash.js';

/** Small files are hashed at once when a quick fix needs their hash. */
const SYNC_HASH_BYTES = 8 * 1024 * 1024;
const MAX_KEPT = 4096;
/** Folders above a TOSCA file searched for its package's TOSCA-Metadata. */
const MAX_DEPTH = 3;
/** A TOSCA.meta or manifest larger than this is not read by the workspace pass. */
const MAX_DOC_BYTES = 4 * 1024 * 1024;

export class PackageService {
  private readonly hashes = new Map<string, string>();
  private readonly queue: { file: string; algorithm: HashAlgorithm; key: string; root: string }[] = [];
  private readonly queued = new Set<string>();
  private hashing = false;
  private readonly listeners: ((root: string) => void)[] = [];

  constructor(private readonly ready: (root: string) => void) {}

  /** Also call `fn` with the package root when hashes it waited for are ready (the workspace pass). */
  onReady(fn: (root: string) => void): void {
    this.listeners.push(fn);
  }

  /**
   * The package roots around these files (TOSCA files of the index): the nearest folder, up to
   * MAX_DEPTH above each, holding `TOSCA-Metadata/TOSCA.meta`, or the file's folder when it is a
   * package without TOSCA-Metadata (one root YAML file and a `.mf`). Each folder is asked once.
   */
  rootsAround(files: Iterable<string>): string[] {
    const roots = new Set<string>();
    const asked = new Map<string, boolean>();
    const single = new Map<string, boolean>();
    const isMetaRoot = (dir: string) => {
      let r = asked.get(dir);
      if (r === undefined) asked.set(dir, (r = existsSync(path.posix.join(dir, META_PATH))));
      return r;
    };
    for (const f of files) {
      let dir = path.posix.dirname(f);
      if (!single.has(dir)) single.set(dir, packageLayout(rootFiles(dir))?.kind === 'single');
      if (single.get(dir)) roots.add(dir);
      for (let i = 0; i <= MAX_DEPTH && dir.length > 1; i++) {
        if (isMetaRoot(dir)) {
          roots.add(dir);
          break;
        }
        dir = path.posix.dirname(dir);
      }
    }
    return [...roots].sort();
  }

  /** The package documents of a package root: its TOSCA.meta and the manifests at its root. */
  documentsOf(root: string): string[] {
    const docs = rootFiles(root)
      .filter((f) => /\.mf$/i.test(f))
      .map((f) => path.posix.join(root, f));
    const meta = path.posix.join(root, META_PATH);
    return existsSync(meta) ? [meta, ...docs] : docs;
  }

  /** The findings of a package document on disk; undefined when it cannot be read. */
  diskDiagnostics(file: string): Diagnostic[] | undefined {
    let text: string;
    try {
      if (statSync(file).size > MAX_DOC_BYTES) return undefined;
      text = readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
    return this.diagnostics(file, text);
  }

  /** The package root of a package document, or undefined when it belongs to no package. */
  rootOf(file: string): string | undefined {
    const kind = packageDocKind(file);
    if (kind === 'meta') return path.posix.dirname(path.posix.dirname(file));
    if (kind !== 'manifest') return undefined;
    const dir = path.posix.dirname(file);
    if (existsSync(path.posix.join(dir, META_PATH))) return dir;
    return packageLayout(rootFiles(dir))?.kind === 'single' ? dir : undefined;
  }

  private key(file: string, algorithm: HashAlgorithm): string | undefined {
    try {
      const st = statSync(file);
      return `${file}\0${algorithm}\0${st.size}\0${st.mtimeMs}`;
    } catch {
      return undefined;
    }
  }

  /** The package as the checks read it, `file` holding `text`; hashes from the cache or pending. */
  private packageOf(root: string, file: string, text: string): PackageFiles {
    const disk = folderPackage(root);
    const rel = path.posix.relative(root, file);
    const files = disk.files.includes(rel) ? disk.files : [...disk.files, rel].sort();
    return {
      files,
      readText: (r) => (r === rel ? text : disk.readText(r)),
      hashOf: (r, algorithm) => {
        const abs = path.posix.join(root, r);
        const key = this.key(abs, algorithm);
        if (!key) return undefined;
        const known = this.hashes.get(key);
        if (known) return known;
        this.enqueue({ file: abs, algorithm, key, root });
        return 'pending';
      },
    };
  }

  /** The findings of the package document `file` (its text as the editor holds it). */
  diagnostics(file: string, text: string): Diagnostic[] {
    const root = this.rootOf(file);
    if (!root) return [];
    const rel = path.posix.relative(root, file);
    return checkPackage(this.packageOf(root, file, text))
      .filter((f) => f.file === rel)
      .map((f) => f.diagnostic);
  }

  /** The package's files (for completion). */
  files(root: string): string[] {
    return listFolder(root);
  }

  /** A file's SHA-256 for a quick fix: known, or computed now when small; else undefined. */
  sha256(file: string): string | undefined {
    const key = this.key(file, 'sha256');
    if (!key) return undefined;
    const known = this.hashes.get(key);
    if (known) return known;
    try {
      if (statSync(file).size > SYNC_HASH_BYTES) return undefined;
    } catch {
      return undefined;
    }
    const d = hashFile(file, 'sha256');
    if (d) this.keep(key, d);
    return d;
  }

  private keep(key: string, hash: string): void {
    if (this.hashes.size >= MAX_KEPT) this.hashes.delete(this.hashes.keys().next().value!);
    this.hashes.set(key, hash);
  }

  private enqueue(job: { file: string; algorithm: HashAlgorithm; key: string; root: string }): void {
    if (this.queued.has(job.key)) return;
    this.queued.add(job.key);
    this.queue.push(job);
    if (!this.hashing) void this.drain();
  }

  private async drain(): Promise<void> {
    this.hashing = true;
    const roots = new Set<string>();
    try {
      while (this.queue.length > 0) {
        const job = this.queue.shift()!;
        const d = await hashStream(job.file, job.algorithm);
        this.queued.delete(job.key);
        if (d) this.keep(job.key, d);
        roots.add(job.root);
      }
    } finally {
      this.hashing = false;
    }
    for (const r of roots) {
      this.ready(r);
      for (const fn of this.listeners) fn(r);
    }
  }
}

function hashStream(file: string, algorithm: HashAlgorithm): Promise<string | undefined> {
  return new Promise((resolve) => {
    const h = startHash(algorithm);
    const s = createReadStream(file, { highWaterMark: 1024 * 1024 });
    s.on('data', (chunk) =>
      h.update(typeof chunk === 'string' ? chunk : new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length)),
    );
    s.on('end', () => resolve(hexOf(h)));
    s.on('error', () => resolve(undefined));
  });
}
