/** LM009: duplicate keys in a mapping (most YAML loaders silently keep the last one). */
import type { YNode } from '../../syntax/tree.js';
import type { Rule } from './rule.js';

export const duplicateKeysRule: Rule = {
  codes: ['LM009'],
  kinds: ['assembly', 'resource', 'assembly-template', 'type', 'lmproject'],
  check(ctx) {
    const visit = (n: YNode | null, depth: number) => {
      if (!n || depth > 100) return;
      if (n.kind === 'map') {
        const seen = new Map<string, number>();
        for (const p of n.pairs) {
          const prev = seen.get(p.key.text);
          if (prev !== undefined) {
            const line = ctx.doc.lines.positionAt(prev).line + 1;
            ctx.report({
              code: 'LM009',
              severity: 'error',
              span: p.key.span,
              message:
                `Duplicate key \`${p.key.text}\` (first on line ${line}); only one of them takes effect. ` +
                `Merge or remove one.`,
            });
          } else seen.set(p.key.text, p.key.span.start);
          visit(p.value, depth + 1);
        }
      } else if (n.kind === 'seq') for (const it of n.items) visit(it, depth + 1);
    };
    visit(ctx.doc.root, 0);
  },
};
