/**
 * TOSCA090: template metadata values (§3.9.3): `template_name` / `template_author` are strings,
 * `template_version` is a TOSCA version; other entries are strings (Cloudsoft AMP's dialect: `icon`,
 * `template_icon` are URLs and accepted; `template_tags` may be a list).
 */
import { getIn, deref } from '../../../syntax/tree.js';
import { parseVersion } from '../../../model/tosca/primitives.js';
import { alienDialect, ampDialect, version1Only, type ToscaRule } from './context.js';

const COLLECTIONS_OK: ReadonlySet<string> = new Set(['template_tags']);

export const metadataRule: ToscaRule = {
  codes: ['TOSCA090'],
  when: version1Only,
  check(ctx) {
    const md = getIn(ctx.root, 'metadata');
    if (!md || md.kind !== 'map') return;
    for (const p of md.pairs) {
      const v = deref(p.value);
      if (!v) continue;
      const key = p.key.text;
      if (v.kind !== 'scalar') {
        if (COLLECTIONS_OK.has(key)) continue;
        const strict = key === 'template_name' || key === 'template_author' || key === 'template_version';
        ctx.report({
          code: 'TOSCA090',
          severity: strict ? 'error' : 'warning',
          span: v.span,
          message:
            `Metadata \`${key}\` must be a string, not a ` +
            `${v.kind === 'map' ? 'mapping' : 'list'}${strict ? '' : ' (metadata is a map of strings)'}.`,
        });
        continue;
      }
      if (key === 'template_version' && v.value !== null) {
        const r = parseVersion(v.text);
        if (typeof r === 'string') {
          // Judgement: semantic versions such as `0.1.0-SNAPSHOT` (Cloudsoft AMP) are not TOSCA versions but are
          // common; warn, do not fail.
          const semverish = /^\d+(\.\d+)*[-+.][0-9A-Za-z.+-]+$/.test(v.text.trim());
          // Cloudsoft AMP's own examples use them, and Alien4Cloud versions its archives so (`1.0.0-ALIEN20`,
          // `2.2.0-SNAPSHOT`) and imports them by that version.
          if (semverish && (ampDialect(ctx) || alienDialect(ctx))) continue;
          ctx.report({
            code: 'TOSCA090',
            severity: semverish ? 'warning' : 'error',
            span: v.span,
            message: `\`template_version\`: ${r}.`,
          });
        }
      }
    }
  },
};
