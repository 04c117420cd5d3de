/**
 * A headless analysis session: an index over some roots plus the documents an editor holds open.
 * Both the language server and the CLI use it, so they give the same answers. Every file is read
 * through the session's FileSystem, which the host gives (no default here: this module runs in the
 * browser host too; `session.ts` is the Node form, reading the disk by default).
 */
import { analyseDocument, verifySyntax, type DocumentModel } from '../model/document.js';
import { cleanParseSteps } from '../syntax/cleanParse.js';
import { builtinFile } from '../model/tosca/sol001/builtin.js';
import { LineIndex } from '../syntax/positions.js';
import { WorkspaceIndex, normalise, type IndexOptions } from '../index/workspace.js';
import type { FileSystem } from '../index/fileSystem.js';
import { checkExistence } from './checkExistence.js';
import { now } from '../util/clock.js';
import { nextTurn } from '../util/turn.js';
import type { FeatureContext, WorkspaceContext } from '../features/types.js';

/**
 * Line indexes (with their texts) of files read from disk for cross-file ranges, kept up to this many
 * characters in all: a type used across a 2,000-file workspace has its references' ranges in every one
 * of those files, and a count cap of a few hundred made each such request read them all again.
 */
const MAX_DISK_LINES_CHARS = 8_000_000;
/** Models of files read from disk for cross-file features (references, rename), kept this many at most. */
const MAX_DISK_MODELS = 64;

/** Texts whose full syntax check came out clean (see `checkedTexts`), kept this many and characters at most. */
const MAX_CHECKED_TEXTS = 8;
const MAX_CHECKED_CHARS = 4_000_000;
/**
 * Main-thread time of one slice of a sliced syntax check (`verifyOpenInSlices`): well under the keystroke goal of
 * 12 ms, so an edit that comes in during the check waits for one slice at most.
 */
const VERIFY_SLICE_MS = 4;

export class AnalysisSession {
  readonly index: WorkspaceIndex;
  private readonly open = new Map<string, DocumentModel>();
  /** Line indexes of files read from disk for cross-file ranges (bounded, keyed by stat). */
  private readonly diskLines = new Map<string, { lines: LineIndex; stat: string }>();
  /** Characters held by `diskLines`. */
  private diskLinesChars = 0;
  /** Line indexes of the built-in type files (a finite set: SOL001 versions and profiles). */
  private readonly builtinLines = new Map<string, LineIndex>();
  /** Models of files read from disk (bounded, keyed by stat). */
  private readonly diskModels = new Map<string, { model: DocumentModel; stat: string }>();
  /**
   * Per path, the last open text whose full syntax check found nothing the outline scanner missed (with the size
   * cap it was checked under): a document closed and opened again with the same text skips that full parse (a
   * 2,000-line file: 40–100 ms of the main thread and as many megabytes of garbage after each open).
   */
  private readonly checkedTexts = new Map<string, { text: string; maxBytes: number }>();
  /** Characters held by `checkedTexts`. */
  private checkedChars = 0;
  /** The sliced syntax check running per path (`verifyOpenInSlices`), with the text and size cap it checks. */
  private readonly checking = new Map<string, { text: string; maxBytes: number; clean: Promise<boolean> }>();

  constructor(
    readonly fs: FileSystem,
    options: IndexOptions = {},
  ) {
    this.index = new WorkspaceIndex(fs, options);
  }

  /** Analyses a text without installing it anywhere: for the CLI and one-off checks. */
  analyse(path: string, text: string, version = 0): DocumentModel {
    return analyseDocument(normalise(path), text, version, { maxFullParseBytes: this.index.maxFileBytes });
  }

  /**
   * Analyses and installs an open document: its text overrides the disk until it is closed. With
   * `fast`, the outline scanner builds the tree when it can (several times faster than the full
   * parse, the same tree) and `verifySyntax` completes the check later, off the typing path.
   */
  openDocument(path: string, text: string, version: number, fast = false): DocumentModel {
    const before = this.open.get(normalise(path));
    const model = fast
      ? analyseDocument(normalise(path), text, version, {
          maxFullParseBytes: this.index.maxFileBytes,
          outlineFirst: true,
          keepParts: true,
          verifyLater: true,
          ...(before ? { previous: before } : {}),
        })
      : this.analyse(path, text, version);
    return this.install(model);
  }

  private install(model: DocumentModel): DocumentModel {
    // The version it replaces stays reachable for one step, so results keyed by unchanged source
    // text carry over (model/document.ts `carried`); never a chain of versions. While typing, the
    // server checks once per burst of edits (the debounce): a version nobody asked anything of has
    // no results to take over, so the new one takes the version before it instead, the last one
    // that has (what is taken over follows from the text, however many edits lie between).
    const before = this.open.get(model.path);
    if (before && before !== model && before.kind === model.kind) {
      const base = before.derived.size === 0 && before.previous ? before.previous : before;
      before.previous = undefined;
      base.previous = undefined;
      model.previous = base;
    }
    this.open.set(model.path, model);
    this.index.setOpen(model);
    return model;
  }

  /**
   * Completes the syntax check of an open document read by the outline scanner: the full model when the parser found
   * what the scanner missed (installed in its place), else undefined. In slices of about VERIFY_SLICE_MS of the main
   * thread, awaiting `giveWay` between them (syntax/cleanParse.ts): an open or a keystroke that comes in meanwhile is
   * handled then, not after the whole parse. Only a text the steps do not answer clean is parsed in full, at the end
   * and in one piece (it has a problem to report, or an alias to measure). One check per path and text runs at a time:
   * a document closed and opened again during its check waits for the same one, whose clean verdict is remembered
   * even after a close.
   */
  async verifyOpenInSlices(
    model: DocumentModel,
    giveWay = nextTurn,
    sliceMs = VERIFY_SLICE_MS,
  ): Promise<DocumentModel | undefined> {
    if (!this.toVerify(model)) return undefined;
    const maxBytes = this.index.maxFileBytes;
    let job = this.checking.get(model.path);
    if (!job || job.text !== model.text || job.maxBytes !== maxBytes) {
      job = {
        text: model.text,
        maxBytes,
        clean: this.cleanInSlices(model.path, model.text, maxBytes, giveWay, sliceMs),
      };
      this.checking.set(model.path, job);
    }
    const clean = await job.clean;
    if (this.checking.get(model.path) === job) this.checking.delete(model.path);
    if (this.open.get(model.path) !== model || model.syntaxChecked) return undefined;
    if (clean) {
      model.syntaxChecked = true;
      return undefined;
    }
    return this.verified(model, verifySyntax(model, { maxFullParseBytes: maxBytes }), maxBytes);
  }

  /**
   * Whether the full parse of `text` finds nothing the outline scanner missed, answered in slices; false when it may
   * (the caller then parses in full) or when an edit of the document made the answer moot (the edited text is
   * checked once typing pauses).
   */
  private async cleanInSlices(
    path: string,
    text: string,
    maxBytes: number,
    giveWay: () => Promise<void>,
    sliceMs: number,
  ): Promise<boolean> {
    if (text.length > maxBytes) return false;
    const steps = cleanParseSteps(text);
    let until = now() + sliceMs;
    for (;;) {
      const step = steps.next();
      if (step.done) {
        if (step.value) this.rememberClean(path, text, maxBytes);
        return step.value;
      }
      if (now() < until) continue;
      await giveWay();
      const open = this.open.get(path);
      if (open && open.text !== text) {
        steps.return(false);
        return false;
      }
      until = now() + sliceMs;
    }
  }

  /** True when `model` is the open one and its check is still to do (a text checked clean before is marked so). */
  private toVerify(model: DocumentModel): boolean {
    if (this.open.get(model.path) !== model || model.syntaxChecked) return false;
    const known = this.checkedTexts.get(model.path);
    if (known && known.text === model.text && known.maxBytes === this.index.maxFileBytes) {
      model.syntaxChecked = true;
      return false;
    }
    return true;
  }

  /**
   * Installs the full model when the check found more, else remembers the text as checked clean (a broken text whose
   * quick model the check confirmed is not clean: it is kept, not remembered).
   */
  private verified(model: DocumentModel, full: DocumentModel | undefined, maxBytes: number): DocumentModel | undefined {
    if (full) return this.install(full);
    if (model.readText === undefined) this.rememberClean(model.path, model.text, maxBytes);
    return undefined;
  }

  private rememberClean(path: string, text: string, maxBytes: number): void {
    this.forgetChecked(path);
    if (text.length > MAX_CHECKED_CHARS) return;
    this.checkedTexts.set(path, { text, maxBytes });
    this.checkedChars += text.length;
    for (const p of this.checkedTexts.keys()) {
      if (this.checkedTexts.size <= MAX_CHECKED_TEXTS && this.checkedChars <= MAX_CHECKED_CHARS) break;
      this.forgetChecked(p);
    }
  }

  private forgetChecked(path: string): void {
    const known = this.checkedTexts.get(path);
    if (!known) return;
    this.checkedTexts.delete(path);
    this.checkedChars -= known.text.length;
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

  /** The line index of a file: the open document's, else the file on disk (regular files under the size cap). */
  linesOf(path: string): LineIndex | undefined {
    const builtin = builtinFile(path);
    if (builtin) {
      let lines = this.builtinLines.get(path);
      if (!lines) this.builtinLines.set(path, (lines = new LineIndex(builtin.text)));
      return lines;
    }
    const p = normalise(path);
    const o = this.open.get(p);
    if (o) return o.lines;
    const st = this.fs.statSync(p);
    if (!st) return undefined;
    const stat = `${st.mtimeMs}:${st.size}`;
    const cached = this.diskLines.get(p);
    if (cached && cached.stat === stat) return cached.lines;
    const text = this.fs.readTextSync(p, this.index.maxFileBytes);
    if (text === undefined) return undefined;
    const lines = new LineIndex(text);
    if (cached) {
      this.diskLines.delete(p);
      this.diskLinesChars -= cached.lines.text.length;
    }
    this.diskLines.set(p, { lines, stat });
    this.diskLinesChars += text.length;
    // The oldest go first (a Map iterates in insertion order).
    for (const [k, v] of this.diskLines) {
      if (this.diskLinesChars <= MAX_DISK_LINES_CHARS || k === p) break;
      this.diskLines.delete(k);
      this.diskLinesChars -= v.lines.text.length;
    }
    return lines;
  }

  /**
   * The model of any file: the open document's, else the file on disk (regular files within the
   * size cap, outline scanner first), cached while its stat is unchanged.
   */
  modelOf(path: string): DocumentModel | undefined {
    const p = normalise(path);
    const o = this.open.get(p);
    if (o) return o;
    const st = this.fs.statSync(p);
    if (!st || !st.isFile || st.size > this.index.maxFileBytes) return undefined;
    const stat = `${st.mtimeMs}:${st.size}`;
    const cached = this.diskModels.get(p);
    if (cached && cached.stat === stat) return cached.model;
    const text = this.fs.readTextSync(p, this.index.maxFileBytes);
    if (text === undefined) return undefined;
    const model = analyseDocument(p, text, 0, { maxFullParseBytes: this.index.maxFileBytes, outlineFirst: true });
    this.diskModels.delete(p);
    this.diskModels.set(p, { model, stat });
    if (this.diskModels.size > MAX_DISK_MODELS) this.diskModels.delete(this.diskModels.keys().next().value!);
    return model;
  }

  /** The context for workspace-wide features. */
  workspace(): WorkspaceContext {
    return {
      index: this.index,
      linesOf: (p) => this.linesOf(p),
      modelOf: (p) => this.modelOf(p),
      fileExists: (p) => this.index.get(p) !== undefined || this.fs.existsSync(p),
    };
  }

  /**
   * The feature context for a document model (its existence answers kept for the check: host/checkExistence.ts;
   * `known`: answers shared with other checks, as the workspace pass does; `holdsFiles`: folders known to be there).
   */
  context(doc: DocumentModel, known?: Map<string, boolean>, holdsFiles?: (folder: string) => boolean): FeatureContext {
    // Written out, not spread from `workspace()`: one per checked file, and the spread showed in the pass's profile.
    return {
      index: this.index,
      linesOf: (p) => this.linesOf(p),
      modelOf: (p) => this.modelOf(p),
      fileExists: checkExistence(doc.path, this.index, (p) => this.fs.existsSync(p), known, holdsFiles),
      doc,
    };
  }
}
