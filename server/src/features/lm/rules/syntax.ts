/** LM000: YAML syntax problems, as the parser reports them, plus the "too large" notice. */
import type { LmRule } from './context.js';
import { sizeNotice } from '../../shared/sizeNotice.js';

export const syntaxRule: LmRule = {
  codes: ['LM000'],
  kinds: ['assembly', 'resource', 'assembly-template', 'type', 'lmproject'],
  check(ctx) {
    for (const p of ctx.doc.problems) {
      ctx.report({ code: 'LM000', severity: p.severity, span: p.span, message: `YAML: ${p.message}` });
    }
    const notice = sizeNotice(ctx.doc, 'LM000');
    if (notice) ctx.report(notice);
  },
};
