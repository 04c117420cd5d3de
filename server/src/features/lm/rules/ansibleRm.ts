/**
 * LM107: Ansible RM descriptors live in `descriptor/<name>.yml`, named after the (sub)project: lmctl
 * reads exactly that file (`ansiblerm_src.py`), and the RM files the descriptor under that name.
 * Outside an lmctl project the declared `name` is compared with the file name instead (inside one,
 * LM005 compares it with the name lmctl derives).
 */
import * as path from '../../../util/path.js';
import { asMap, asScalar, get } from '../../../syntax/tree.js';
import { eraOf } from '../drivers.js';
import type { LmRule } from './context.js';

export const ansibleRmRule: LmRule = {
  codes: ['LM107'],
  kinds: ['resource'],
  crossFile: true,
  check(ctx) {
    const file = ctx.doc.path.replace(/\\/g, '/');
    if (!/\/descriptor\/[^/]+$/.test(file)) return;
    const m = asMap(ctx.doc.root);
    const base = path.posix.basename(file).replace(/\.ya?ml$/i, '');
    const first = m?.pairs[0]?.key.span ?? { start: 0, end: 0 };
    const pc = ctx.feature.index.projectContext(file);
    if (pc) {
      if (eraOf(pc.resourceManager) !== 'ansible') return;
      const last = pc.chain[pc.chain.length - 1];
      const expected = last ? last.name : pc.root.name;
      if (expected && (base !== expected || !file.endsWith('.yml'))) {
        ctx.report({
          code: 'LM107',
          severity: 'error',
          span: first,
          message:
            `lmctl reads the Ansible RM descriptor from \`descriptor/${expected}.yml\` (the ` +
            (`${last ? 'subproject' : 'project'} name), not \`descriptor/${path.posix.basename(file)}\`: rename the ` +
              `file.`),
        });
      }
      if (pc.derivedName) return; // LM005 checks the declared name.
    }
    const name = asScalar(get(m, 'name'));
    if (!name || name.value === null) return;
    const parts = name.text.split('::');
    if (parts.length !== 3 || parts[1] === base) return;
    ctx.report({
      code: 'LM107',
      severity: 'error',
      span: name.span,
      message:
        `The descriptor declares the name \`${parts[1]}\` but its file is ` +
        `\`descriptor/${path.posix.basename(file)}\`; the Ansible RM expects both to be the same. Rename one of them.`,
    });
  },
};
