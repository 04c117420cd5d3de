/**
 * LM110: a behaviour file that is not valid JSON. `lmctl project validate` parses every file under
 * `Behaviour/Configurations`, `Tests` and `Runtime` as JSON and fails the project on one it cannot
 * read ("does not contain valid JSON"); the YAML parser that builds our tree reads more than JSON
 * (trailing commas, comments, single quotes), so JSON itself is the judge here, once per file.
 */
import { jsonProblem } from '../../../syntax/jsonCheck.js';
import type { LmRule } from './context.js';

export const behaviourJsonRule: LmRule = {
  codes: ['LM110'],
  kinds: ['behaviour'],
  check(ctx) {
    const text = ctx.doc.text;
    if (ctx.doc.tooLarge || ctx.doc.binary) return;
    const p = jsonProblem(text);
    if (!p) return;
    const start = Math.min(p.offset, Math.max(0, text.length - 1));
    ctx.report({
      code: 'LM110',
      severity: 'error',
      span: { start, end: Math.min(start + 1, text.length) },
      message:
        `Not valid JSON: ${p.message}. \`lmctl project validate\` rejects behaviour files it cannot parse as ` +
        'JSON (lmctl "Projects" › Behaviour): fix the JSON here.',
    });
  },
};
