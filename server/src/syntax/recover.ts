/**
 * Reading YAML so that one syntax error costs one diagnostic, at the damaged node, and nothing
 * else. eemeli/yaml keeps going after an error, but what it builds after an unclosed bracket or a
 * mis-indented line is usually wrong (keys "at the root", mappings swallowed into strings), and
 * every rule then reports nonsense far from the cause. So, when the first read has errors:
 *
 * 1. Constructs PyYAML accepts and YAML 1.2 forbids (lenient.ts) are re-read with their
 *    continuation lines indented, as PyYAML reads them, and reported as one warning each.
 * 2. A remaining structural error is reported once, at its cause, and the damaged lines (the
 *    cause's line and the lines nested under it) are blanked, keeping the key when only its value
 *    is damaged; the text is read again. Repeated while it helps, a few times at most.
 *
 * Blanking keeps the text's length, re-indenting does not: `toOriginal` maps offsets of the text
 * that was read back to the file's own text, so every span stays a span of the file.
 */
import type { Document } from 'yaml';
import { explainIndentation } from './indentation.js';
import { lenientContinuations, lenientIndent, lenientScan, type LenientConstruct } from './lenient.js';
import { excessiveNesting } from './limits.js';
import { deeperFrom } from './outlineEdit.js';
import type { Span } from './positions.js';
import type { SyntaxProblem } from './parse.js';
import type { YNode } from './tree.js';
import { yamlLibrary } from './yamlLibrary.js';

/**
 * A quicker reader of a repaired text (the outline scanner): the tree it reads exactly as the parser does, or null
 * when it does not model the text. The parser then reads the text as usual.
 */
export type QuickReader = (text: string) => YNode | null;

/** The lines of the innermost entry holding an open document's edit (syntax/outlineEdit.ts `editedEntry`). */
export interface EntryLines {
  from: number;
  to: number;
  column: number;
}

export interface Recovered {
  doc: Document.Parsed;
  /** The text the parser read (re-indented and blanked copy of the file, or the file itself). */
  text: string;
  toOriginal(offset: number): number;
  /** Problems in the file's own offsets: the errors and warnings to report. */
  problems: SyntaxProblem[];
  /** Damaged regions left out of the tree, in the file's own offsets. */
  damaged: Span[];
  /**
   * The tree of the repaired text as the `QuickReader` read it, when it did: the parser did not read that text again
   * (`doc` is the reading before the last repair), so errors the reader does not detect there are not in `problems`
   * until a full read (the caller's later check).
   */
  tree?: YNode;
}

/** eemeli/yaml errors after which the tree is misread; the others leave it sound. */
const STRUCTURAL = new Set([
  'BAD_INDENT',
  'MISSING_CHAR',
  'MULTILINE_IMPLICIT_KEY',
  'BLOCK_AS_IMPLICIT_KEY',
  'UNEXPECTED_TOKEN',
  'TAB_AS_INDENT',
  'BAD_SCALAR_START',
  'BLOCK_IN_FLOW',
]);

/** At most this many damaged regions are blanked; files past it keep the parser's own reading. */
const MAX_REPAIRS = 8;

/** Texts over this size get one repair at most (each one re-reads the whole text). */
const LARGE_TEXT = 256 * 1024;

/** The parser's options for every read (syntax/cleanParse.ts reads with them too). */
export const READ_OPTIONS = { uniqueKeys: false, keepSourceTokens: false, prettyErrors: false, strict: false } as const;

function read(text: string): Document.Parsed {
  return yamlLibrary().parseDocument(text, READ_OPTIONS);
}

function structural(doc: Document.Parsed): number {
  return doc.errors.filter((e) => STRUCTURAL.has(e.code)).length;
}

/**
 * Reads `original`, repairing what a syntax error damaged (see the header). With `quick`, a repaired text the quick
 * reader reads is not read again by the parser (`Recovered.tree`): for an open document, whose full check follows
 * once typing pauses, a keystroke in a broken 2,000-line file then costs one parse instead of two or more.
 */
export function readRecovering(original: string, quick?: QuickReader, suffixFrom = 0): Recovered {
  if (quick && suffixFrom > 0) {
    const probed = probeSuffix(original, suffixFrom, quick);
    if (probed) return probed;
  }
  const doc = read(original);
  const identity = (o: number) => o;
  const plain = (): Recovered => ({
    doc,
    text: original,
    toOriginal: identity,
    damaged: [],
    ...reported(doc, original, identity),
  });
  if (!structural(doc)) return plain();
  try {
    return recover(original, doc, quick);
  } catch {
    // Recovery is an improvement, never a condition: the parser's own reading stays available.
    return plain();
  }
}

/** Thrown by the reader of a probe (`probeSuffix`): the probe needs the parser's reading of a whole text. */
const PROBE_MISS = new Error('the probe needs a full read');

/**
 * The recovery of `original` from the parser's reading of its text from `from` on, when the caller knows that the text
 * before `from` is complete top-level entries of a block mapping that read clean, and that a top-level `key:` line
 * starts at `from` (an open document's edit, after the entries before it: model/document.ts). The parser then reads
 * from `from` on as it reads that part of the whole text: each top-level key at column 0 starts afresh, in the root
 * mapping. Only a recovery the quick reader completes is taken (it reads the whole repaired text); any step that would
 * have the parser read a whole text again gives up, and the caller reads the whole text as usual.
 */
function probeSuffix(original: string, from: number, quick: QuickReader): Recovered | undefined {
  const part = read(original.slice(from));
  if (!structural(part)) return undefined;
  // The offsets of the whole text.
  for (const e of [...part.errors, ...part.warnings]) e.pos = [e.pos[0] + from, e.pos[1] + from];
  return recoverProbe(original, part, quick);
}

/**
 * The recovery of `original` from the parser's reading of one entry's lines [from, to) alone, when the caller knows
 * that the text around them reads as it did in the version before (its outline tree holds them as one entry at
 * `column`: syntax/outlineEdit.ts `editedEntry`), and `quick` reads a repaired text as that tree with the entry read
 * again. Inside lines no shallower than the entry's, the parser reads as it does in the whole text: a line there ends
 * or continues a node of the entry, never one around it. So the errors the parser finds there are the whole text's,
 * with three exceptions, all handled here:
 * - the entry's first line no longer a `key:` (its colon deleted): read alone, it starts the document, and the lines
 *   under it continue its scalar; not probed;
 * - a line left of the entry's column closes mappings around the entry: not probed;
 * - the entry's last line may run on into the next line (`endpoint_no` typed above `endpoint: x` is one multi-line
 *   key to the parser): the next line is read too when it is a sibling at the entry's column (an unclosed bracket is
 *   reported where it starts), and a first error caused there, or a construct left open at the end (a bracket, a
 *   quote: errors where the read stops), is not probed.
 * A probe gives up as `probeSuffix` does, and the caller goes on with the suffix or the whole text.
 */
export function probeEntry(original: string, entry: EntryLines, quick: QuickReader): Recovered | undefined {
  const { from, to, column } = entry;
  // The entry's first line must still be a plain `key:`: read alone, a line that is no key any more starts the
  // document with a scalar the lines under it continue, where the whole text has a key without its colon.
  if (!PLAIN_KEY_LINE.test(original.slice(from + column, from + column + 200))) return undefined;
  if (!deeperFrom(original, from, to, column)) return undefined;
  let end = to;
  if (to < original.length) {
    const next = lineAt(original, to);
    if (next.indent === column && !empty(original, next)) end = Math.min(original.length, next.end + 1);
  }
  const probe = original.slice(from, end);
  // The guard the whole text gets before the parser reads it (parseYaml runs that one only when no probe read it).
  if (excessiveNesting(probe)) return undefined;
  let part: Document.Parsed;
  try {
    part = read(probe);
  } catch {
    return undefined;
  }
  const first = part.errors.find((e) => STRUCTURAL.has(e.code));
  if (!first) return undefined;
  // Errors where the read stops: something the entry left open reads on past it in the whole text. A flow collection
  // left open at the entry's end, with no sibling line read after it, is that too, wherever it is reported: the
  // parser reports it at the last `}` or `]` of the probe, where the whole text reports it at the next line's first
  // token (found by the fuzzer: the flow map's own problem was lost).
  if (part.errors.some((e) => e.pos[1] >= end - from)) return undefined;
  const scan = lenientScan(probe);
  if (end === to && to < original.length && scan.flowOpen) return undefined;
  // A construct PyYAML reads leniently around an error is re-indented and read again: the whole text's business.
  const lenient = scan.constructs;
  if (part.errors.some((e) => STRUCTURAL.has(e.code) && lenient.some((c) => e.pos[0] >= c.open && e.pos[0] <= c.end)))
    return undefined;
  for (const e of [...part.errors, ...part.warnings]) e.pos = [e.pos[0] + from, e.pos[1] + from];
  // The first error's cause must be the entry's (an unclosed bracket is reported where the next line starts).
  const span = { start: first.pos[0], end: Math.max(first.pos[0], first.pos[1]) };
  const cause = causeOf(original, { span, message: firstLine(first.message), yamlCode: first.code, severity: 'error' });
  if (cause.span.start >= to) return undefined;
  return recoverProbe(original, part, quick, false);
}

/** A plain key and its colon at the start of a line's content (`probeEntry`). */
const PLAIN_KEY_LINE = /^[^\s#'"[\]{},&*!|>%@`-][^\n:]*:(?:[ \t]|\r?\n|$)/;

/**
 * `recover` from a probe's first read: only when the quick reader completes it, never with the parser again. Without
 * `lenient`, the caller has found no construct PyYAML reads leniently around the errors.
 */
function recoverProbe(
  original: string,
  part: Document.Parsed,
  quick: QuickReader,
  lenient = true,
): Recovered | undefined {
  try {
    const probed = recover(
      original,
      part,
      quick,
      () => {
        throw PROBE_MISS;
      },
      lenient,
    );
    return probed.tree ? probed : undefined;
  } catch (e) {
    if (e === PROBE_MISS) return undefined;
    throw e;
  }
}

function recover(
  original: string,
  firstRead: Document.Parsed,
  quick: QuickReader | undefined,
  reader: (text: string) => Document.Parsed = read,
  lenientStep = true,
): Recovered {
  let doc = firstRead;
  const identity = (o: number) => o;

  // 1. PyYAML's leniency: re-indent the continuation lines of constructs the errors fall in.
  let text = original;
  let toOriginal = identity;
  const lenient: SyntaxProblem[] = [];
  const errorsAt = doc.errors.filter((e) => STRUCTURAL.has(e.code)).map((e) => e.pos[0]);
  const constructs = lenientStep
    ? lenientContinuations(original).filter((c) => errorsAt.some((p) => p >= c.open && p <= c.end))
    : [];
  if (constructs.length) {
    const shifted = reindent(original, constructs);
    const again = reader(shifted.text);
    if (structural(again) < structural(doc)) {
      doc = again;
      text = shifted.text;
      toOriginal = shifted.toOriginal;
      for (const c of constructs) lenient.push(lenientWarning(original, c));
    }
  }

  // 2. Blank what remains damaged, one region at a time, while that removes errors.
  const damaged: Span[] = [];
  const causes: SyntaxProblem[] = [];
  const limit = original.length > LARGE_TEXT ? 1 : MAX_REPAIRS;
  for (let round = 0; round < limit && structural(doc); round++) {
    const first = doc.errors.find((e) => STRUCTURAL.has(e.code))!;
    const cause = causeOf(text, {
      span: { start: first.pos[0], end: Math.max(first.pos[0], first.pos[1]) },
      message: firstLine(first.message),
      yamlCode: first.code,
      severity: 'error',
    });
    const region = damagedRegion(text, cause.span.start);
    // The quick reader's offsets are the read text's: only where nothing was re-indented are they the file's.
    const quickHere = toOriginal === identity ? quick : undefined;
    const stray = strayLineRepair(text, doc, first.pos[0], region.end, quickHere, reader);
    if (stray) {
      text = stray.text;
      causes.push(mapProblem(stray.problem, toOriginal));
      damaged.push({ start: toOriginal(stray.problem.span.start), end: toOriginal(stray.line.end) });
      if (stray.tree) return quickly(doc, text, toOriginal, [...lenient, ...causes], damaged, stray.tree);
      doc = stray.doc!;
      continue;
    }
    // Every error whose cause lies in the region is reported (e.g. both brackets of `{a: [1`), once per place.
    const inRegion: SyntaxProblem[] = [];
    for (const p of errorProblems(text, doc)) {
      // An indentation slip is reported on the key below the damaged line: it belongs here by the text it guessed.
      const here =
        (p.span.start >= region.start && p.span.start <= region.end) ||
        (!!p.region && p.region.start <= region.end && p.region.end >= region.start);
      if (here && !inRegion.some((q) => q.span.start === p.span.start)) inRegion.push(p);
    }
    const blanked =
      text.slice(0, region.blankFrom) + blank(text.slice(region.blankFrom, region.end)) + text.slice(region.end);
    const tree = quickHere?.(blanked);
    if (tree) {
      causes.push(...(inRegion.length ? inRegion : [cause]).map((p) => mapProblem(p, toOriginal)));
      damaged.push({ start: toOriginal(region.start), end: toOriginal(region.end) });
      return quickly(doc, blanked, toOriginal, [...lenient, ...causes], damaged, tree);
    }
    const again = reader(blanked);
    if (structural(again) >= structural(doc)) break;
    doc = again;
    text = blanked;
    causes.push(...(inRegion.length ? inRegion : [cause]).map((p) => mapProblem(p, toOriginal)));
    damaged.push({ start: toOriginal(region.start), end: toOriginal(region.end) });
  }
  const rest = reported(doc, text, toOriginal);
  return {
    doc,
    text,
    toOriginal,
    problems: [...lenient, ...causes, ...rest.problems].sort((a, b) => a.span.start - b.span.start),
    damaged,
  };
}

/** A recovery whose last repaired text the quick reader read (see `Recovered.tree`). */
function quickly(
  doc: Document.Parsed,
  text: string,
  toOriginal: (o: number) => number,
  problems: SyntaxProblem[],
  damaged: Span[],
  tree: YNode,
): Recovered {
  return { doc, text, toOriginal, problems: problems.sort((a, b) => a.span.start - b.span.start), damaged, tree };
}

/** The errors and warnings of `doc` as problems in the file's offsets. */
function reported(
  doc: Document.Parsed,
  text: string,
  toOriginal: (o: number) => number,
): { problems: SyntaxProblem[] } {
  // A second document in the stream shows up as an error here; it is reported like the rest.
  const problems: SyntaxProblem[] = errorProblems(text, doc).map((p) => mapProblem(p, toOriginal));
  for (const w of doc.warnings) {
    problems.push(
      mapProblem(
        {
          span: { start: w.pos[0], end: Math.max(w.pos[0], w.pos[1]) },
          message: firstLine(w.message),
          yamlCode: w.code,
          severity: 'warning',
        },
        toOriginal,
      ),
    );
  }
  return { problems };
}

/** A problem reported in a line's indentation points at the line's first character instead. */
function pastIndentation(text: string, p: SyntaxProblem): SyntaxProblem {
  let i = p.span.start;
  if (text[i] !== ' ' || (i > 0 && text[i - 1] !== '\n')) return p;
  while (text[i] === ' ') i++;
  if (text[i] === '\n' || i >= text.length) return p;
  return { ...p, span: { start: i, end: Math.max(i + 1, p.span.end) } };
}

function mapProblem(p: SyntaxProblem, toOriginal: (o: number) => number): SyntaxProblem {
  const q = { ...p, span: { start: toOriginal(p.span.start), end: toOriginal(p.span.end) } };
  if (p.region) q.region = { start: toOriginal(p.region.start), end: toOriginal(p.region.end) };
  return q;
}

/**
 * The errors of `doc` as problems in `text`'s offsets: indentation slips in our words on the key
 * that is out of place (indentation.ts), every other error at its cause.
 */
function errorProblems(text: string, doc: Document.Parsed): SyntaxProblem[] {
  const raw: SyntaxProblem[] = doc.errors.map((e) => ({
    span: { start: e.pos[0], end: Math.max(e.pos[0], e.pos[1]) },
    message: firstLine(e.message),
    yamlCode: e.code,
    severity: 'error',
  }));
  const untouched = new Set(raw);
  return explainIndentation(text, raw).map((p) => (untouched.has(p) ? causeOf(text, p) : p));
}

/** `text` with the continuation lines of `constructs` indented; offsets map back through `toOriginal`. */
function reindent(
  text: string,
  constructs: readonly LenientConstruct[],
): { text: string; toOriginal(o: number): number } {
  const inserts: { at: number; count: number }[] = [];
  for (const c of constructs) {
    const column = lenientIndent(c);
    for (const l of c.lines) inserts.push({ at: l.start, count: column - l.indent });
  }
  inserts.sort((a, b) => a.at - b.at);
  let out = '';
  let from = 0;
  // Where each insertion landed in the new text, and how much was inserted before it.
  const landed: { at: number; count: number; before: number }[] = [];
  let shift = 0;
  for (const ins of inserts) {
    out += text.slice(from, ins.at) + ' '.repeat(ins.count);
    landed.push({ at: ins.at + shift, count: ins.count, before: shift });
    shift += ins.count;
    from = ins.at;
  }
  out += text.slice(from);
  const toOriginal = (o: number): number => {
    // The last insertion starting at or before `o`.
    let lo = 0;
    let hi = landed.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (landed[mid]!.at <= o) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0) return o;
    const l = landed[found]!;
    // Inside the inserted spaces: the line's start in the file.
    if (o < l.at + l.count) return l.at - l.before;
    return o - l.before - l.count;
  };
  return { text: out, toOriginal };
}

function lenientWarning(text: string, c: LenientConstruct): SyntaxProblem {
  const what =
    c.kind === 'quoted' ? 'quoted string' : text[c.open] === '[' ? 'flow sequence `[ ... ]`' : 'flow mapping `{ ... }`';
  const lines = c.lines.length === 1 ? 'a continuation line' : `${c.lines.length} continuation lines`;
  return {
    span: { start: c.open, end: c.end },
    message:
      `This ${what} has ${lines} indented no further than its key. YAML 1.2 requires them indented more and ` +
      'strict YAML 1.2 parsers reject the file; PyYAML (used by tosca-parser and most TOSCA orchestrators) ' +
      'reads it, and it is read here as PyYAML reads it. Indent the lines.',
    yamlCode: 'LENIENT_INDENT',
    severity: 'warning',
    reindent: { lineStarts: c.lines.map((l) => l.start), column: lenientIndent(c) },
  };
}

/**
 * The region an error at `at` damaged: its line and the lines after it that are indented more
 * (nested under it), plus blank lines among them. When the error lies in the value of `key: value`,
 * the key is kept (only the value is blanked), so the key still exists for the rules.
 */
function damagedRegion(text: string, at: number): { start: number; blankFrom: number; end: number } {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const indentOf = (lineStart: number): number => {
    let i = lineStart;
    while (text[i] === ' ' || text[i] === '-') i++;
    return i - lineStart;
  };
  const indent = indentOf(start);
  let end = text.indexOf('\n', at);
  if (end < 0) end = text.length;
  for (let next = end + 1; next < text.length;) {
    let nextEnd = text.indexOf('\n', next);
    if (nextEnd < 0) nextEnd = text.length;
    const line = text.slice(next, nextEnd);
    if (line.trim() !== '' && indentOf(next) <= indent) break;
    if (line.trim() !== '') end = nextEnd;
    next = nextEnd + 1;
  }
  // Keep `key:` when the error is in its value.
  let blankFrom = start;
  const key = /^[ -]*(?:"[^"\n]*"|'[^'\n]*'|[^\s#'"[\]{}][^\n]*?):(?=[ \t]|$)/.exec(text.slice(start, at));
  if (key) blankFrom = start + key[0].length;
  return { start, blankFrom, end };
}

/** A line of `text`: where it starts and ends (before its line break), and its indentation in spaces. */
interface Line {
  start: number;
  end: number;
  indent: number;
}

function lineAt(text: string, start: number): Line {
  let end = text.indexOf('\n', start);
  if (end < 0) end = text.length;
  let i = start;
  while (text[i] === ' ') i++;
  return { start, end, indent: i - start };
}

/** True for a line with nothing YAML reads: blank, or only a comment (which may sit at any column). */
function empty(text: string, l: Line): boolean {
  const c = text[l.start + l.indent];
  return l.start + l.indent >= l.end || c === '#' || c === '\r';
}

/** The nearest line before (`step` -1) or after (+1) `l` that holds content, or undefined. */
function neighbour(text: string, l: Line, step: 1 | -1): Line | undefined {
  for (let at = step < 0 ? l.start - 1 : l.end + 1; at > 0 && at <= text.length;) {
    const start = step < 0 ? text.lastIndexOf('\n', at - 1) + 1 : at;
    const n = lineAt(text, start);
    if (!empty(text, n)) return n;
    at = step < 0 ? start - 1 : n.end + 1;
  }
  return undefined;
}

/**
 * A stray line left of a block (a character typed at the start of an indented line, a line pasted at column 0):
 *
 *       port: 1
 *   x   label: a        <- this line
 *       endpoint: b
 *     requirements: ...
 *
 * YAML closes every mapping deeper than the line there, and then cannot read one more indented line after it: the
 * parser reports each of them, to the end of the block or of the file, and the usual repair (the error's line and
 * the lines nested under it, all of them here) would leave the rest of the file out of the tree. When the line of the
 * first error, or the line before it, is indented less than the lines on both sides and the block goes on after it
 * at least as deep as before it, that line alone is blanked and the text read again; the repair is kept when no
 * structural error is left where the usual repair would have blanked, so one finding on that line explains all of
 * them. Otherwise undefined (the usual repair goes ahead).
 */
function strayLineRepair(
  text: string,
  doc: Document.Parsed,
  at: number,
  regionEnd: number,
  quick: QuickReader | undefined,
  reader: (text: string) => Document.Parsed,
): { doc?: Document.Parsed; tree?: YNode; text: string; problem: SyntaxProblem; line: Line } | undefined {
  const own = lineAt(text, text.lastIndexOf('\n', at - 1) + 1);
  for (const line of [own, neighbour(text, own, -1)]) {
    if (!line || empty(text, line)) continue;
    const before = neighbour(text, line, -1);
    const after = neighbour(text, line, 1);
    if (!before || !after || line.indent >= before.indent || after.indent < before.indent) continue;
    const blanked = text.slice(0, line.start) + blank(text.slice(line.start, line.end)) + text.slice(line.end);
    // A text the quick reader reads has no structural error left: the repair holds without a parse.
    const tree = quick?.(blanked) ?? undefined;
    const again = tree ? undefined : reader(blanked);
    if (again) {
      if (structural(again) >= structural(doc)) return undefined;
      const left = again.errors.some((e) => STRUCTURAL.has(e.code) && e.pos[0] >= line.start && e.pos[0] <= regionEnd);
      if (left) return undefined;
    }
    const what = text.slice(line.start + line.indent, line.end).trim();
    const shown = what.length > 40 ? `${what.slice(0, 40)}…` : what;
    const problem: SyntaxProblem = {
      span: { start: line.start + line.indent, end: line.end },
      message:
        `Indentation: \`${shown}\` starts at column ${line.indent + 1}, left of the lines before and after it ` +
        `(column ${before.indent + 1} and ${after.indent + 1}), so YAML ends the mappings above here and cannot ` +
        'read the lines after it. Indent it like them, or remove it.',
      yamlCode: 'BAD_INDENT',
      severity: 'error',
    };
    return { ...(again ? { doc: again } : {}), ...(tree ? { tree } : {}), text: blanked, problem, line };
  }
  return undefined;
}

/** Spaces for every character but line breaks: the same length, so offsets stay valid. */
function blank(s: string): string {
  return s.replace(/[^\n\r]/g, ' ');
}

/** Where the problem really is: the unclosed bracket, or the first character of a mis-indented line. */
function causeOf(text: string, p: SyntaxProblem): SyntaxProblem {
  const q = pointAtCause(text, p);
  return q === p ? pastIndentation(text, p) : q;
}

/**
 * eemeli/yaml reports an unclosed flow collection where the next line starts; the useful place is
 * the bracket that was never closed, so point there and say what to do.
 */
export function pointAtCause(text: string, p: SyntaxProblem): SyntaxProblem {
  const m = /^Flow (map|sequence) in block collection must be sufficiently indented and end with a ([}\]])/.exec(
    p.message,
  );
  if (!m) return p;
  const open = m[1] === 'map' ? '{' : '[';
  let depth = 0;
  for (let i = p.span.start - 1; i >= 0 && i > p.span.start - 20000; i--) {
    const c = text[i];
    if (c === m[2]) depth++;
    else if (c === open) {
      if (depth === 0)
        return {
          ...p,
          span: { start: i, end: i + 1 },
          message:
            `Flow ${m[1]} \`${open}\` is not closed: add \`${m[2]}\` at its end, or indent its continuation ` +
            `lines more than the key.`,
        };
      depth--;
    }
  }
  return p;
}

export function firstLine(msg: string): string {
  const i = msg.indexOf('\n');
  return i < 0 ? msg : msg.slice(0, i);
}
