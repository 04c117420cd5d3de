/**
 * LM027: `derived-from` of a data type must name another data type of this descriptor, without cycles (CP4NA "Assembly
 * descriptors" › data-types).
 */
import { asMap, asScalar, get, getPair, type YScalar } from '../../../syntax/tree.js';
import type { LmRule } from './context.js';
import { didYouMean } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';

export const dataTypesRule: LmRule = {
  codes: ['LM027'],
  kinds: ['assembly', 'resource'],
  check(ctx) {
    const types = asMap(get(asMap(ctx.doc.root), 'data-types'));
    if (!types) return;
    const names = types.pairs.map((p) => p.key.text);
    const parent = new Map<string, { name: string; node: YScalar }>();
    for (const p of types.pairs) {
      const body = asMap(p.value);
      const pair = getPair(body, 'derived-from') ?? getPair(body, 'derived_from');
      if (!pair) continue;
      const s = asScalar(pair.value);
      if (!s || s.value === null || typeof s.value !== 'string') {
        ctx.report({
          code: 'LM027',
          severity: 'error',
          span: (pair.value ?? pair.key).span,
          message: `\`derived-from\` of \`${p.key.text}\` must name another data type of this descriptor.`,
        });
        continue;
      }
      const target = s.text.trim();
      if (target === p.key.text) {
        ctx.report({
          code: 'LM027',
          severity: 'error',
          span: s.span,
          message: `Data type \`${target}\` derives from itself. Remove \`derived-from\` or name another data type.`,
        });
        continue;
      }
      if (!names.includes(target)) {
        const sugg = didYouMean(
          target,
          names.filter((n) => n !== p.key.text),
        );
        const others =
          names.length > 1
            ? ` (${names
                .filter((n) => n !== p.key.text)
                .slice(0, 6)
                .join(', ')})`
            : '';
        ctx.report({
          code: 'LM027',
          severity: 'error',
          span: s.span,
          message:
            `\`${target}\` is not a data type of this descriptor; ` +
            `\`derived-from\` can only name another entry of \`data-types\`${others}.` +
            `${sugg ? ` Did you mean \`${sugg}\`?` : ''}`,
          ...replaceWith(sugg),
        });
        continue;
      }
      parent.set(p.key.text, { name: target, node: s });
    }
    // Cycles: follow each chain; report every member of a cycle once.
    const reported = new Set<string>();
    for (const start of parent.keys()) {
      const seen: string[] = [];
      let cur: string | undefined = start;
      while (cur !== undefined && !seen.includes(cur)) {
        seen.push(cur);
        cur = parent.get(cur)?.name;
      }
      if (cur === undefined) continue;
      const cycle = seen.slice(seen.indexOf(cur));
      if (!cycle.includes(start) || reported.has(start)) continue;
      for (const n of cycle) reported.add(n);
      const chain = [...cycle, cycle[0]].join(' → ');
      for (const n of cycle) {
        ctx.report({
          code: 'LM027',
          severity: 'error',
          span: parent.get(n)!.node.span,
          message:
            `Data types derive from each other in a circle (${chain}); one of them must not have ` +
            `\`derived-from\`.`,
        });
      }
    }
  },
};
