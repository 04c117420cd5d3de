/**
 * Diagnostics of TOSCA files: builds the rule context (the document's TOSCA model, dialect options,
 * Simple Profile version), then the steps that run the TOSCA rules (rules/index.ts) through the
 * shared runner. Building the model (imports, type table) is a step of its own.
 */
import { asMap } from '../../syntax/tree.js';
import type { DiagnosticOptions } from '../shared/diagnostics.js';
import { ruleSteps, type Finding } from '../shared/rule.js';
import type { FeatureContext } from '../types.js';
import type { FileKind } from '../../model/kinds.js';
import { toscaModelOf } from './model.js';
import { grammarOf } from '../../model/tosca/grammars.js';
import type { ToscaRuleContext } from './rules/context.js';
import { TOSCA_RULES } from './rules/index.js';
import { now } from '../../util/clock.js';

/** The file kinds the TOSCA pack serves. */
/** The code of YAML syntax problems in TOSCA files. */
export const TOSCA_SYNTAX_CODE = 'TOSCA000';
/** The code of an internal error while checking a TOSCA file. */
export const TOSCA_INTERNAL_ERROR_CODE = 'TOSCA999';

export const TOSCA_KINDS: readonly FileKind[] = ['tosca'];

export function* diagnose(
  ctx: FeatureContext,
  report: (f: Finding) => void,
  opts: DiagnosticOptions,
): Generator<void, void, void> {
  const deadline = opts.budgetMs !== undefined ? now() + opts.budgetMs : undefined;
  let model;
  const clock = opts.ruleClock ?? now;
  const t0 = opts.timeRule ? clock() : 0;
  try {
    model = toscaModelOf(ctx);
  } catch (e) {
    report({
      code: TOSCA_INTERNAL_ERROR_CODE,
      severity: 'warning',
      span: { start: 0, end: 0 },
      message:
        `Internal error while reading the TOSCA model: ${e instanceof Error ? e.message : String(e)}. ` +
        'Please report it.',
    });
    return;
  }
  opts.timeRule?.('model', clock() - t0);
  yield;
  const grammar = grammarOf(model.version);
  const rctx: ToscaRuleContext = {
    feature: ctx,
    doc: ctx.doc,
    report,
    root: asMap(ctx.doc.root),
    model,
    options: {
      ...opts.tosca,
      // The model's dialect: the setting, else the folder config file, else what the file says (index/toscaModels.ts).
      dialect: model.dialect !== 'standard' ? model.dialect : (opts.tosca?.dialect ?? 'standard'),
      // AMP writes `map<string,boolean>` in place of entry_schema: its dialect implies the notation.
      genericTypeNotation:
        !!opts.tosca?.genericTypeNotation || opts.tosca?.dialect === 'amp' || model.dialect === 'amp',
      ...(opts.localOnly ? { localOnly: true } : {}),
    },
    minor: grammar.minor,
    simpleProfile: grammar.fullChecks,
    grammar,
  };
  yield* ruleSteps(TOSCA_RULES, rctx, {
    internalErrorCode: TOSCA_INTERNAL_ERROR_CODE,
    budgetCode: 'TOSCA998',
    ...(opts.localOnly ? { localOnly: true } : {}),
    ...(opts.timeRule ? { timeRule: opts.timeRule } : {}),
    ...(opts.ruleClock ? { ruleClock: opts.ruleClock } : {}),
    ...(opts.oneStep ? { oneStep: true } : {}),
    ...(deadline !== undefined ? { deadline, budgetMs: opts.budgetMs } : {}),
  });
}
