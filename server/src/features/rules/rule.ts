/**
 * The diagnostic rule mechanism. A rule is a small object in its own file: a stable code (or
 * several), the kinds of file it applies to, and a `check` that reports problems through the
 * context. Adding a rule means writing one file and listing it in `rules/index.ts`.
 */
import type { DocumentModel } from '../../model/document.js';
import type { FileKind } from '../../model/kinds.js';
import type { DescriptorSummary } from '../../model/lm/summary.js';
import type { Span } from '../../syntax/positions.js';
import type { FeatureContext, Severity } from '../types.js';
import { collectReferences, resolveOccurrence, type ResolvedRef } from '../lm/references.js';
import { collectDottedItems, type DottedItem } from '../lm/dotted.js';

export interface Finding {
  code: string;
  severity: Severity;
  span: Span;
  message: string;
  data?: unknown;
}

export interface RuleContext {
  feature: FeatureContext;
  doc: DocumentModel;
  /** The descriptor summary (only for descriptor kinds). */
  summary: DescriptorSummary;
  report(f: Finding): void;
  /** Resolved `${...}` references, computed once per run. */
  refs(): ResolvedRef[];
  /** `<component>.<member>` items, computed once per run. */
  dotted(): DottedItem[];
}

export interface Rule {
  /** The codes this rule can report; the first is its main code. */
  codes: readonly string[];
  kinds: readonly FileKind[];
  /** Rules that need other files declare it, so a fast "this file only" pass can skip them. */
  crossFile?: boolean;
  check(ctx: RuleContext): void;
}

export function makeRuleContext(feature: FeatureContext, report: (f: Finding) => void): RuleContext {
  const doc = feature.doc;
  const summary = doc.summary as DescriptorSummary;
  let refs: ResolvedRef[] | undefined;
  let dotted: DottedItem[] | undefined;
  return {
    feature,
    doc,
    summary,
    report,
    refs() {
      refs ??= collectReferences(doc.text, doc.root, summary).map((o) => resolveOccurrence(feature, summary, o));
      return refs;
    },
    dotted() {
      dotted ??= collectDottedItems(doc.text, doc.root);
      return dotted;
    },
  };
}
