/**
 * The analysed form of one file: text, line index, kind, tree, syntax problems and summary.
 *
 * Two entry points: `analyseDocument` (for open files and the CLI, which need syntax errors and
 * exact trees) and `summariseFile` (for indexing files nobody is looking at).
 *
 * Cost control. The full YAML parser (eemeli/yaml) takes about 0.7 s and several hundred MB per
 * MB of text; the outline scanner builds the same tree about eight times faster, but only for the
 * YAML it models (it gives up on anything else). So:
 * - text up to FULL_PARSE_BYTES (1 MB): full parse;
 * - larger text up to the size cap (`maxFullParseBytes`, the lmDescriptors.maxFileSizeMB setting):
 *   the outline scanner, and the full parse only when the scanner gives up (the outline accepts
 *   only YAML it reads exactly as the parser does, so nothing is lost when it succeeds);
 * - text over the cap: not analysed at all (`tooLarge`; the syntax rules report one notice). Even
 *   the outline of a 20 MB file takes seconds and gigabytes of tree; the cap is the user's to raise.
 */
import { classify, type FileKind } from './kinds.js';
import { summarise, type FileSummary } from './summary.js';
import { LineIndex, type Span } from '../syntax/positions.js';
import {
  controlCharacterProblems,
  parseProbed,
  parseYaml,
  type ParsedYaml,
  type Probes,
  type SyntaxProblem,
} from '../syntax/parse.js';
import { hasAnchors, outlineYaml } from '../syntax/outline.js';
import { editedEntry, editWindowOf, reoutline, reoutlineEntry, type EditedEntry } from '../syntax/outlineEdit.js';
import { hasControlCharacters, looksBinary } from '../syntax/limits.js';
import type { YNode, YPair } from '../syntax/tree.js';

/** The default size cap (lmDescriptors.maxFileSizeMB): larger files get the outline analysis only. */
export const DEFAULT_MAX_FULL_PARSE_BYTES = 4 * 1024 * 1024;

/** Texts up to this size always get the full parse; larger ones try the outline scanner first. */
export const FULL_PARSE_BYTES = 1024 * 1024;

export interface DocumentModel {
  /** Key of the file in the index: a file system path, or the URI for non-file documents. */
  path: string;
  text: string;
  version: number;
  kind: FileKind;
  lines: LineIndex;
  root: YNode | null;
  problems: SyntaxProblem[];
  /**
   * Regions a YAML syntax error damaged (see syntax/recover.ts): only the syntax error is reported
   * there, other findings inside them would echo it. Absent when there are none.
   */
  damaged?: readonly Span[];
  summary: FileSummary;
  /** True when the file was too large for a full parse and only the outline was built. */
  tooLarge: boolean;
  /** True when the text is binary, not YAML: it has one problem that says so and no tree. */
  binary: boolean;
  /**
   * False when the outline scanner built the tree of a text the full parser would still read
   * (`outlineFirst` on a text under FULL_PARSE_BYTES): the tree is the parser's, but YAML errors
   * the scanner does not detect may be missing until `verifySyntax` runs.
   */
  syntaxChecked: boolean;
  /** True when the tree is the outline scanner's (it read the whole text): the next version may reuse it. */
  outlined?: boolean;
  /**
   * A broken text read quickly (`AnalyseOptions.verifyLater`): the repaired text (the file's, its damaged regions
   * blanked) whose outline the tree is. The next version reads on from it as from an outlined text (`outlineSource`),
   * and results kept per region compare it (`treeText`).
   */
  readText?: string;
  /** True when the text has no control character (an edit of it then scans only what it inserted). */
  controlFree?: boolean;
  /**
   * Results derived from this exact text (reference scans, resolved items...), computed once and
   * dropped with the model: see `memo`. Owned by the model so no feature keeps module-level caches.
   */
  readonly derived: Map<MemoKey<unknown>, unknown>;
  /**
   * The model this one replaced in the editor (the same file, the text before the edit), for
   * `carried`: results keyed by the source text they were computed from are reused from it. Set by
   * the session for open documents only, one step deep (it never has a `previous` itself).
   */
  previous?: DocumentModel;
  /**
   * The summary's parts by the tree pair they were read from, kept for the next version of an open document
   * (`AnalyseOptions.keepParts`): it takes over those of the pairs its outline kept.
   */
  summaryParts?: ReadonlyMap<YPair, unknown>;
}

/** A typed key for `memo`; create one per derived result, as a module constant. */
export interface MemoKey<T> {
  readonly name: string;
  /** Never set: carries the value type. */
  readonly _type?: T;
}

export function memoKey<T>(name: string): MemoKey<T> {
  return { name };
}

/**
 * The value derived from `doc` under `key` if it was computed already. For per-region loops that ask on every region:
 * `memo` takes a closure, which the caller allocates at every call while the code is not yet optimised.
 */
export function memoized<T>(doc: DocumentModel, key: MemoKey<T>): T | undefined {
  return doc.derived.get(key) as T | undefined;
}

/** The value derived from `doc` under `key`, computed on first use and kept with the model. */
export function memo<T>(doc: DocumentModel, key: MemoKey<T>, compute: () => T): T {
  if (doc.derived.has(key)) return doc.derived.get(key) as T;
  const v = compute();
  doc.derived.set(key, v);
  return v;
}

const ONCE = memoKey<true>('model.once');

/**
 * Marks a model no later version will take anything over from: a file the workspace pass checks once from disk
 * and drops. What `carried` results keep only for a next version (per-region stores of findings and resolved
 * references, scan caches) is then not built; the results are the same (a first version takes nothing over).
 * Kept in `derived`, not as a field: a field set after the model is built would give it another shape.
 */
export function markOnce(doc: DocumentModel): void {
  doc.derived.set(ONCE, true);
}

/** True for a model marked by `markOnce`. */
export function isOnce(doc: DocumentModel): boolean {
  return doc.derived.has(ONCE);
}

/**
 * Like `memo`, for results a new version of an open document can partly take over from the version
 * before it: `compute` gets that version's value under the same key (undefined for a first
 * analysis). What it takes over must be keyed by the source text it depends on, so the result is
 * the one a fresh analysis gives (the fuzzer's equivalence check holds the packs to this).
 */
export function carried<T>(doc: DocumentModel, key: MemoKey<T>, compute: (previous: T | undefined) => T): T {
  if (doc.derived.has(key)) return doc.derived.get(key) as T;
  const v = compute(doc.previous?.derived.get(key) as T | undefined);
  doc.derived.set(key, v);
  return v;
}

/**
 * Like `carried`, for a value that also follows from something besides the text: a TOSCA file's model, which is
 * another when a file it imports changes. The server then checks the open document again with the same text (the
 * same model of it), so a value kept with the document is asked `holds` on every call. A document without one takes
 * the previous version's when that holds; else `make` makes one, given the value it replaces (the document's own,
 * else the previous version's).
 */
export function revalidated<T>(
  doc: DocumentModel,
  key: MemoKey<T>,
  holds: (value: T) => boolean,
  make: (replaced: T | undefined) => T,
): T {
  const own = doc.derived.get(key) as T | undefined;
  if (own !== undefined && holds(own)) return own;
  const before = own ?? (doc.previous?.derived.get(key) as T | undefined);
  const v = own === undefined && before !== undefined && holds(before) ? before : make(before);
  doc.derived.set(key, v);
  return v;
}

export interface AnalyseOptions {
  maxFullParseBytes?: number;
  /**
   * Try the outline scanner first whatever the size (the full parse runs only if it gives up):
   * for files read in bulk (workspace diagnostics, references in other files) and for typing.
   */
  outlineFirst?: boolean;
  /** Overrides classification (e.g. the client knows the language id). */
  kind?: FileKind;
  /**
   * The version this text replaces (an open document being typed in): with `outlineFirst`, when its
   * tree is the outline scanner's, only the entry the edit is in is read again (syntax/outlineEdit.ts).
   */
  previous?: DocumentModel;
  /**
   * An open document (the editor's): keep the summary's parts for its next version (`DocumentModel.summaryParts`).
   * Files read once (the workspace pass, the checker) do not.
   */
  keepParts?: boolean;
  /**
   * The caller completes the syntax check later (`verifySyntax`, an open document once typing pauses): a text the
   * parser finds broken is read once, and the text repaired after its error by the outline scanner when it can, not by
   * the parser again (`ParsedYaml.unverified`; the model is then not `syntaxChecked`).
   */
  verifyLater?: boolean;
}

/**
 * The text `model.root` is the outline scanner's exact reading of, when there is one: the model's own text, or the
 * repaired one of a broken text read quickly (`readText`). An edit of the next version is read from it (`reoutline`).
 */
export function outlineSource(model: DocumentModel): string | undefined {
  return model.outlined ? model.text : model.readText;
}

/** The text `model.root` was read from: the model's own, or the repaired one (`readText`). */
export function treeText(model: DocumentModel): string {
  return model.readText ?? model.text;
}

/** The outline scanner as the quick reader of a repaired text (syntax/recover.ts); anchors are left to the parser. */
function quickOutline(text: string): YNode | null {
  const tree = outlineYaml(text);
  return tree && !hasAnchors(tree) ? tree : null;
}

/**
 * The quick reader of a repaired text that follows `prev` (its outline read from `source`): the edited entry read
 * again and the rest of the tree kept when it can (so the summary's parts and results kept per region follow), else
 * the whole text's outline.
 */
function quickAfter(prev: DocumentModel, source: string): (text: string) => YNode | null {
  const root = prev.root;
  return (text) => {
    if (text === source) return root && !hasAnchors(root) ? root : null;
    return reoutline(source, root, text) ?? quickOutline(text);
  };
}

/** A plain top-level `key:` at the start of a line, and what a prefix of top-level entries must not hold. */
const PLAIN_TOP_KEY = /^[A-Za-z_$][\w.$-]*:(?:[ \t]|\r?\n|$)/;
const NOT_PLAIN_PREFIX = /&|(?:^|\n)(?:%|\.\.\.)|\n---/;

/**
 * Where the top-level entry holding the edit from `prev` to `text` starts (the text `prev`'s outline was read from,
 * `outlineSource`, equals `text` up to `prefix`), when the text before it can be left out of the parser's first read
 * of the broken `text` (syntax/recover.ts `probeSuffix`): it is the text `prev`'s outline was read from, top-level
 * entries of a block mapping the outline scanner read (so they read clean), with no anchor (nothing after could refer
 * into it), directive or document marker (but a leading `---`), and the entry's line is still a plain `key:` at column
 * 0. Else 0 (the whole text is read).
 */
function cleanEntriesBefore(prev: DocumentModel, prefix: number, text: string): number {
  const root = prev.root;
  if (!root || root.kind !== 'map' || root.flow) return 0;
  let from = 0;
  for (const p of root.pairs) {
    if (p.key.span.start > prefix) break;
    from = p.key.span.start;
  }
  if (from <= 0 || text.charCodeAt(from - 1) !== 10) return 0;
  if (!PLAIN_TOP_KEY.test(text.slice(from, from + 200)) || NOT_PLAIN_PREFIX.test(text.slice(0, from))) return 0;
  return from;
}

export function analyseDocument(path: string, text: string, version = 0, opts: AnalyseOptions = {}): DocumentModel {
  // Most files have no control character: one scan of the text says so, and then neither the
  // binary test (for the kind and below) nor the outline path's control-character problems scan it again.
  let control: boolean | undefined;
  const prev = opts.previous;
  const source = prev && outlineSource(prev);
  // The edit from the text the version before's tree was read from: found once, for every reader below.
  const window = source !== undefined ? editWindowOf(source, text) : undefined;
  // An edit of a text without one: only the text it inserted can hold one (a keystroke scans that, not the file).
  if (prev?.controlFree) {
    const w = window && source === prev.text ? window : editWindowOf(prev.text, text);
    control = hasControlCharacters(text.slice(w.prefix, text.length - w.suffix));
  }
  let binaryAnswer: boolean | undefined;
  const binary = () => (binaryAnswer ??= (control ??= hasControlCharacters(text)) && looksBinary(text));
  const kind = opts.kind ?? classify(path, text, binary);
  const lines = new LineIndex(text);
  if (kind === 'other') {
    return {
      path,
      text,
      version,
      kind,
      lines,
      root: null,
      problems: [],
      summary: { kind: 'other' },
      tooLarge: false,
      binary: false,
      syntaxChecked: true,
      derived: new Map(),
    };
  }
  if (binary()) {
    const problem: SyntaxProblem = {
      span: { start: 0, end: 0 },
      message:
        'This file is not YAML text: it holds binary data (control characters). Replace it with the YAML ' +
        'descriptor, or move it out of the descriptor path.',
      yamlCode: 'BINARY',
      severity: 'error',
    };
    return {
      path,
      text,
      version,
      kind,
      lines,
      root: null,
      problems: [problem],
      summary: summarise(kind, null),
      tooLarge: false,
      binary: true,
      syntaxChecked: true,
      derived: new Map(),
    };
  }
  // Known by now: the kind and the binary test above asked.
  const controlFree = control === false ? { controlFree: true } : {};
  const max = opts.maxFullParseBytes ?? DEFAULT_MAX_FULL_PARSE_BYTES;
  if (text.length > max) {
    return {
      path,
      text,
      version,
      kind,
      lines,
      root: null,
      problems: [],
      summary: summarise(kind, null),
      tooLarge: true,
      binary: false,
      syntaxChecked: true,
      derived: new Map(),
    };
  }
  const edited = window && editedEntry(source!, prev!.root, text, window);
  // Where a broken keystroke lies, for the parser's first read (syntax/parse.ts `Probes`); `entry` unless the parser
  // has read the edited entry's lines already.
  const probes = (entry: EditedEntry | undefined): Probes =>
    window === undefined
      ? {}
      : {
          suffixFrom: cleanEntriesBefore(prev!, window.prefix, text),
          ...(entry ? { entry } : {}),
          controlFree: control === false,
        };
  let probed: ParsedYaml | undefined;
  let entryProbed = false;
  let outlined: YNode | null = null;
  if (opts.outlineFirst || text.length > FULL_PARSE_BYTES) {
    const read = edited ? reoutlineEntry(text, edited) : undefined;
    // The scanner gave up on the edited entry's lines (null): a syntax error there, found from those lines alone,
    // spares the scan of the whole text, which would give up there too.
    if (read === null && opts.verifyLater && text.length <= FULL_PARSE_BYTES) {
      entryProbed = true;
      probed = parseProbed(text, quickAfter(prev!, source!), probes(edited));
    }
    outlined = read ?? (probed ? null : outlineYaml(text));
  }
  // Only a tree the outline of an edit made from the version before shares pair objects with it.
  const parts = opts.keepParts
    ? { before: source !== undefined ? prev!.summaryParts : undefined, after: new Map() }
    : undefined;
  if (outlined) {
    return {
      path,
      text,
      version,
      kind,
      lines,
      root: outlined,
      problems: control ? controlCharacterProblems(text) : [],
      summary: summarise(kind, outlined, parts),
      tooLarge: false,
      binary: false,
      // Over FULL_PARSE_BYTES the outline is the final answer (the full parse costs too much).
      syntaxChecked: text.length > FULL_PARSE_BYTES,
      outlined: true,
      derived: new Map(),
      ...(parts ? { summaryParts: parts.after } : {}),
      ...controlFree,
    };
  }
  const parsed =
    probed ??
    (!opts.verifyLater
      ? parseYaml(text)
      : source !== undefined
        ? parseYaml(text, quickAfter(prev!, source), probes(entryProbed ? undefined : edited))
        : parseYaml(text, quickOutline));
  // A tree the quick reader read keeps the summary's parts as an outline does; the parser's shares no pair.
  const quickParts = parsed.readText !== undefined ? parts : undefined;
  return {
    path,
    text,
    version,
    kind,
    lines,
    root: parsed.root,
    problems: parsed.problems,
    ...(parsed.damaged.length ? { damaged: parsed.damaged } : {}),
    summary: summarise(kind, parsed.root, quickParts),
    tooLarge: false,
    binary: false,
    syntaxChecked: !parsed.unverified,
    derived: new Map(),
    ...(parsed.readText !== undefined ? { readText: parsed.readText } : {}),
    ...(quickParts ? { summaryParts: quickParts.after } : {}),
    ...controlFree,
  };
}

/**
 * The full parse of a model whose tree came from the outline scanner (`syntaxChecked` false):
 * undefined when the parser finds nothing the scanner missed (the model is then marked checked),
 * else the full model of the same text and version. A broken text read quickly (`readText`) whose full parse reports
 * the same problems and damaged regions is kept too: its tree is the repaired text's, as the parser's is, and the next
 * keystroke reads on from it instead of parsing the whole text.
 */
export function verifySyntax(model: DocumentModel, opts: AnalyseOptions = {}): DocumentModel | undefined {
  if (model.syntaxChecked) return undefined;
  const full = analyseDocument(model.path, model.text, model.version, {
    ...opts,
    outlineFirst: false,
    verifyLater: false,
  });
  const missed =
    model.readText !== undefined
      ? !sameProblems(full.problems, model.problems) || !sameSpans(full.damaged ?? [], model.damaged ?? [])
      : full.problems.some((p) => p.yamlCode !== 'CONTROL_CHARACTER');
  if (!missed) {
    model.syntaxChecked = true;
    return undefined;
  }
  return full;
}

function sameSpans(a: readonly Span[], b: readonly Span[]): boolean {
  return a.length === b.length && a.every((s, i) => s.start === b[i]!.start && s.end === b[i]!.end);
}

function sameProblems(a: readonly SyntaxProblem[], b: readonly SyntaxProblem[]): boolean {
  return (
    a.length === b.length &&
    a.every((p, i) => {
      const q = b[i]!;
      return (
        p.message === q.message &&
        p.yamlCode === q.yamlCode &&
        p.severity === q.severity &&
        sameSpans([p.span, ...(p.region ? [p.region] : [])], [q.span, ...(q.region ? [q.region] : [])]) &&
        JSON.stringify(p.reindent) === JSON.stringify(q.reindent)
      );
    })
  );
}

/** Summary only, as fast as possible. Never throws. */
export function summariseFile(path: string, text: string): { kind: FileKind; summary: FileSummary } {
  const { kind, root } = summaryTree(path, text);
  return { kind, summary: kind === 'other' ? { kind } : summarise(kind, root) };
}

/**
 * A file's kind and the tree `summariseFile` summarises (null for kind `other`, or when nothing could be
 * parsed), for a caller that reads less than the whole summary of it. Never throws.
 */
export function summaryTree(path: string, text: string): { kind: FileKind; root: YNode | null } {
  const kind = classify(path, text);
  if (kind === 'other') return { kind, root: null };
  let root: YNode | null;
  try {
    root = outlineYaml(text);
    if (root === null && text.trim() !== '') root = text.length > FULL_PARSE_BYTES ? null : parseYaml(text).root;
  } catch {
    root = null;
  }
  return { kind, root };
}
