/**
 * Document outlines from the YAML tree, described as data: each pack says which keys become
 * symbols, of which kind, with which detail and children (`EntrySpec`), and `buildOutline` walks
 * whatever tree the document has, so half-written files still get the symbols they do have.
 *
 * Ranges: a symbol's range is its whole entry (key to the end of its value, trailing blank lines
 * left out), its selection range the key. At most MAX_SYMBOLS symbols are produced, so a huge
 * generated file cannot flood the editor.
 */
import type { DocumentModel } from '../../model/document.js';
import type { Span } from '../../syntax/positions.js';
import {
  asMap,
  asScalar,
  asSeq,
  entries,
  get,
  pairSpan,
  scalarText,
  type YNode,
  type YPair,
} from '../../syntax/tree.js';
import type { DocumentSymbol } from '../types.js';

/** Symbols of one outline, at most (like other YAML servers' `maxItemsComputed`). */
export const MAX_SYMBOLS = 5000;

export interface EntrySpec {
  /** SymbolKind of the entry. */
  kind: number;
  /** Detail text shown beside the name, from the entry's value. */
  detail?: (value: YNode | null) => string | undefined;
  /** Keys of the entry's value (a mapping) that become children (`null`: never a symbol). */
  keys?: Readonly<Record<string, EntrySpec | null>>;
  /** Spec of the keys not in `keys` (unset: they are left out). */
  otherKeys?: EntrySpec;
  /** Every entry of the value (a mapping, or a list of one-key mappings) becomes a child with this spec. */
  each?: EntrySpec;
  /** Children computed by the pack, for shapes the specs above do not cover (lists of scalars...). */
  children?: (value: YNode | null, b: OutlineBuilder) => DocumentSymbol[];
}

/** Builds symbols with ranges of one document; counts them against the cap. */
export class OutlineBuilder {
  private count = 0;
  constructor(readonly doc: DocumentModel) {}

  /** False once the cap is reached: callers stop adding. */
  get open(): boolean {
    return this.count < MAX_SYMBOLS;
  }

  /**
   * A symbol covering `span`, selecting `selection`. It always counts; walkers check `open` before
   * adding entries, so a parent whose children reached the cap still gets its symbol.
   */
  symbol(
    name: string,
    kind: number,
    span: Span,
    selection: Span,
    detail?: string,
    children?: DocumentSymbol[],
  ): DocumentSymbol {
    this.count++;
    const lines = this.doc.lines;
    const start = Math.min(span.start, selection.start);
    const end = Math.max(this.trimEnd(span), selection.end);
    const s: DocumentSymbol = {
      name: name.trim() ? name : '""',
      kind,
      range: lines.rangeOf({ start, end }),
      selectionRange: lines.rangeOf(selection),
    };
    if (detail) s.detail = detail;
    if (children?.length) s.children = children;
    return s;
  }

  /** The symbol of a mapping entry (and its children) under `spec`. */
  pair(p: YPair, spec: EntrySpec): DocumentSymbol | undefined {
    if (!this.open) return undefined;
    const children = this.childrenOf(p.value, spec);
    return this.symbol(p.key.text, spec.kind, pairSpan(p), p.key.span, spec.detail?.(p.value), children);
  }

  /** The children `spec` gives the value `value`. */
  childrenOf(value: YNode | null, spec: EntrySpec): DocumentSymbol[] {
    // An alias's entries live at its anchor: listing them here would put children outside their parent.
    if (value?.kind === 'alias') return [];
    if (spec.children) return spec.children(value, this);
    const out: DocumentSymbol[] = [];
    if (spec.each) {
      for (const q of entries(value)) {
        if (!this.open) break;
        push(out, this.pair(q, spec.each));
      }
    } else if (spec.keys || spec.otherKeys) {
      for (const q of asMap(value)?.pairs ?? []) {
        if (!this.open) break;
        // Own keys only: a YAML key `constructor` must not find Object's.
        const child = spec.keys && Object.hasOwn(spec.keys, q.key.text) ? spec.keys[q.key.text] : spec.otherKeys;
        if (child) push(out, this.pair(q, child));
      }
    }
    return out;
  }

  /** Symbols for the scalar items of a list (legacy lifecycle lists and the like). */
  scalarItems(value: YNode | null, kind: number): DocumentSymbol[] {
    const out: DocumentSymbol[] = [];
    for (const it of asSeq(value)?.items ?? []) {
      const s = asScalar(it);
      if (s && s.value !== null && this.open) out.push(this.symbol(s.text, kind, s.span, s.span));
    }
    return out;
  }

  /** The end of `span` without the trailing whitespace block values carry (blank lines, the final newline). */
  private trimEnd(span: Span): number {
    const text = this.doc.text;
    let e = Math.min(span.end, text.length);
    while (e > span.start && /\s/.test(text[e - 1]!)) e--;
    return e;
  }
}

/** The outline of a document whose root mapping is described by `root`. */
export function buildOutline(doc: DocumentModel, root: EntrySpec): DocumentSymbol[] {
  return new OutlineBuilder(doc).childrenOf(doc.root, root);
}

export function push(out: DocumentSymbol[], s: DocumentSymbol | undefined): void {
  if (s) out.push(s);
}

/** The text of the scalar under `key` in a mapping value (for details). */
export function scalarUnder(value: YNode | null, key: string): string | undefined {
  return scalarText(get(asMap(value), key));
}

/** A detail: the parts that are set, joined with ` · `. */
export function detailOf(...parts: (string | undefined | false)[]): string | undefined {
  const kept = parts.filter((p): p is string => !!p);
  return kept.length ? kept.join(' · ') : undefined;
}
