/**
 * LM046: `items` must be `${p}` where `p` is a top-level `list` or `map` property (CP4NA "Assembly descriptors",
 * "Defining component groups"). An unknown `p` is already LM031.
 */
import { asMap, asScalar, get, getPair } from '../../../syntax/tree.js';
import type { LmRule } from './context.js';

const WHOLE_REF = /^\s*\$\{[^{}]*\}\s*$/;
const SCALAR_TYPES = ['string', 'boolean', 'integer', 'float', 'timestamp', 'key', 'certificate'];

export const itemsRule: LmRule = {
  codes: ['LM046'],
  kinds: ['assembly'],
  check(ctx) {
    for (const cp of asMap(get(asMap(ctx.doc.root), 'composition'))?.pairs ?? []) {
      const pair = getPair(asMap(cp.value), 'items');
      if (!pair) continue;
      const s = asScalar(pair.value);
      if (!s || s.value === null || typeof s.value !== 'string' || !WHOLE_REF.test(s.value)) {
        ctx.report({
          code: 'LM046',
          severity: 'error',
          span: (pair.value ?? pair.key).span,
          message:
            `\`items\` of \`${cp.key.text}\` must be a single reference \`\${<property>}\` to a top-level ` +
            `\`list\` or \`map\` property; LM creates one instance per element.`,
        });
        continue;
      }
      const r = ctx.refs().find((x) => x.occ.ref.span.start >= s.span.start && x.occ.ref.span.end <= s.span.end);
      if (!r || r.problems.some((p) => p.severity === 'error')) continue; // malformed or unknown: LM030/LM031
      if (r.root.kind === 'property') {
        const decl = r.root.decl;
        const deep = r.occ.ref.segments.length > 1;
        if (decl.type === 'list' || decl.type === 'map') continue;
        // Navigating into a structure (`${config.streamers}`) cannot be checked further.
        if (deep && (decl.type === undefined || !SCALAR_TYPES.includes(decl.type))) continue;
        // Many real properties omit `type`: judge an untyped one by its default, if any.
        const untypedOk = decl.type === undefined && (decl.default === undefined || /^[[{]/.test(decl.default));
        if (untypedOk) continue;
        ctx.report({
          code: 'LM046',
          severity: 'error',
          span: r.occ.ref.span,
          message: decl.type
            ? `\`${decl.name}\` is a \`${decl.type}\`; \`items\` needs a \`list\` or \`map\` property. Declare ` +
              `\`type: list\` or \`type: map\` on \`${decl.name}\`.`
            : `\`${decl.name}\` has no \`type\` and its default \`${decl.default}\` is not a list or map; ` +
              `\`items\` needs one. Declare \`type: list\` or \`type: map\` with a matching default.`,
        });
        continue;
      }
      ctx.report({
        code: 'LM046',
        severity: 'error',
        span: r.occ.ref.span,
        message:
          `\`items\` must name a top-level \`list\` or \`map\` property of this assembly, not ` +
          `${r.root.kind === 'component' ? 'a component' : r.root.kind === 'instance' ? '`instance`' : '`item`'}.`,
      });
    }
  },
};
