/**
 * TOSCA249: `dsl_definitions` of a TOSCA 2.0 file (TOSCA Version 2.0 §6.3): a map of named blocks,
 * each one anchored (`name: &anchor ...`) so the rest of the file can reuse it through aliases.
 * A block without an anchor can never be used: it is most likely a value put in the wrong place.
 */
import { getPair } from '../../../syntax/tree.js';
import type { ToscaRule } from './context.js';
import { tosca2Only } from './tosca2Shared.js';

const WHERE = '(TOSCA Version 2.0 §6.3)';

export const tosca2DslRule: ToscaRule = {
  codes: ['TOSCA249'],
  when: tosca2Only,
  check(ctx) {
    const section = getPair(ctx.root, 'dsl_definitions');
    if (!section || section.value === null) return;
    const v = section.value;
    if (v.kind === 'scalar' && v.value === null) return;
    if (v.kind !== 'map') {
      ctx.report({
        code: 'TOSCA249',
        severity: 'error',
        span: v.span,
        message: `\`dsl_definitions\` is a map of named, anchored blocks (\`name: &anchor ...\`) ${WHERE}.`,
      });
      return;
    }
    const text = ctx.doc.text;
    for (const p of v.pairs) {
      // The anchor sits between the key's colon and the value (the value's span starts after it).
      const gap = text.slice(p.key.span.end, p.value ? p.value.span.start : p.key.span.end);
      if (/&[^\s]/.test(gap) || p.value?.kind === 'alias') continue;
      ctx.report({
        code: 'TOSCA249',
        severity: 'error',
        span: p.key.span,
        message:
          `DSL definition \`${p.key.text}\` has no anchor, so nothing can reuse it: write ` +
          `\`${p.key.text}: &${p.key.text.replace(/[^\w-]/g, '_') || 'name'}\` and the block under it ${WHERE}.`,
      });
    }
  },
};
