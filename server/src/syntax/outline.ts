/**
 * The fast outline scanner: builds the same tree as `parse.ts` for the plain block YAML that
 * descriptors are almost always written in, an order of magnitude faster than a full parse.
 *
 * It indexes files that are not open, and the command-line checker reads every file with it. It
 * handles block maps and sequences, plain, quoted and block scalars, multi-line plain scalars,
 * comments, one-line flow collections, nested ones included (`{}`, `['*']`, `{ get_property: [
 * SELF, port ] }`), a final `...` document end marker, and anchors and aliases in block positions
 * (`key: &name value`, `key: &name` over a block, `key: *name`, `- *name`; TOSCA's `dsl_definitions`
 * exist for them). Anything else (anchors and aliases inside flow collections or on keys, tags,
 * directives, several documents, tabs outside block scalars, multi-line flow or quoted scalars,
 * complex keys, odd indentation) makes it give up and return `null`; the caller then runs the
 * full parser. It never reports errors: it gives up on everything the full parser would report,
 * so a tree it returns is exactly the parser's (collection spans included) with no problems. The
 * outline tests hold it to that over the corpus and over thousands of seeded mutations of it.
 */
import { MAX_NESTING } from './limits.js';
import { capAliases, type SyntaxProblem } from './parse.js';
import { ESCAPES } from './scalars.js';
import type { YAlias, YMap, YNode, YPair, YScalar, YSeq } from './tree.js';

class Bail extends Error {}

interface Line {
  start: number;
  /** Offset of the first non-space character. */
  first: number;
  /** Offset of the end of the line's content (before the line break). */
  end: number;
}

const SP = 32;
const HASH = 35;

/** A space or a flow indicator (`,[]{}`): what may follow a `:` that ends a plain scalar in a flow collection. */
function endsFlowPlain(c: number): boolean {
  return c === SP || c === 44 || c === 91 || c === 93 || c === 123 || c === 125;
}

/**
 * Nesting deeper than this is left to the full parser, which reports nesting beyond MAX_NESTING
 * (128) as an error: every level counted here stands for at most two of those (a sequence item
 * that is a mapping), so a tree the scanner returns never needs that error.
 */
const MAX_DEPTH = Math.floor(MAX_NESTING / 2) - 4;

/**
 * The trees the scanner built with anchors or aliases in them. An alias points at its anchor's node
 * object, so an edit must not keep part of such a tree and build the rest again (`reoutline`).
 */
const ANCHORED = new WeakSet<YNode>();

/** True when `root` is a tree of the scanner that holds anchors or aliases. */
export function hasAnchors(root: YNode): boolean {
  return ANCHORED.has(root);
}

export function outlineYaml(text: string): YNode | null {
  try {
    return new OutlineScanner(text).run();
  } catch (e) {
    // Bail means "not modelled here"; a RangeError would be a stack overflow on absurd nesting.
    if (e instanceof Bail || e instanceof RangeError) return null;
    throw e;
  }
}

/**
 * The block mapping written on the lines in [from, to) of `text` (entries at the column of the line
 * at `from`, which must not be 0), built as the scanner builds it inside the whole text, or null when
 * it gives up. For reading one entry of a section again after an edit (syntax/outlineEdit.ts): the
 * caller keeps the rest of the tree and vouches that the text around the range is as it was, and
 * that `to` is the start of the next line indented no deeper than `from`'s (or the end of the text).
 * `depth` is the nesting of the mapping in the whole tree (2 for the entries of a top-level section).
 */
export function outlineRange(text: string, from: number, to: number, depth: number): YMap | null {
  try {
    return new OutlineScanner(text, to).runRange(from, depth);
  } catch (e) {
    if (e instanceof Bail || e instanceof RangeError) return null;
    throw e;
  }
}

class OutlineScanner {
  private lines: Line[] = [];
  private li = 0;
  private depth = 0;
  /** Anchors defined so far (null while the anchored node is being read), and the aliases made. */
  private anchors: Map<string, YNode | null> | undefined;
  private readonly aliases: YAlias[] = [];
  /** Reading one entry again (`outlineRange`): its anchors could be another entry's aliases' targets. */
  private inRange = false;

  /**
   * No tab anywhere in the text: `keyAt` and `contentEnd` then look for their `:` and `#` by forward searches
   * (`nextOf`) instead of reading every character to catch a tab.
   */
  private readonly noTabs: boolean;
  /** `nextOf`'s last answers: the first `:` / `#` at or after `colonFrom` / `hashFrom` (-1: none). */
  private colonFrom = -1;
  private colonAt = -1;
  private hashFrom = -1;
  private hashAt = -1;

  /** `limit`: where the text the scanner reads ends (the whole text but for `outlineRange`). */
  constructor(
    private readonly src: string,
    private readonly limit = src.length,
  ) {
    this.noTabs = src.indexOf('\t') < 0;
  }

  /**
   * The first `:` (`colon`) or `#` at or after `k`, or -1. The scanner asks in text order, so the last answer
   * stands for every `k` up to it (none of the character lies between): each search reads on from there, and a
   * text is searched about once, however many lines ask.
   */
  private nextOf(colon: boolean, k: number): number {
    if (colon) {
      if (k < this.colonFrom || this.colonFrom < 0 || (this.colonAt >= 0 && k > this.colonAt)) {
        this.colonFrom = k;
        this.colonAt = this.src.indexOf(':', k);
      }
      return this.colonAt;
    }
    if (k < this.hashFrom || this.hashFrom < 0 || (this.hashAt >= 0 && k > this.hashAt)) {
      this.hashFrom = k;
      this.hashAt = this.src.indexOf('#', k);
    }
    return this.hashAt;
  }

  /** The first `#` in [k, lineEnd) after a space (or at `p`, when `p` is given): where a comment starts, or -1. */
  private commentFrom(k: number, lineEnd: number, p = -1): number {
    const s = this.src;
    for (let h = this.nextOf(false, k); h >= 0 && h < lineEnd; h = this.nextOf(false, h + 1))
      if (h === p || s.charCodeAt(h - 1) === SP) return h;
    return -1;
  }

  runRange(from: number, depth: number): YMap | null {
    this.inRange = true;
    const s = this.src;
    const range = s.slice(from, this.limit);
    // What `run` checks of the whole text, for the range (the rest passed these checks before).
    if (range.indexOf('\r') >= 0 || range.indexOf('\ufeff') >= 0) throw new Bail();
    let i = from;
    while (i < this.limit) {
      const start = i;
      let nl = s.indexOf('\n', i);
      if (nl < 0 || nl > this.limit) nl = this.limit;
      const end = nl;
      let f = start;
      while (f < end && s.charCodeAt(f) === SP) f++;
      if (f < end && s.charCodeAt(f) === 9) throw new Bail();
      if (f < end && s.charCodeAt(f) !== HASH) {
        // No line of the range may be at column 0 (`---`, `...` and top-level keys live there).
        if (f === start) throw new Bail();
        this.lines.push({ start, first: f, end });
      }
      i = nl + 1;
    }
    if (this.lines.length === 0) return null;
    const first = this.lines[0]!;
    this.depth = depth - 1;
    const node = this.parseNodeAt(first.first - first.start, first.first);
    if (this.li < this.lines.length || node.kind !== 'map') throw new Bail();
    return node;
  }

  run(): YNode | null {
    const s = this.src;
    let i = s.charCodeAt(0) === 0xfeff ? 1 : 0;
    const n = s.length;
    while (i < n) {
      const start = i;
      let nl = s.indexOf('\n', i);
      if (nl < 0) nl = n;
      let end = nl;
      if (end > start && s.charCodeAt(end - 1) === 13) end--;
      let f = start;
      while (f < end && s.charCodeAt(f) === SP) f++;
      if (f < end && s.charCodeAt(f) === 9) throw new Bail();
      // Blank and comment-only lines carry no structure; drop them here.
      if (f < end && s.charCodeAt(f) !== HASH) this.lines.push({ start, first: f, end });
      i = nl + 1;
    }
    if (s.indexOf('\r', 0) >= 0 && s.replace(/\r\n/g, '').indexOf('\r') >= 0) throw new Bail();
    // A byte order mark anywhere but at the start: the parser skips it in places, keeps it in others.
    if (s.indexOf('\ufeff', 1) >= 0) throw new Bail();
    if (this.lines.length === 0) return null;
    const l0 = this.lines[0]!;
    if (s.charCodeAt(l0.first) === 37 /* % */) throw new Bail();
    if (s.startsWith('---', l0.first) && l0.first === l0.start) {
      // `---` starts the document only before a space or the line end (`---#` is a plain scalar).
      const after = s.charCodeAt(l0.first + 3);
      if (l0.first + 3 < l0.end && after !== SP) throw new Bail();
      if (this.contentEnd(l0.first + 3, l0.end) !== l0.first + 3) throw new Bail();
      this.li = 1;
    }
    for (let k = this.li; k < this.lines.length; k++) {
      const l = this.lines[k]!;
      if (l.first === l.start && (s.startsWith('---', l.first) || s.startsWith('...', l.first))) {
        const c = s.charCodeAt(l.first + 3);
        if (Number.isNaN(c) || c === SP || l.first + 3 === l.end) {
          // A final `...` (document end, nothing but comments after it) ends the one document.
          const last = k === this.lines.length - 1 && s.startsWith('...', l.first);
          if (!last || this.contentEnd(l.first + 3, l.end) !== l.first + 3) throw new Bail();
          this.lines.pop();
        }
      }
    }
    if (this.li >= this.lines.length) return null;
    const first = this.lines[this.li]!;
    const node = this.parseNodeAt(first.first - first.start, first.first);
    if (this.li < this.lines.length) throw new Bail();
    if (this.anchors) {
      // Aliases that expand too far are the parser's to report (parse.ts drops their targets).
      const problems: SyntaxProblem[] = [];
      capAliases(this.aliases, problems);
      if (problems.length) throw new Bail();
      ANCHORED.add(node);
    }
    return node;
  }

  /** Parses the block node whose first token starts at `pos` (column `col`) on the current line. */
  private parseNodeAt(col: number, pos: number): YNode {
    const s = this.src;
    if (++this.depth > MAX_DEPTH) throw new Bail();
    try {
      if (s.charCodeAt(pos) === 45 /* - */ && this.isSeqMarker(pos)) return this.parseSeq(col, pos);
      const kv = this.keyAt(pos, this.lines[this.li]!.end);
      if (kv) return this.parseMap(col, pos, kv);
      throw new Bail();
    } finally {
      this.depth--;
    }
  }

  private isSeqMarker(pos: number): boolean {
    const c = this.src.charCodeAt(pos + 1);
    return pos + 1 >= this.lines[this.li]!.end || c === SP;
  }

  private parseSeq(col: number, pos: number): YSeq {
    const items: YNode[] = [];
    const start = pos;
    const startLine = this.lines[this.li]!;
    let last: YNode | undefined;
    for (;;) {
      const line = this.lines[this.li]!;
      // `pos` is at the `-`.
      let p = pos + 1;
      while (p < line.end && this.src.charCodeAt(p) === SP) p++;
      // A tab after the dash counts as indentation for some readers and not for others.
      if (this.src.charCodeAt(p) === 9) throw new Bail();
      const afterCol = col + (p - pos);
      let item: YNode | null;
      const ce = this.contentEnd(p, line.end);
      if (ce === p) {
        // `-` alone: the item is the following more-indented block, or null.
        this.li++;
        item = this.parseChildBlock(col, true);
      } else if (this.src.charCodeAt(p) === 45 && this.isSeqMarkerAt(p, line.end)) {
        throw new Bail();
      } else {
        const kv = this.keyAt(p, line.end);
        item = kv ? this.parseMap(afterCol, p, kv) : this.parseInlineValue(p, line, col, true, ce);
      }
      // `-` with nothing: the parser drops the empty item; rare enough to leave to it.
      if (!item) throw new Bail();
      items.push(item);
      last = item;
      const next = this.lines[this.li];
      if (
        !next ||
        next.first - next.start !== col ||
        this.src.charCodeAt(next.first) !== 45 ||
        !this.isSeqMarkerAt(next.first, next.end)
      )
        break;
      pos = next.first;
    }
    const end = this.collectionEnd(start, startLine, last!, undefined);
    return { kind: 'seq', span: { start, end }, flow: false, items };
  }

  private isSeqMarkerAt(pos: number, lineEnd: number): boolean {
    return pos + 1 >= lineEnd || this.src.charCodeAt(pos + 1) === SP;
  }

  /** `first`: the first key, as the caller already read it at `pos` on the current line (read once, not twice). */
  private parseMap(col: number, pos: number, first: { key: YScalar; after: number }): YMap {
    const pairs: YPair[] = [];
    const start = pos;
    const startLine = this.lines[this.li]!;
    let last: YNode | null;
    let lastLine: Line;
    let lastAfter: number;
    let kv: { key: YScalar; after: number } | null = first;
    for (;;) {
      const line = this.lines[this.li]!;
      if (!kv) throw new Bail();
      const key = kv.key;
      let p = kv.after;
      while (p < line.end && this.src.charCodeAt(p) === SP) p++;
      let value: YNode | null;
      const ce = this.contentEnd(p, line.end);
      if (ce === p) {
        this.li++;
        value = this.parseChildBlock(col, false);
      } else {
        value = this.parseInlineValue(p, line, col, false, ce);
      }
      pairs.push({ key, value });
      last = value;
      lastLine = line;
      lastAfter = kv.after;
      const next = this.lines[this.li];
      if (!next) break;
      const nextCol = next.first - next.start;
      if (nextCol > col) throw new Bail();
      if (nextCol < col) break;
      if (this.src.charCodeAt(next.first) === 45 && this.isSeqMarkerAt(next.first, next.end)) break;
      pos = next.first;
      kv = this.keyAt(pos, next.end);
    }
    return {
      kind: 'map',
      span: { start, end: this.collectionEnd(start, startLine, last, { line: lastLine!, after: lastAfter! }) },
      flow: false,
      pairs,
    };
  }

  /**
   * After `key:` or `-` with nothing else on the line: the value is the next line's block if it
   * is more indented, or (for map values only) a sequence at the same indentation.
   */
  private parseChildBlock(col: number, inSeq: boolean): YNode | null {
    const next = this.lines[this.li];
    if (!next) return null;
    const nextCol = next.first - next.start;
    if (nextCol > col) return this.parseNodeAt(nextCol, next.first);
    if (
      !inSeq &&
      nextCol === col &&
      this.src.charCodeAt(next.first) === 45 &&
      this.isSeqMarkerAt(next.first, next.end)
    ) {
      return this.parseSeq(nextCol, next.first);
    }
    return null;
  }

  /**
   * A value that starts on the current line at `p`; advances past the lines it uses. `end` is
   * `contentEnd(p, line.end)`, which the caller has read already (to see the value is not empty).
   */
  private parseInlineValue(p: number, line: Line, parentCol: number, inSeq: boolean, end: number): YNode {
    const s = this.src;
    const c = s.charCodeAt(p);
    if (c === 38 /* & */) return this.parseAnchored(p, line, parentCol, inSeq);
    if (c === 42 /* * */) return this.parseAlias(p, line);
    // ! tag, % @ ` reserved, ? complex key; `]` `}` `,` cannot start a plain
    // scalar, and `- ` here would be a sequence on the key's line (an error) or a nested one.
    if (c === 33 || c === 37 || c === 64 || c === 96 || c === 63) throw new Bail();
    if (c === 93 || c === 125 || c === 44) throw new Bail();
    if (c === 45 /* - */ && (p + 1 >= line.end || s.charCodeAt(p + 1) === SP)) throw new Bail();
    if (c === 124 /* | */ || c === 62 /* > */) return this.parseBlockScalar(p, line, parentCol);
    if (c === 91 /* [ */ || c === 123 /* { */) return this.parseFlow(p, parentCol, end);
    if (c === 39 || c === 34) {
      const q = this.quoted(p, line.end);
      if (this.contentEnd(q.span.end, line.end) !== q.span.end) throw new Bail();
      this.li++;
      return q;
    }
    return this.parsePlain(p, parentCol, end);
  }

  /** The end of the anchor or alias name after the indicator at `p`: up to a space or the line end. */
  private nameEnd(p: number, lineEnd: number): number {
    const s = this.src;
    let e = p + 1;
    while (e < lineEnd) {
      const ch = s.charCodeAt(e);
      if (ch === SP) break;
      // Flow indicators end a name for the parser; a tab is separation for some readers only.
      if (ch === 44 || ch === 91 || ch === 93 || ch === 123 || ch === 125 || ch === 9) throw new Bail();
      e++;
    }
    if (e === p + 1) throw new Bail();
    return e;
  }

  /**
   * `&name value` or `&name` over a block: the node is the value's, with the value's span (the
   * parser's spans leave the anchor out). Anchors on keys, on empty values or before another property
   * are left to the parser.
   */
  private parseAnchored(p: number, line: Line, parentCol: number, inSeq: boolean): YNode {
    if (this.inRange) throw new Bail();
    const s = this.src;
    const e = this.nameEnd(p, line.end);
    const name = s.slice(p + 1, e);
    let q = e;
    while (q < line.end && s.charCodeAt(q) === SP) q++;
    const anchors = (this.anchors ??= new Map());
    // An alias inside the anchored node would be read differently: mark it as being read.
    anchors.set(name, null);
    let node: YNode | null;
    const ce = this.contentEnd(q, line.end);
    if (ce === q) {
      this.li++;
      node = this.parseChildBlock(parentCol, inSeq);
    } else {
      const c = s.charCodeAt(q);
      if (c === 38 || c === 42 || c === 33 || this.keyAt(q, line.end)) throw new Bail();
      node = this.parseInlineValue(q, line, parentCol, inSeq, ce);
    }
    if (!node) throw new Bail();
    anchors.set(name, node);
    return node;
  }

  /** `*name` alone as a value: a node pointing at the latest anchor of that name, as the parser's. */
  private parseAlias(p: number, line: Line): YAlias {
    if (this.inRange) throw new Bail();
    const e = this.nameEnd(p, line.end);
    if (this.contentEnd(e, line.end) !== e) throw new Bail();
    const name = this.src.slice(p + 1, e);
    const target = this.anchors?.get(name);
    // Undefined (an error the parser reports) or still being read (a recursive alias).
    if (!target) throw new Bail();
    this.li++;
    const alias: YAlias = { kind: 'alias', span: { start: p, end: e }, name, target };
    this.aliases.push(alias);
    return alias;
  }

  /** `contentEnd`: where the scalar's first line ends (see `parseInlineValue`). */
  private parsePlain(p: number, parentCol: number, contentEnd: number): YScalar {
    const s = this.src;
    let end = contentEnd;
    // `a: b: c` is an error in YAML: a `:` before a space or at the end of the content (one forward search).
    for (let k = s.indexOf(':', p); k >= 0 && k < end; k = s.indexOf(':', k + 1))
      if (k + 1 === end || s.charCodeAt(k + 1) === SP) throw new Bail();
    const inner = s.slice(p, end);
    this.li++;
    let text = inner;
    // Continuation lines of a multi-line plain scalar are more indented than the parent.
    let pendingBlank: number;
    while (this.li < this.lines.length) {
      const l = this.lines[this.li]!;
      if (l.first - l.start <= parentCol) break;
      // A comment line inside would end the scalar and make what follows an error.
      const between = s.slice(end, l.start);
      if (between.includes('#')) throw new Bail();
      const blanks = (between.match(/\n/g)?.length ?? 1) - 1;
      pendingBlank = blanks;
      const ce = this.contentEnd(l.first, l.end);
      const part = s.slice(l.first, ce);
      if (part.includes(': ') || part.endsWith(':') || part.startsWith('- ') || part === '-') throw new Bail();
      text += pendingBlank > 0 ? '\n'.repeat(pendingBlank) + part : ' ' + part;
      end = ce;
      this.li++;
    }
    return this.plainScalar(p, end, text);
  }

  private plainScalar(start: number, end: number, text: string): YScalar {
    const value = resolvePlain(text);
    return {
      kind: 'scalar',
      span: { start, end },
      style: 'plain',
      value,
      text: typeof value === 'string' ? value : text,
    };
  }

  private parseBlockScalar(p: number, line: Line, parentCol: number): YScalar {
    const s = this.src;
    const folded = s.charCodeAt(p) === 62;
    let h = p + 1;
    let keep = false;
    let strip = false;
    let explicit = 0;
    while (h < line.end && s.charCodeAt(h) !== SP) {
      const ch = s[h]!;
      // At most one chomping indicator and one indentation digit (`>----` is an error).
      if (ch === '+' && !keep && !strip) keep = true;
      else if (ch === '-' && !keep && !strip) strip = true;
      else if (ch >= '1' && ch <= '9' && !explicit) explicit = ch.charCodeAt(0) - 48;
      else throw new Bail();
      h++;
    }
    if (this.contentEnd(h, line.end) !== h) throw new Bail();
    this.li++;
    // Content: every following line more indented than the parent (blank lines were dropped).
    let lastIdx = -1;
    while (this.li < this.lines.length && this.lines[this.li]!.first - this.lines[this.li]!.start > parentCol) {
      lastIdx = this.li;
      this.li++;
    }
    // Comment-only lines were dropped from `lines`, but inside a block scalar they are content;
    // also blank lines matter for folding. Rebuild from the raw text between header and end.
    const bodyStart = line.end;
    let bodyEnd: number;
    if (lastIdx >= 0) bodyEnd = this.lines[lastIdx]!.end;
    else bodyEnd = bodyStart;
    // Lines between the last content line and the next structural line may be comments or blank:
    // if a comment line is more indented than the parent it belongs to the scalar; give up then.
    const nextStart = this.li < this.lines.length ? this.lines[this.li]!.start : this.limit;
    const tail = s.slice(bodyEnd, nextStart);
    for (const tl of tail.split('\n')) {
      const t = tl.replace(/\r$/, '');
      if (t.trim().startsWith('#') && t.length - t.trimStart().length > parentCol) throw new Bail();
    }
    // A `#` line inside a block scalar is content; the indentation test above kept order right.
    const inside = s.slice(bodyStart, bodyEnd);
    const lines = inside.split('\n').slice(1);
    // Line breaks are `\n` or `\r\n` (`run` gives up on others): without a `\r` there is nothing to strip.
    const rawLines = inside.indexOf('\r') < 0 ? lines : lines.map((l) => l.replace(/\r$/, ''));
    let indent = explicit ? parentCol + explicit : 0;
    if (!indent) {
      for (const l of rawLines) {
        const t = l.length - l.trimStart().length;
        if (l.trim() !== '') {
          // A first line that looks like a comment may end the scalar or be its content,
          // depending on what follows: left to the full parser.
          if (l.trimStart().startsWith('#')) throw new Bail();
          indent = t;
          break;
        }
      }
      // Leading blank lines longer than the content indentation need an indentation indicator.
      for (const l of rawLines) {
        if (l.trim() !== '') break;
        if (l.length > indent) throw new Bail();
      }
    }
    // A less indented first line than later ones is fine; a line less indented than `indent`
    // but more than the parent is an error in YAML.
    for (const l of rawLines) if (l.trim() !== '' && l.length - l.trimStart().length < indent) throw new Bail();
    // Lines of spaces after the content: longer than the indentation they are content (` `).
    for (const tl of tail.split('\n').slice(1)) {
      const t = tl.replace(/\r$/, '');
      if (t !== '' && t.trim() === '' && t.length > (indent || parentCol)) throw new Bail();
    }
    const content = rawLines.map((l) => l.slice(indent));
    let value: string;
    // Folding: a run of blank lines between text lines yields one newline fewer.
    if (folded) value = foldBlankRuns(content);
    else value = content.join('\n');
    // Chomping: clip keeps one final newline, strip none, keep all (blank lines were included).
    value = value.replace(/\n+$/, '');
    let span = { start: p, end: this.afterLineBreak(bodyEnd) };
    if (keep) {
      // Keeping trailing blank lines needs the exact count; leave that to the full parser.
      throw new Bail();
    }
    if (!strip && value !== '') value += '\n';
    if (lastIdx < 0) span = { start: p, end: this.afterLineBreak(line.end) };
    return { kind: 'scalar', span, style: folded ? 'folded' : 'literal', value, text: value };
  }

  /**
   * Where a block collection ends, as the parser counts it, given its last node (`null` for a
   * last key with no value, written on `nullKey.line`): a nested block collection's end; after
   * an empty value, the end of the key's line (trailing spaces included, line break not);
   * otherwise after the line break of the last node's last line (its trailing comment included).
   * The parser also extends a collection over comment lines that follow it, by rules that depend
   * on their indentation and on what comes before, but never over one indented no deeper than
   * the line the collection starts on: the scanner gives up when a deeper one follows (any after
   * an empty value).
   */
  private collectionEnd(
    start: number,
    startLine: Line,
    last: YNode | null,
    nullKey: { line: Line; after: number } | undefined,
  ): number {
    const s = this.src;
    // The indentation of the line the collection starts on (a `- ` item's for a mapping in it): `startLine`'s, which
    // holds `start`, unless it does not begin right after a line break (after a byte order mark, or the start of
    // `outlineRange`'s range), where it is counted as before from the line break. `lastIndexOf` was 4% of a scan.
    let col: number;
    if (startLine.start === 0 || s.charCodeAt(startLine.start - 1) === 10) col = startLine.first - startLine.start;
    else {
      const lineStart = s.lastIndexOf('\n', start - 1) + 1;
      col = 0;
      while (s.charCodeAt(lineStart + col) === SP) col++;
    }
    const from = this.lines[this.li - 1]!.end;
    const to = this.li < this.lines.length ? this.lines[this.li]!.start : this.limit;
    // The lines in between are blank or comments (the scanner dropped them from `lines`).
    for (let k = s.indexOf('\n', from) + 1; k > 0 && k < to; k = s.indexOf('\n', k) + 1) {
      let f = k;
      while (s.charCodeAt(f) === SP) f++;
      if (s.charCodeAt(f) === HASH && (!last || f - k > col)) throw new Bail();
    }
    if (!last) {
      const { line, after } = nullKey!;
      if (s.indexOf('#', after) >= 0 && s.indexOf('#', after) < line.end) throw new Bail();
      return line.end;
    }
    if ((last.kind === 'map' || last.kind === 'seq') && !last.flow) return last.span.end;
    const pos = last.span.end;
    if (pos > 0 && s.charCodeAt(pos - 1) === 10) return pos;
    let e = s.indexOf('\n', pos);
    if (e < 0) return s.length;
    if (e > 0 && s.charCodeAt(e - 1) === 13) e--;
    return this.afterLineBreak(e);
  }

  private afterLineBreak(pos: number): number {
    const s = this.src;
    if (s.charCodeAt(pos) === 13 && s.charCodeAt(pos + 1) === 10) return pos + 2;
    if (s.charCodeAt(pos) === 10) return pos + 1;
    return pos;
  }

  /**
   * A flow collection starting at `p` (on `line`), as a block value under a parent at column
   * `parentCol`. It may span lines, each indented deeper than the parent, with whole entries on
   * each line (no scalar continues on the next line, a key and its `:` share a line); nothing but
   * a comment may follow its closing bracket. Advances past the lines it uses.
   */
  private parseFlow(p: number, parentCol: number, contentEnd: number): YNode {
    this.flow = { i: p, limit: contentEnd, parentCol };
    const node = this.flowCollection();
    if (this.flow.i !== this.flow.limit) throw new Bail();
    this.flow = undefined;
    this.li++;
    return node;
  }

  /** Position in the flow collection being read, and the end of the current line's content. */
  private flow: { i: number; limit: number; parentCol: number } | undefined;

  /** Skips spaces; at the end of the line's content, continues on the next line when `lines` allows. */
  private flowSkip(lines: boolean): void {
    const f = this.flow!;
    const s = this.src;
    for (;;) {
      while (f.i < f.limit && s.charCodeAt(f.i) === SP) f.i++;
      if (f.i < f.limit || !lines) return;
      const next = this.lines[this.li + 1];
      if (!next || next.first - next.start <= f.parentCol) throw new Bail();
      this.li++;
      f.i = next.first;
      f.limit = this.contentEnd(next.first, next.end);
    }
  }

  /** The flow collection opening at the current position. */
  private flowCollection(): YNode {
    const s = this.src;
    const f = this.flow!;
    if (++this.depth > MAX_DEPTH) throw new Bail();
    const p = f.i;
    const map = s.charCodeAt(p) === 123; /* { */
    const close = map ? 125 : 93; /* } or ] */
    const items: YNode[] = [];
    const pairs: YPair[] = [];
    f.i++;
    this.flowSkip(true);
    while (s.charCodeAt(f.i) !== close) {
      if (map) {
        // Keys are scalars; a collection as a key is a complex key, left to the parser.
        const key = this.flowScalar(f.i, f.limit);
        f.i = key.next;
        this.flowSkip(false);
        if (s.charCodeAt(f.i) !== 58) throw new Bail();
        f.i++;
        this.flowSkip(true);
        let value: YNode | null = null;
        if (s.charCodeAt(f.i) !== 44 && s.charCodeAt(f.i) !== close) {
          value = this.flowNode();
          this.flowSkip(true);
        }
        pairs.push({ key: key.node, value });
      } else {
        const item = this.flowNode();
        this.flowSkip(false);
        if (s.charCodeAt(f.i) === 58 && item.kind === 'scalar') items.push(this.flowPair(item, close));
        else items.push(item);
        this.flowSkip(true);
        // A second `:` (`[ a: b: c ]`) or a collection as a key is an error or a complex key.
        if (s.charCodeAt(f.i) === 58) throw new Bail();
      }
      if (s.charCodeAt(f.i) === 44) {
        f.i++;
        this.flowSkip(true);
        // `[a, , b]` is an error; `[a, ]` is allowed.
        if (s.charCodeAt(f.i) === 44) throw new Bail();
      } else if (s.charCodeAt(f.i) !== close) throw new Bail();
    }
    this.depth--;
    f.i++;
    const span = { start: p, end: f.i };
    return map ? { kind: 'map', span, flow: true, pairs } : { kind: 'seq', span, flow: true, items };
  }

  /**
   * `[ key: value ]`: a single-pair mapping in a flow sequence, the `:` at the current position.
   * It ends with its value, or after the `:` and the spaces that follow when there is none.
   */
  private flowPair(key: YScalar, close: number): YMap {
    const s = this.src;
    const f = this.flow!;
    f.i++;
    this.flowSkip(false);
    // A value on the next line is left to the parser.
    if (f.i >= f.limit) throw new Bail();
    let value: YNode | null = null;
    let end = f.i;
    if (s.charCodeAt(f.i) !== 44 && s.charCodeAt(f.i) !== close) {
      value = this.flowNode();
      end = value.span.end;
    }
    return { kind: 'map', span: { start: key.span.start, end }, flow: true, pairs: [{ key, value }] };
  }

  /** A flow collection or scalar at the current position (which it moves past). */
  private flowNode(): YNode {
    const f = this.flow!;
    const c = this.src.charCodeAt(f.i);
    if (c === 91 || c === 123) return this.flowCollection();
    const r = this.flowScalar(f.i, f.limit);
    f.i = r.next;
    return r.node;
  }

  private flowScalar(i: number, limit: number): { node: YScalar; next: number } {
    const s = this.src;
    const c = s.charCodeAt(i);
    if (c === 39 || c === 34) {
      const q = this.quoted(i, limit);
      return { node: q, next: q.span.end };
    }
    if (
      c === 91 ||
      c === 123 ||
      c === 93 ||
      c === 125 ||
      c === 44 ||
      c === 38 ||
      c === 42 ||
      c === 33 ||
      c === 63 ||
      c === 35 ||
      c === 58 /* : */ ||
      c === 45 /* - */ ||
      c === 64 /* @ */ ||
      c === 96 /* ` */ ||
      c === 37 /* % */ ||
      c === 124 /* | */ ||
      c === 62 /* > */
    ) {
      // `-1` and `-x` are plain scalars; `- ` is not.
      if (!(c === 45 && i + 1 < limit && !endsFlowPlain(s.charCodeAt(i + 1)))) throw new Bail();
    }
    // Character codes, not one-character strings: this loop reads every character of every flow scalar.
    let e = i;
    while (e < limit) {
      const ch = s.charCodeAt(e);
      if (ch === 44 || ch === 91 || ch === 93 || ch === 123 || ch === 125) break;
      // In flow context `:` ends a plain scalar only before a space, a flow indicator or the end.
      if (ch === 58 && (e + 1 >= limit || endsFlowPlain(s.charCodeAt(e + 1)))) break;
      if (ch === HASH && s.charCodeAt(e - 1) === SP) throw new Bail();
      if (ch === 9) throw new Bail();
      e++;
    }
    let te = e;
    while (te > i && s.charCodeAt(te - 1) === SP) te--;
    if (te === i) throw new Bail();
    return { node: this.plainScalar(i, te, s.slice(i, te)), next: e };
  }

  /** A quoted scalar that must close before `limit`. */
  private quoted(p: number, limit: number): YScalar {
    const s = this.src;
    const q = s[p]!;
    let i = p + 1;
    let value = '';
    while (i < limit) {
      const ch = s[i]!;
      if (q === "'" && ch === "'") {
        if (s[i + 1] === "'") {
          value += "'";
          i += 2;
          continue;
        }
        return { kind: 'scalar', span: { start: p, end: i + 1 }, style: 'single', value, text: value };
      }
      if (q === '"' && ch === '\\') {
        const e = this.escape(i, limit);
        value += e.text;
        i = e.next;
        continue;
      }
      if (q === '"' && ch === '"') {
        return { kind: 'scalar', span: { start: p, end: i + 1 }, style: 'double', value, text: value };
      }
      value += ch;
      i++;
    }
    throw new Bail();
  }

  /**
   * The escape at `i` (a backslash) of a double-quoted scalar, as YAML 1.2 decodes it (§5.7); the
   * rarer forms (`\U`, a surrogate, an escaped line break or tab) are left to the parser.
   */
  private escape(i: number, limit: number): { text: string; next: number } {
    const c = this.src[i + 1];
    if (c === undefined || i + 1 >= limit) throw new Bail();
    // An escaped tab is left to the parser, as the doc comment says.
    const simple = c === '\t' ? undefined : ESCAPES[c];
    if (simple !== undefined) return { text: simple, next: i + 2 };
    const digits = c === 'x' ? 2 : c === 'u' ? 4 : 0;
    if (!digits) throw new Bail();
    const hex = this.src.slice(i + 2, i + 2 + digits);
    if (i + 2 + digits > limit || !/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits) throw new Bail();
    const code = parseInt(hex, 16);
    if (code >= 0xd800 && code <= 0xdfff) throw new Bail();
    return { text: String.fromCharCode(code), next: i + 2 + digits };
  }

  /**
   * If a key starts at `pos`, returns it and the offset just past its colon.
   * Keys are plain (not starting with an indicator) or quoted, followed by `:` and a space or EOL.
   */
  private keyAt(pos: number, lineEnd: number): { key: YScalar; after: number } | null {
    const s = this.src;
    const c = s.charCodeAt(pos);
    if (c === 39 || c === 34) {
      let q: YScalar;
      try {
        q = this.quoted(pos, lineEnd);
      } catch {
        return null;
      }
      let k = q.span.end;
      while (k < lineEnd && s.charCodeAt(k) === SP) k++;
      if (s.charCodeAt(k) === 58 && (k + 1 >= lineEnd || s.charCodeAt(k + 1) === SP)) return { key: q, after: k + 1 };
      return null;
    }
    // Indicators that cannot start a plain key.
    if (c === 45 && (pos + 1 >= lineEnd || s.charCodeAt(pos + 1) === SP)) return null;
    if (c === 63 && (pos + 1 >= lineEnd || s.charCodeAt(pos + 1) === SP)) throw new Bail();
    if (
      c === 91 ||
      c === 93 ||
      c === 123 ||
      c === 125 ||
      c === 44 ||
      c === HASH ||
      c === 38 ||
      c === 42 ||
      c === 33 ||
      c === 124 ||
      c === 62 ||
      c === 37 ||
      c === 64 ||
      c === 96
    )
      return null;
    if (this.noTabs) {
      // What the loop below finds first, by searches: a `:` before a space or the line end, or a comment.
      let k = this.nextOf(true, pos);
      while (k >= 0 && k < lineEnd && k + 1 < lineEnd && s.charCodeAt(k + 1) !== SP) k = this.nextOf(true, k + 1);
      const colon = k >= 0 && k < lineEnd ? k : lineEnd;
      const hash = this.commentFrom(pos, colon);
      return colon < lineEnd && hash < 0 ? this.plainKey(pos, colon) : null;
    }
    let k = pos;
    while (k < lineEnd) {
      const ch = s.charCodeAt(k);
      if (ch === 58 && (k + 1 >= lineEnd || s.charCodeAt(k + 1) === SP)) return this.plainKey(pos, k);
      if (ch === HASH && s.charCodeAt(k - 1) === SP) return null;
      // Tabs as separation (`key\t: v`) are read differently by different parsers: give up.
      if (ch === 9) throw new Bail();
      k++;
    }
    return null;
  }

  /** The plain key at `pos` whose `:` is at `k` (null when it is empty). */
  private plainKey(pos: number, k: number): { key: YScalar; after: number } | null {
    const s = this.src;
    let te = k;
    while (te > pos && s.charCodeAt(te - 1) === SP) te--;
    if (te === pos) return null;
    const text = s.slice(pos, te);
    const value = resolvePlain(text);
    const key: YScalar = {
      kind: 'scalar',
      span: { start: pos, end: te },
      style: 'plain',
      value,
      text: typeof value === 'string' ? value : text,
    };
    return { key, after: k + 1 };
  }

  /** End of the content starting at `p`: before a ` #` comment, without trailing spaces. */
  private contentEnd(p: number, lineEnd: number): number {
    const s = this.src;
    let e = lineEnd;
    if (this.noTabs) {
      // What the loop below finds, by searches: past a quote at `p` up to its next one, the first comment.
      let k = p;
      const c = s.charCodeAt(p);
      if ((c === 39 || c === 34) && p < lineEnd) {
        const q = s.indexOf(c === 39 ? "'" : '"', p + 1);
        k = q < 0 || q >= lineEnd ? lineEnd : q + 1;
      }
      const h = k < lineEnd ? this.commentFrom(k, lineEnd, p) : -1;
      if (h >= 0) e = h;
      while (e > p && s.charCodeAt(e - 1) === SP) e--;
      return e;
    }
    let inQ = 0;
    for (let k = p; k < lineEnd; k++) {
      const ch = s.charCodeAt(k);
      // Tabs outside block scalars (separation, trailing, inside scalars): left to the parser.
      if (ch === 9) throw new Bail();
      if (inQ) {
        if (ch === inQ) inQ = 0;
        continue;
      }
      if ((ch === 39 || ch === 34) && k === p) {
        inQ = ch;
        continue;
      }
      if (ch === HASH && (k === p || s.charCodeAt(k - 1) === SP)) {
        e = k;
        break;
      }
    }
    while (e > p && s.charCodeAt(e - 1) === SP) e--;
    return e;
  }
}

function foldBlankRuns(lines: string[]): string {
  let out = '';
  let prevText = false;
  let blanks = 0;
  let prevMore = false;
  for (const l of lines) {
    if (l === '') {
      blanks++;
      continue;
    }
    const more = l.startsWith(' ') || l.startsWith('\t');
    if (out !== '' || prevText) {
      if (blanks > 0) out += '\n'.repeat(more || prevMore ? blanks + 1 : blanks);
      else out += more || prevMore ? '\n' : ' ';
    } else if (blanks > 0) out += '\n'.repeat(blanks);
    out += l;
    prevText = true;
    prevMore = more;
    blanks = 0;
  }
  return out + '\n'.repeat(blanks);
}

const INT = /^[-+]?[0-9]+$/;
const OCT = /^0o[0-7]+$/;
const HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;

/** 1 at the character codes that start a special form of `resolvePlain`: `~ n N t T f F . + -`. */
const SPECIAL_FIRST = new Uint8Array(128);
for (const c of '~nNtTfF.+-') SPECIAL_FIRST[c.charCodeAt(0)] = 1;

/** Resolves a plain scalar under the YAML 1.2 core schema, like eemeli/yaml's default. */
export function resolvePlain(t: string): string | number | boolean | null {
  const c = t.charCodeAt(0);
  // Every special form below is at most five characters and starts with one of `~nNtTfF.+-` (or is empty): other
  // keys and values skip the comparisons.
  if (t.length <= 5 && (t.length === 0 || SPECIAL_FIRST[c] === 1))
    switch (t) {
      case '':
      case '~':
      case 'null':
      case 'Null':
      case 'NULL':
        return null;
      case 'true':
      case 'True':
      case 'TRUE':
        return true;
      case 'false':
      case 'False':
      case 'FALSE':
        return false;
      case '.inf':
      case '.Inf':
      case '.INF':
      case '+.inf':
      case '+.Inf':
      case '+.INF':
        return Infinity;
      case '-.inf':
      case '-.Inf':
      case '-.INF':
        return -Infinity;
      case '.nan':
      case '.NaN':
      case '.NAN':
        return NaN;
    }
  // Only strings starting like a number can be numbers; skip the regexes otherwise.
  if (!((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46)) return t;
  if (INT.test(t)) return parseInt(t, 10);
  if (OCT.test(t)) return parseInt(t.slice(2), 8);
  if (HEX.test(t)) return parseInt(t.slice(2), 16);
  if (FLOAT.test(t)) return parseFloat(t);
  return t;
}
