/**
 * Duplicate keys in a mapping, for both packs (LM009, TOSCA005): most YAML loaders silently keep one
 * of the two values, so the other one is lost. The parser's own duplicate-key error is switched off
 * (syntax/parse.ts) because this rule says which line holds the first one.
 */
import type { YNode } from '../../syntax/tree.js';
import type { Rule, RuleContextBase } from './rule.js';

const MAX_DEPTH = 100;

/** The duplicate-key rule reporting `code`. */
export function duplicateKeysRule<Ctx extends RuleContextBase>(code: string): Rule<Ctx> {
  return {
    codes: [code],
    check(ctx) {
      const visit = (n: YNode | null, depth: number): void => {
        if (!n || depth > MAX_DEPTH) return;
        if (n.kind === 'map') {
          const seen = new Map<string, number>();
          for (const p of n.pairs) {
            const prev = seen.get(p.key.text);
            if (prev !== undefined) {
              const line = ctx.doc.lines.positionAt(prev).line + 1;
              ctx.report({
                code,
                severity: 'error',
                span: p.key.span,
                message:
                  `Duplicate key \`${p.key.text}\` (first on line ${line}); YAML loaders keep only one of them. ` +
                  'Merge or remove one.',
              });
            } else seen.set(p.key.text, p.key.span.start);
            visit(p.value, depth + 1);
          }
        } else if (n.kind === 'seq') for (const it of n.items) visit(it, depth + 1);
      };
      visit(ctx.doc.root, 0);
    },
  };
}
