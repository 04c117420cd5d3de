/**
 * A small, immutable YAML tree with source spans: what every layer above `syntax/` reads.
 *
 * Two producers build it: the full parser wrapper (`parse.ts`, over eemeli/yaml) and the fast
 * outline scanner (`outline.ts`, for indexing files that are not open). A test checks that both
 * produce the same tree for real descriptors, so the model never needs to know which one ran.
 *
 * Aliases are kept as `alias` nodes pointing at their anchor's node; generic walkers never follow
 * them, which is what makes alias bombs harmless.
 */
import type { Span } from './positions.js';

export type ScalarStyle = 'plain' | 'single' | 'double' | 'literal' | 'folded';

export interface YScalar {
  kind: 'scalar';
  span: Span;
  style: ScalarStyle;
  /** The resolved value under the YAML 1.2 core schema. */
  value: string | number | boolean | null;
  /** The value as a string: the cooked text for strings, the source text for numbers/booleans. */
  text: string;
}

export interface YPair {
  key: YScalar;
  /** `null` when nothing follows the colon (`key:`), as opposed to an explicit `~`/`null`. */
  value: YNode | null;
}

export interface YMap {
  kind: 'map';
  span: Span;
  flow: boolean;
  pairs: YPair[];
}

export interface YSeq {
  kind: 'seq';
  span: Span;
  flow: boolean;
  items: YNode[];
}

export interface YAlias {
  kind: 'alias';
  span: Span;
  name: string;
  /** The anchored node; null when the anchor is undefined, or when following it would cost too much. */
  target: YNode | null;
  /** Set when the parser dropped the target because the alias expands too far (see parse.ts). */
  tooLarge?: boolean;
}

export type YNode = YScalar | YMap | YSeq | YAlias;

/** Follows an alias (one hop; anchors cannot refer to themselves). */
export function deref(node: YNode | null | undefined): YNode | null {
  if (!node) return null;
  return node.kind === 'alias' ? node.target : node;
}

export function asMap(node: YNode | null | undefined): YMap | null {
  const n = deref(node);
  return n && n.kind === 'map' ? n : null;
}

export function asSeq(node: YNode | null | undefined): YSeq | null {
  const n = deref(node);
  return n && n.kind === 'seq' ? n : null;
}

export function asScalar(node: YNode | null | undefined): YScalar | null {
  const n = deref(node);
  return n && n.kind === 'scalar' ? n : null;
}

/** The string form of a scalar value, or undefined for non-scalars and nulls. */
export function scalarText(node: YNode | null | undefined): string | undefined {
  const s = asScalar(node);
  if (!s || s.value === null) return undefined;
  return s.text;
}

/**
 * The pair whose key text equals `key`. A duplicate key is an error the rules report (LM009,
 * TOSCA005); past it, the value read is the last one, as PyYAML (lmctl, tosca-parser and most
 * orchestrators) and eemeli/yaml's own conversion read it.
 */
export function getPair(map: YMap | null | undefined, key: string): YPair | undefined {
  if (!map) return undefined;
  for (let i = map.pairs.length - 1; i >= 0; i--) if (map.pairs[i]!.key.text === key) return map.pairs[i];
  return undefined;
}

/**
 * A YAML 1.1 merge key (`<<: *anchor`, `<<: [*a, *b]`): YAML 1.2's core schema has none, but PyYAML and SnakeYAML (so
 * lmctl, tosca-parser, xOpera, Cloudify) and go-yaml (Puccini) merge the named mappings into the one that holds it.
 */
export function isMergeKey(p: YPair): boolean {
  return p.key.text === '<<' && p.key.style === 'plain';
}

export function get(map: YMap | null | undefined, key: string): YNode | null {
  return getPair(map, key)?.value ?? null;
}

/**
 * The pairs of a mapping; for a list of single-key mappings (the "ordered map" style TOSCA 1.x and
 * some LM sections use), the pair of each item.
 */
export function entries(n: YNode | null | undefined): YPair[] {
  const m = asMap(n);
  if (m) return m.pairs;
  const seq = asSeq(n);
  if (!seq) return [];
  const out: YPair[] = [];
  for (const it of seq.items) {
    const im = asMap(it);
    if (im && im.pairs.length >= 1) out.push(im.pairs[0]!);
  }
  return out;
}

/** The node under a chain of keys (aliases followed), or null when a step is missing. */
export function getIn(n: YNode | null | undefined, ...keys: string[]): YNode | null {
  let cur: YNode | null = deref(n ?? null);
  // Indexed: the rules call this for nearly every node they look at, and a short check runs in V8's
  // interpreter and baseline code, where `for...of` allocates an iterator and a result per step.
  for (let i = 0; i < keys.length; i++) {
    cur = deref(get(asMap(cur), keys[i]!));
    if (!cur) return null;
  }
  return cur;
}

/** Span covering a whole pair: key start to value end (or key end). */
export function pairSpan(p: YPair): Span {
  return { start: p.key.span.start, end: p.value ? p.value.span.end : p.key.span.end };
}

/**
 * Visits every scalar reachable without following aliases, with the key path to it.
 * Keys are visited too (with `isKey`). Stops descending past `maxDepth` to stay bounded.
 */
export function walkScalars(
  root: YNode | null,
  fn: (s: YScalar, path: readonly (string | number)[], isKey: boolean) => void,
  maxDepth = 200,
): void {
  const path: (string | number)[] = [];
  const visit = (n: YNode | null, depth: number): void => {
    if (!n || depth > maxDepth) return;
    if (n.kind === 'scalar') fn(n, path, false);
    else if (n.kind === 'map') {
      for (const p of n.pairs) {
        path.push(p.key.text);
        fn(p.key, path, true);
        visit(p.value, depth + 1);
        path.pop();
      }
    } else if (n.kind === 'seq') {
      n.items.forEach((it, i) => {
        path.push(i);
        visit(it, depth + 1);
        path.pop();
      });
    }
  };
  visit(root, 0);
}
