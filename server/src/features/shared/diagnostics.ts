/**
 * Turns findings into LSP-shaped diagnostics, the same way for both packs: suppression comments
 * (`# lm-disable-next-line LM021`, see suppression.ts) drop findings first, then severity
 * overrides from the settings (`lmDescriptors.diagnostics.severity`: code -> severity or `off`)
 * apply, then the span becomes a range.
 */
import type { Diagnostic, FeatureContext, Severity } from '../types.js';
import type { Finding } from './rule.js';
import { suppressionsOf } from './suppression.js';
import type { Span } from '../../syntax/positions.js';
import { DIALECT_NAMES, type DialectName } from '../../model/tosca/dialects.js';

/**
 * The TOSCA dialect files are checked against: `standard` (the Simple Profile as written), or an
 * orchestrator's (`amp` Cloudsoft AMP, `unfurl`, `onap` the ONAP policy framework, `cloudshell` Quali
 * CloudShell): its documented extensions are accepted, its built-in types known, and what it does not
 * support is pointed out (see model/tosca/dialects.ts and docs/tosca-accuracy.md).
 */
export type ToscaDialect = DialectName;

export const TOSCA_DIALECTS: readonly ToscaDialect[] = DIALECT_NAMES;

/** Dialect switches of the TOSCA pack (see docs/tosca-diagnostic-codes.md). */
export interface ToscaOptions {
  /** The dialect (default `standard`). */
  dialect?: ToscaDialect;
  /**
   * Accept the generic type notation `map<string,boolean>` / `list<integer>` (Cloudsoft AMP's
   * dialect) as an equivalent of `entry_schema`, without a warning (TOSCA036 otherwise). The
   * `amp` dialect implies it.
   */
  genericTypeNotation?: boolean;
}

export interface DiagnosticOptions {
  severityOverrides?: Record<string, Severity | 'off'>;
  /** Skip cross-file rules (for a quick first pass, or before the index is ready). */
  localOnly?: boolean;
  /** Time budget for the rules of one run, in milliseconds (lmDescriptors.analysisBudgetMs); none when undefined. */
  budgetMs?: number;
  tosca?: ToscaOptions;
  /** Told the time each rule took (its main code, milliseconds), for the bench's per-rule table. */
  timeRule?: (code: string, ms: number) => void;
  /** The clock `timeRule` measures with (milliseconds; util/clock.ts `now` by default): the bench's CPU time. */
  ruleClock?: () => number;
  /** The caller never pauses between rules (`computeDiagnostics`): the runner need not yield after each. */
  oneStep?: boolean;
}

/** A sink for findings and the diagnostics it collected. */
export interface DiagnosticCollector {
  report(f: Finding): void;
  readonly diagnostics: Diagnostic[];
}

function inside(offset: number, r: Span): boolean {
  return offset >= r.start && offset < r.end;
}

/**
 * Collects the findings of one document. `syntaxCode` is its pack's YAML syntax code: syntax
 * findings are never hidden by the parser's guesses or damage, since they report them.
 */
export function diagnosticCollector(
  ctx: FeatureContext,
  opts: DiagnosticOptions,
  syntaxCode: string,
): DiagnosticCollector {
  const doc = ctx.doc;
  const diagnostics: Diagnostic[] = [];
  const overrides = opts.severityOverrides ?? {};
  const suppressed = suppressionsOf(doc.text, doc.lines);
  // Where an indentation slip made the parser guess the tree, other findings are about the guess: one syntax
  // diagnostic says what is wrong (e.g. not also "`type` must be a single value").
  const guessed = doc.problems.flatMap((p) => (p.region ? [p.region] : []));
  const inGuess = (f: Finding) =>
    f.code !== syntaxCode && guessed.some((r) => f.span.start < r.end && f.span.end > r.start);
  const damaged = doc.damaged ?? [];
  return {
    diagnostics,
    report(f) {
      const o = overrides[f.code];
      if (o === 'off') return;
      if (guessed.length && inGuess(f)) return;
      // In a region a YAML error damaged, only the syntax error speaks (LM000, TOSCA000): anything
      // else there describes the parser's misreading, not the file.
      if (damaged.length && f.code !== syntaxCode && damaged.some((r) => inside(f.span.start, r))) return;
      if (suppressed && suppressed(f.code, doc.lines.positionAt(f.span.start).line)) return;
      const d: Diagnostic = {
        range: doc.lines.rangeOf(f.span),
        severity: o ?? f.severity,
        code: f.code,
        message: f.message,
        source: 'lm-descriptors',
      };
      if (f.data !== undefined) d.data = f.data;
      diagnostics.push(d);
    },
  };
}
