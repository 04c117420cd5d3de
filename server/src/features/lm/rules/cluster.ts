/** LM044-LM045: `quantity`, `cluster` and `items` of components. */
import { asMap, asScalar, get, getPair, type YPair } from '../../../syntax/tree.js';
import type { LmRule } from './context.js';

const CLUSTER_KEYS = ['minimum-nodes', 'initial-quantity', 'maximum-nodes'] as const;

export const clusterRule: LmRule = {
  codes: ['LM044', 'LM045'],
  kinds: ['assembly'],
  check(ctx) {
    for (const p of asMap(get(asMap(ctx.doc.root), 'composition'))?.pairs ?? []) {
      const body = asMap(p.value);
      const q = getPair(body, 'quantity');
      const cl = getPair(body, 'cluster');
      const items = getPair(body, 'items');
      if (q && cl) {
        ctx.report({
          code: 'LM044',
          severity: 'warning',
          span: q.key.span,
          message:
            `Component \`${p.key.text}\` has both \`quantity\` and \`cluster\`; LM ignores \`quantity\` ` +
            `then. Remove \`quantity\` and set \`cluster.initial-quantity\` instead.`,
        });
      }
      if (items && (q || cl)) {
        ctx.report({
          code: 'LM044',
          severity: 'warning',
          span: items.key.span,
          message:
            `Component \`${p.key.text}\` has \`items\` together with \`${q ? 'quantity' : 'cluster'}\`; the ` +
            `number of instances comes from \`items\`, so remove the other.`,
        });
      }
      const cmap = asMap(cl?.value);
      if (!cmap) continue;
      const nums: Partial<Record<(typeof CLUSTER_KEYS)[number], { n: number; pair: YPair }>> = {};
      for (const k of [...CLUSTER_KEYS, 'scaling-increment'] as const) {
        const pair = getPair(cmap, k);
        const s = asScalar(pair?.value);
        if (!pair || !s) continue;
        if (typeof s.value === 'string' && /^\$\{[^}]*\}$/.test(s.value.trim())) continue;
        if (typeof s.value !== 'number' || !Number.isInteger(s.value) || s.value < 0) {
          ctx.report({
            code: 'LM045',
            severity: 'error',
            span: s.span,
            message: `\`${k}\` must be a non-negative whole number or a \`\${property}\` reference.`,
          });
          continue;
        }
        if (k !== 'scaling-increment') nums[k] = { n: s.value, pair };
      }
      const min = nums['minimum-nodes'];
      const init = nums['initial-quantity'];
      const max = nums['maximum-nodes'];
      if (min && max && min.n > max.n) {
        ctx.report({
          code: 'LM045',
          severity: 'error',
          span: max.pair.value!.span,
          message:
            `\`maximum-nodes\` (${max.n}) is less than \`minimum-nodes\` (${min.n}); the cluster could ` +
            `never be valid.`,
        });
      }
      if (init && min && init.n < min.n) {
        ctx.report({
          code: 'LM045',
          severity: 'error',
          span: init.pair.value!.span,
          message:
            `\`initial-quantity\` (${init.n}) is below \`minimum-nodes\` (${min.n}); raise it to at least ` +
            `${min.n}.`,
        });
      }
      if (init && max && init.n > max.n) {
        ctx.report({
          code: 'LM045',
          severity: 'error',
          span: init.pair.value!.span,
          message:
            `\`initial-quantity\` (${init.n}) is above \`maximum-nodes\` (${max.n}); lower it to at most ` +
            `${max.n}.`,
        });
      }
    }
  },
};
