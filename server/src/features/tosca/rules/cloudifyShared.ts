/** What the Cloudify rules share. */
import type { ToscaRuleContext } from './context.js';

/**
 * The context with a `report` that says each thing once: a value written once under an anchor is read at every alias
 * of it, and its finding belongs where it is written, once.
 */
export function reportingOnce(outer: ToscaRuleContext): ToscaRuleContext {
  const seen = new Set<string>();
  return {
    ...outer,
    report: (f) => {
      const k = `${f.code}@${f.span.start}`;
      if (seen.has(k)) return;
      seen.add(k);
      outer.report(f);
    },
  };
}
