/** LM010: the Stratoss-era `resource-manager-type` header (Stratoss-era resource descriptors). */
import { asMap, getPair } from '../../../syntax/tree.js';
import type { LmRule } from './context.js';

export const legacyHeaderRule: LmRule = {
  codes: ['LM010'],
  kinds: ['resource'],
  check(ctx) {
    const pair = getPair(asMap(ctx.doc.root), 'resource-manager-type');
    if (!pair) return;
    ctx.report({
      code: 'LM010',
      severity: 'information',
      span: pair.key.span,
      message:
        '`resource-manager-type` is a header of the old Stratoss resource managers (Ansible RM, UCD, Docker RM). ' +
        ('Brent and CP4NA ignore it; the resource manager now comes from the `resourceManager` property and the ' +
          'lmproject `resource-manager`. Remove it when moving to Brent.'),
    });
  },
};
