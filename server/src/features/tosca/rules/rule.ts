/**
 * The TOSCA rule mechanism, the same shape as the LM rules (features/rules/rule.ts): one small file
 * per rule group, stable `TOSCA0xx` codes, findings reported through the context. The context adds
 * the document's TOSCA model (types, imports, templates) and tree helpers.
 */
import type { DocumentModel } from '../../../model/document.js';
import type { ToscaModel } from '../../../model/tosca/model.js';
import type { Span } from '../../../syntax/positions.js';
import { asMap, asSeq, deref, type YMap, type YNode, type YPair } from '../../../syntax/tree.js';
import type { FeatureContext } from '../../types.js';
import type { Finding } from '../../rules/rule.js';

export interface ToscaCheckOptions {
  /**
   * Accept seed 002's (Cloudsoft AMP) generic type notation `map<string,boolean>` / `list<integer>`
   * as an equivalent of `entry_schema`, without a warning (setting
   * `lmDescriptors.tosca.genericTypeNotation`; off by default: TOSCA036 warns).
   */
  genericTypeNotation?: boolean;
  /** Skip checks that need other files (imports), for a quick first pass. */
  localOnly?: boolean;
}

export interface ToscaRuleContext {
  feature: FeatureContext;
  doc: DocumentModel;
  /** The top-level mapping (null when the file is not a mapping). */
  root: YMap | null;
  model: ToscaModel;
  options: ToscaCheckOptions;
  /** Minor version of the Simple Profile catalog in use: 0..3 (3 when unknown). */
  minor: number;
  report(f: Finding): void;
}

export interface ToscaRule {
  codes: readonly string[];
  /** Rules for Simple Profile documents only (not run for TOSCA 2.0). */
  simpleOnly?: boolean;
  crossFile?: boolean;
  check(ctx: ToscaRuleContext): void;
}

export type { Finding };

/** Pairs of a mapping, or of a list of single-key mappings (ordered-map style). */
export function entriesOf(n: YNode | null | undefined): YPair[] {
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

/** The node under a chain of keys. */
export function at(n: YNode | null | undefined, ...keys: string[]): YNode | null {
  let cur: YNode | null = deref(n ?? null);
  for (const k of keys) {
    const m = asMap(cur);
    if (!m) return null;
    const p = m.pairs.find((x) => x.key.text === k);
    cur = p ? deref(p.value) : null;
  }
  return cur;
}

export function pairAt(n: YNode | null | undefined, key: string): YPair | undefined {
  return asMap(n)?.pairs.find((p) => p.key.text === key);
}

/** Span of a node, or of a pair's key when the value is missing. */
export function spanOf(p: YPair): Span {
  return p.value ? p.value.span : p.key.span;
}

export function quote(s: string): string {
  return '`' + s + '`';
}
