/** LM000: YAML syntax problems, as the parser reports them, plus the "too large" notice. */
import type { LmRule } from './context.js';
import { sizeNotice } from '../../shared/sizeNotice.js';
import { syntaxFindings } from '../../shared/syntaxCap.js';

export const syntaxRule: LmRule = {
  codes: ['LM000'],
  kinds: ['assembly', 'resource', 'assembly-template', 'type', 'lmproject'],
  check(ctx) {
    const findings = syntaxFindings(ctx.doc.problems, 'LM000', (p) => ({
      code: 'LM000',
      severity: p.severity,
      span: p.span,
      message: `YAML: ${p.message}`,
    }));
    for (const f of findings) ctx.report(f);
    const notice = sizeNotice(ctx.doc, 'LM000');
    if (notice) ctx.report(notice);
  },
};
