/**
 * TOSCA236: function definitions under `functions:` (TOSCA Version 2.0 §6.6, §10.4): a map of
 * named definitions, each with a non-empty `signatures` list whose entries use only `arguments`,
 * `optional_arguments` (lists), `variadic` (a Boolean), `result` and `implementation`.
 */
import type { Span } from '../../../syntax/positions.js';
import { asScalar, getPair, type YNode, type YPair } from '../../../syntax/tree.js';
import { didYouMean } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';
import type { ToscaRule, ToscaRuleContext } from './context.js';
import { tosca2Only } from './tosca2Shared.js';
import { asMap } from '../../../syntax/tree.js';

const DEF_KEYS = ['signatures', 'description', 'metadata'];
const SIGNATURE_KEYS = ['arguments', 'optional_arguments', 'variadic', 'result', 'implementation'];
const WHERE = '(TOSCA Version 2.0 §10.4)';

export const tosca2FunctionDefsRule: ToscaRule = {
  codes: ['TOSCA236'],
  when: tosca2Only,
  check(ctx) {
    const top = getPair(ctx.root, 'functions');
    if (top) checkSection(ctx, top, false);
    const inner = getPair(asMap(getPair(ctx.root, 'service_template')?.value), 'functions');
    if (inner) checkSection(ctx, inner, true);
  },
};

function report(ctx: ToscaRuleContext, span: Span, message: string, fix?: string): void {
  ctx.report({ code: 'TOSCA236', severity: 'error', span, message: `${message} ${WHERE}`, ...replaceWith(fix) });
}

function checkSection(ctx: ToscaRuleContext, section: YPair, refinement: boolean): void {
  // An empty section, one that is not a map, and empty names are the keyname rules' (TOSCA201, TOSCA012, TOSCA202).
  const m = asMap(section.value);
  if (!m) return;
  for (const p of m.pairs) checkDefinition(ctx, p, refinement);
}

function checkDefinition(ctx: ToscaRuleContext, p: YPair, refinement: boolean): void {
  const name = p.key.text;
  if (name.trim() === '') return;
  if (name.includes('$') || name.startsWith('{')) {
    report(ctx, p.key.span, `\`${name}\` is not a function name: a function name has no \`$\`.`);
    return;
  }
  const def = asMap(p.value);
  if (!def) {
    report(ctx, p.value?.span ?? p.key.span, `Function \`${name}\` is defined by a map with a \`signatures\` list.`);
    return;
  }
  for (const k of def.pairs)
    if (!DEF_KEYS.includes(k.key.text)) {
      const s = didYouMean(k.key.text, DEF_KEYS);
      report(
        ctx,
        k.key.span,
        `A function definition has no keyname \`${k.key.text}\`` +
          (s ? `; did you mean \`${s}\`?` : `; it takes ${DEF_KEYS.join(', ')}.`),
        s,
      );
    }
  const sigs = getPair(def, 'signatures');
  if (!sigs) {
    report(ctx, p.key.span, `Function \`${name}\` has no \`signatures\`: at least one signature is required.`);
    return;
  }
  const v = sigs.value;
  if (!v || v.kind !== 'seq' || v.items.length === 0) {
    report(
      ctx,
      v?.span ?? sigs.key.span,
      `\`signatures\` of \`${name}\` is a non-empty list of signature definitions.`,
    );
    return;
  }
  for (const s of v.items) checkSignature(ctx, s, refinement);
}

function checkSignature(ctx: ToscaRuleContext, s: YNode, refinement: boolean): void {
  const sv = asScalar(s);
  // A refinement in the service template keeps an unrefined signature's place with an empty entry.
  if (sv && sv.value === null) return;
  const m = asMap(s);
  if (!m) {
    report(
      ctx,
      s.span,
      'A signature is a map of `arguments`, `optional_arguments`, `variadic`, `result`, `implementation`.',
    );
    return;
  }
  if (refinement && m.pairs.length === 0) return;
  for (const k of m.pairs) {
    const key = k.key.text;
    if (!SIGNATURE_KEYS.includes(key)) {
      const sug = didYouMean(key, SIGNATURE_KEYS);
      report(
        ctx,
        k.key.span,
        `A signature has no keyname \`${key}\`` +
          (sug ? `; did you mean \`${sug}\`?` : `; it takes ${SIGNATURE_KEYS.join(', ')}.`),
        sug,
      );
      continue;
    }
    const val = k.value;
    if (
      (key === 'arguments' || key === 'optional_arguments') &&
      val &&
      val.kind !== 'seq' &&
      asScalar(val)?.value !== null
    )
      report(ctx, val.span, `\`${key}\` is a list of schema definitions (or type names).`);
    if (key === 'variadic' && typeof asScalar(val)?.value !== 'boolean')
      report(ctx, val?.span ?? k.key.span, '`variadic` is `true` or `false`.');
  }
}
