/** LM030-LM034: malformed and unresolved `${...}` references (resolution lives in lm/resolve.ts). */
import type { LmRule } from './context.js';

export const referencesRule: LmRule = {
  codes: ['LM030', 'LM031', 'LM032', 'LM033', 'LM034'],
  kinds: ['assembly', 'resource'],
  crossFile: true,
  check(ctx) {
    for (const r of ctx.refs()) for (const p of r.problems) ctx.report(p);
  },
};
