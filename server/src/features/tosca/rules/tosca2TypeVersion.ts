/**
 * TOSCA214: the `version` of a TOSCA 2.0 type definition that is not a TOSCA version string
 * (TOSCA Version 2.0 §9.1.2.3: `major.minor[.fix[.qualifier[-build]]]`). A YAML number there
 * (`version: 1.0`) is left alone: the value of a 2.0 version is what most files write unquoted and
 * processors read it as the number's text.
 */
import { asMap, asScalar, entries, getIn, getPair } from '../../../syntax/tree.js';
import { parseV2Version } from '../../../model/tosca/v2/primitives.js';
import { TYPE_SECTIONS } from '../../../model/tosca/summary.js';
import { isTosca2, type ToscaRule } from './context.js';

const SEMVER_LIKE = /^\d+\.\d+\.\d+[-+][0-9A-Za-z.+-]+$/;

export const tosca2TypeVersionRule: ToscaRule = {
  codes: ['TOSCA214'],
  when: isTosca2,
  check(ctx) {
    for (const section of Object.keys(TYPE_SECTIONS)) {
      for (const tp of entries(getIn(ctx.root, section))) {
        const s = asScalar(getPair(asMap(tp.value), 'version')?.value);
        if (!s || typeof s.value !== 'string' || parseV2Version(s.value.trim())) continue;
        // Semantic-version style (`1.2.3-beta4`): Puccini accepts it; the value check (v2Values) warns about it.
        if (SEMVER_LIKE.test(s.value.trim())) continue;
        ctx.report({
          code: 'TOSCA214',
          severity: 'error',
          span: s.span,
          message:
            `\`${s.value}\` (the version of \`${tp.key.text}\`) is not a TOSCA version: TOSCA Version 2.0 §9.1.2.3 ` +
            'writes `major.minor[.fix[.qualifier[-build]]]`, e.g. "2.0" or "1.0.0.alpha-10".',
        });
      }
    }
  },
};
