/**
 * A headless analysis session: an index over some roots plus the documents an editor (or the CLI)
 * holds. Both the language server and the CLI use it, so they give the same answers.
 */
import { readFileSync } from 'node:fs';
import { analyseDocument, type DocumentModel } from '../model/document.js';
import { LineIndex } from '../syntax/positions.js';
import { WorkspaceIndex, normalise, type IndexOptions } from '../index/workspace.js';
import { nodeFileSystem, type FileSystem } from '../index/fileSystem.js';
import type { FeatureContext } from '../features/types.js';

export class Session {
  readonly index: WorkspaceIndex;
  private readonly open = new Map<string, DocumentModel>();
  /** Line indexes of files read from disk for cross-file ranges; small and short-lived. */
  private readonly diskLines = new Map<string, { lines: LineIndex; mtime: number }>();
  maxFullParseBytes: number | undefined;

  constructor(
    readonly fs: FileSystem = nodeFileSystem,
    options: IndexOptions = {},
  ) {
    this.index = new WorkspaceIndex(fs, options);
  }

  /** Analyses and installs an open document (full parse). */
  openDocument(path: string, text: string, version: number): DocumentModel {
    const p = normalise(path);
    const model = analyseDocument(
      p,
      text,
      version,
      this.maxFullParseBytes !== undefined ? { maxFullParseBytes: this.maxFullParseBytes } : {},
    );
    this.open.set(p, model);
    this.index.setOpen(model);
    return model;
  }

  async closeDocument(path: string): Promise<void> {
    const p = normalise(path);
    this.open.delete(p);
    await this.index.closeOpen(p);
  }

  getOpen(path: string): DocumentModel | undefined {
    return this.open.get(normalise(path));
  }

  openPaths(): string[] {
    return [...this.open.keys()];
  }

  linesOf(path: string): LineIndex | undefined {
    const p = normalise(path);
    const o = this.open.get(p);
    if (o) return o.lines;
    const cached = this.diskLines.get(p);
    const mtime = this.index.get(p)?.stat?.mtimeMs ?? -1;
    if (cached && cached.mtime === mtime) return cached.lines;
    try {
      const lines = new LineIndex(readFileSync(p, 'utf8'));
      if (this.diskLines.size > 256) this.diskLines.clear();
      this.diskLines.set(p, { lines, mtime });
      return lines;
    } catch {
      return undefined;
    }
  }

  /** The feature context for a document model. */
  context(doc: DocumentModel): FeatureContext {
    return {
      doc,
      index: this.index,
      linesOf: (p) => this.linesOf(p),
      fileExists: (p) => this.index.get(p) !== undefined || this.fs.existsSync(p),
    };
  }
}
