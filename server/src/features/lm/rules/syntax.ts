/** LM000: YAML syntax problems, as the parser reports them, plus the "too large" notice. */
import type { LmRule } from './context.js';

export const syntaxRule: LmRule = {
  codes: ['LM000'],
  kinds: ['assembly', 'resource', 'assembly-template', 'type', 'lmproject'],
  check(ctx) {
    for (const p of ctx.doc.problems) {
      ctx.report({ code: 'LM000', severity: p.severity, span: p.span, message: `YAML: ${p.message}` });
    }
    if (ctx.doc.tooLarge) {
      ctx.report({
        code: 'LM000',
        severity: 'information',
        span: { start: 0, end: 0 },
        message:
          `This file is ${(ctx.doc.text.length / 1048576).toFixed(1)} MB: only a quick outline was analysed ` +
          `and YAML syntax errors are not reported. Raise lmDescriptors.maxFileSizeMB to analyse it fully.`,
      });
    }
  },
};
