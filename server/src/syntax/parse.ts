/**
 * The full YAML parse wrapper. It never throws: whatever eemeli/yaml reports becomes data.
 *
 * We turn off yaml's own duplicate-key error (`uniqueKeys: false`) because our rule LM009 reports
 * duplicates with a better range and message. Alias expansion never happens here: aliases become
 * `alias` nodes (see tree.ts).
 */
import type { Node as YamlNode, Scalar } from 'yaml';
import { controlCharacters, excessiveNesting, MAX_NESTING } from './limits.js';
import type { Span } from './positions.js';
import { probeEntry, readRecovering, type EntryLines, type QuickReader, type Recovered } from './recover.js';
import type { ScalarStyle, YAlias, YNode, YPair, YScalar } from './tree.js';
import { yamlLibrary } from './yamlLibrary.js';

export interface SyntaxProblem {
  span: Span;
  message: string;
  /** eemeli/yaml's error code, e.g. `BAD_INDENT`; `LENIENT_INDENT` for what only PyYAML accepts. */
  yamlCode: string;
  severity: 'error' | 'warning';
  /**
   * The text whose tree the parser had to guess because of this problem (an indentation slip): what
   * other checks find there follows from the guess, not from the author, and is not reported.
   */
  region?: Span;
  /** Lines to indent to `column` so that YAML 1.2 reads what PyYAML reads (offsets of their starts). */
  reindent?: { lineStarts: number[]; column: number };
}

export interface ParsedYaml {
  root: YNode | null;
  problems: SyntaxProblem[];
  /** Number of YAML documents in the stream (descriptors have one). */
  documentCount: number;
  /**
   * Regions a syntax error damaged (see recover.ts): their text was left out of the tree, and the
   * findings of other rules inside them are dropped, since they would only echo the syntax error.
   */
  damaged: Span[];
  /**
   * True when a quick reader read the repaired text (`parseYaml`'s `quick`): errors it does not detect there are
   * missing until a full parse (an open document's check once typing pauses).
   */
  unverified?: boolean;
  /** With `unverified`: the repaired text the quick reader read (the file's text with its damaged regions blanked). */
  readText?: string;
}

const MAX_DEPTH = 400;

/** `type` is one of the `Scalar` class's constants (`Scalar.QUOTE_SINGLE` is `'QUOTE_SINGLE'`). */
function styleOf(type: Scalar['type']): ScalarStyle {
  switch (type) {
    case 'QUOTE_SINGLE':
      return 'single';
    case 'QUOTE_DOUBLE':
      return 'double';
    case 'BLOCK_LITERAL':
      return 'literal';
    case 'BLOCK_FOLDED':
      return 'folded';
    default:
      return 'plain';
  }
}

function scalarValue(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return Number(v);
  return String(v);
}

/**
 * Aliases: an alias may stand for at most this many nodes, and all aliases of a document together
 * for at most ALIAS_TOTAL; aliases beyond that are kept without a target (walkers that follow
 * aliases then stop there) and reported once. A "billion laughs" document costs its own size.
 */
export const ALIAS_NODES = 10_000;
export const ALIAS_TOTAL = 100_000;

/** One error per forbidden control character (the first five; the last says how many more). */
export function controlCharacterProblems(text: string): SyntaxProblem[] {
  const control = controlCharacters(text);
  return control.offsets.map((at, i) => {
    const code = text.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0');
    const more = i === control.offsets.length - 1 && control.count > control.offsets.length;
    return {
      span: { start: at, end: at + 1 },
      message:
        `Control character U+${code} is not allowed in YAML; most loaders reject the whole file. Remove it.` +
        (more ? ` (${control.count - control.offsets.length} more in this file.)` : ''),
      yamlCode: 'CONTROL_CHARACTER',
      severity: 'error',
    };
  });
}

/**
 * Where an open document's edit lies, for a first read of less than the whole broken text (with a `QuickReader`):
 * `suffixFrom`, the start of the edited top-level entry when the entries before it read clean (syntax/recover.ts
 * `probeSuffix`); `entry`, the lines of the innermost entry holding the edit when the rest of the text reads as in the
 * version before (`probeEntry`).
 */
export interface Probes {
  suffixFrom?: number;
  entry?: EntryLines;
  /** The caller knows the text has no control character (model/document.ts scanned what the edit inserted). */
  controlFree?: boolean;
}

/** eemeli/yaml does not treat a lone CR as a line break, LSP does: normalised (same length, so every offset holds). */
function lineBreaks(text: string): string {
  return text.indexOf('\r') >= 0 ? text.replace(/\r(?!\n)/g, '\n') : text;
}

/** The model of a recovery the quick reader completed (`Recovered.tree`): not verified by a full read. */
function quickResult(read: Recovered, problems: SyntaxProblem[]): ParsedYaml {
  return {
    root: read.tree!,
    problems,
    documentCount: 1,
    damaged: read.damaged,
    unverified: true,
    readText: read.text,
  };
}

/**
 * An open document's broken keystroke read from the edited entry's lines alone (`probes.entry`, syntax/recover.ts
 * `probeEntry`), or undefined when that probe does not apply or finds no error to repair there. Never throws. The
 * parser reads only those lines, which the probe guards; the rest of the text reads as the version before, which the
 * outline scanner read within its own depth limit: the whole text's nesting guard is not needed.
 */
export function parseProbed(text: string, quick: QuickReader, probes: Probes): ParsedYaml | undefined {
  if (!probes.entry) return undefined;
  text = lineBreaks(text);
  let read: Recovered | undefined;
  try {
    read = probeEntry(text, probes.entry, quick);
  } catch {
    // A probe is a shortcut, never a condition: the caller reads the whole text.
  }
  return read && quickResult(read, [...(probes.controlFree ? [] : controlCharacterProblems(text)), ...read.problems]);
}

/**
 * Parses `text` into a tree with spans. Never throws. With `quick` (an open document's analysis), a text repaired
 * after a syntax error is read by it when it can (`Recovered.tree`, `ParsedYaml.unverified`); `probes`: where an open
 * document's edit lies, for a first read of less than the whole text (the edited entry's lines first: `parseProbed`).
 */
export function parseYaml(text: string, quick?: QuickReader, probes: Probes = {}): ParsedYaml {
  const probed = quick && parseProbed(text, quick, probes);
  if (probed) return probed;
  const problems: SyntaxProblem[] = [];
  text = lineBreaks(text);
  const deep = excessiveNesting(text);
  if (deep) {
    problems.push({
      span: { start: deep.offset, end: deep.offset + 1 },
      message:
        `Collections are nested more than ${MAX_NESTING} levels deep here; the file is not analysed. ` +
        'Flatten the structure (no descriptor needs this depth).',
      yamlCode: 'TOO_DEEP',
      severity: 'error',
    });
    return { root: null, problems, documentCount: 0, damaged: [] };
  }
  if (!probes.controlFree) problems.push(...controlCharacterProblems(text));
  let read: Recovered;
  try {
    read = readRecovering(text, quick, probes.suffixFrom);
  } catch (e) {
    problems.push({
      span: { start: 0, end: 0 },
      message: `YAML could not be parsed: ${String(e)}`,
      yamlCode: 'PARSER_CRASH',
      severity: 'error',
    });
    return { root: null, problems, documentCount: 0, damaged: [] };
  }
  problems.push(...read.problems);
  if (read.tree) return quickResult(read, problems);
  const doc = read.doc;
  const toOriginal = read.toOriginal;
  // Offsets below are in the text the parser read (re-indented where PyYAML is lenient, blanked
  // where damaged); `at` maps them back to the file's own text.
  const at = (offset: number): number => toOriginal(offset);
  const parsedText = read.text;
  const { isAlias, isMap, isPair, isScalar, isSeq } = yamlLibrary();
  const memo = new Map<YamlNode, YNode>();
  const aliases: YAlias[] = [];
  let depthExceeded = false;

  const convertScalar = (n: Scalar): YScalar => {
    const value = scalarValue(n.value);
    const style = styleOf(n.type);
    const range = n.range ?? [0, 0, 0];
    const source = typeof n.source === 'string' ? n.source : parsedText.slice(range[0], range[1]);
    return {
      kind: 'scalar',
      span: { start: at(range[0]), end: at(range[1]) },
      style,
      value,
      text: typeof value === 'string' ? value : value === null ? source : style === 'plain' ? source : String(value),
    };
  };

  const convert = (n: unknown, depth: number): YNode | null => {
    if (depth > MAX_DEPTH) {
      depthExceeded = true;
      return null;
    }
    if (!n) return null;
    const cached = memo.get(n as YamlNode);
    if (cached) return cached;
    let out: YNode | null = null;
    if (isScalar(n)) {
      const s = convertScalar(n);
      // `key:` with nothing after it is an empty plain scalar in eemeli/yaml; we model it as "no value".
      if (s.style === 'plain' && s.value === null && s.span.start === s.span.end) return null;
      out = s;
    } else if (isMap(n)) {
      const range = n.range ?? [0, 0, 0];
      const pairs: YPair[] = [];
      for (const item of n.items) {
        if (!isPair(item)) continue;
        const key = keyScalar(item.key, depth);
        if (!key) continue;
        pairs.push({ key, value: convert(item.value, depth + 1) });
      }
      out = { kind: 'map', span: { start: at(range[0]), end: at(range[1]) }, flow: !!n.flow, pairs };
    } else if (isSeq(n)) {
      const range = n.range ?? [0, 0, 0];
      const items: YNode[] = [];
      for (const it of n.items) {
        const c = convert(it, depth + 1);
        if (c) items.push(c);
      }
      out = { kind: 'seq', span: { start: at(range[0]), end: at(range[1]) }, flow: !!n.flow, items };
    } else if (isAlias(n)) {
      const range = n.range ?? [0, 0, 0];
      let target: YNode | null;
      try {
        const t = n.resolve(doc!);
        target = t ? (memo.get(t) ?? null) : null;
      } catch {
        target = null;
      }
      const alias: YAlias = {
        kind: 'alias',
        span: { start: at(range[0]), end: at(range[1]) },
        name: n.source,
        target,
      };
      aliases.push(alias);
      out = alias;
    }
    if (out) memo.set(n as YamlNode, out);
    return out;
  };

  const keyScalar = (k: unknown, depth: number): YScalar | null => {
    if (isScalar(k)) {
      const s = convertScalar(k);
      return s;
    }
    if (k && typeof k === 'object' && 'range' in k) {
      // Complex keys (`? [a, b]`) are rare in descriptors; keep their source text as the key.
      const r = (k as { range?: [number, number, number] }).range ?? [0, 0, 0];
      convert(k, depth + 1);
      return {
        kind: 'scalar',
        span: { start: at(r[0]), end: at(r[1]) },
        style: 'plain',
        value: parsedText.slice(r[0], r[1]),
        text: parsedText.slice(r[0], r[1]),
      };
    }
    return null;
  };

  let root: YNode | null = null;
  try {
    root = convert(doc.contents, 0);
    capAliases(aliases, problems);
  } catch (e) {
    problems.push({
      span: { start: 0, end: 0 },
      message: `YAML tree could not be built: ${String(e)}`,
      yamlCode: 'CONVERT_CRASH',
      severity: 'error',
    });
  }
  if (depthExceeded) {
    problems.push({
      span: { start: 0, end: 0 },
      message: `YAML nesting deeper than ${MAX_DEPTH} levels was not analysed`,
      yamlCode: 'TOO_DEEP',
      severity: 'warning',
    });
  }
  return { root, problems, documentCount: 1, damaged: read.damaged };
}

/**
 * Drops the targets of aliases that expand too far (ALIAS_NODES each, ALIAS_TOTAL together), in
 * document order, and reports the first one. Sizes count nodes reachable through aliases, so a
 * chain of anchors that doubles at each step is caught at its first expensive alias.
 */
export function capAliases(aliases: readonly YAlias[], problems: SyntaxProblem[]): void {
  if (!aliases.length) return;
  const sizes = new Map<YNode, number>();
  const sizeOf = (n: YNode | null, depth: number): number => {
    if (!n) return 0;
    const known = sizes.get(n);
    if (known !== undefined) return known;
    let s = 1;
    if (depth < MAX_DEPTH) {
      if (n.kind === 'map') {
        for (const p of n.pairs) if ((s += 1 + sizeOf(p.value, depth + 1)) > ALIAS_TOTAL) break;
      } else if (n.kind === 'seq') {
        for (const it of n.items) if ((s += sizeOf(it, depth + 1)) > ALIAS_TOTAL) break;
      } else if (n.kind === 'alias') s += sizeOf(n.target, depth + 1);
    }
    sizes.set(n, s);
    return s;
  };
  let total = 0;
  let reported = false;
  for (const a of aliases) {
    const size = sizeOf(a.target, 0);
    total += size;
    if (size <= ALIAS_NODES && total <= ALIAS_TOTAL) continue;
    a.target = null;
    a.tooLarge = true;
    total -= size;
    if (reported) continue;
    reported = true;
    problems.push({
      span: a.span,
      message:
        `Alias \`*${a.name.replace(/^\*/, '')}\` expands to more than ${size > ALIAS_NODES ? ALIAS_NODES : ALIAS_TOTAL} ` +
        'nodes (aliases of aliases multiply); it and any like it are not followed. Most loaders refuse such ' +
        'documents.',
      yamlCode: 'ALIAS_LIMIT',
      severity: 'error',
    });
  }
}
