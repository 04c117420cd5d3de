/**
 * LM110: a behaviour file that is not valid JSON. `lmctl project validate` parses every file under
 * `Behaviour/Configurations`, `Tests` and `Runtime` as JSON and fails the project on the first one it
 * cannot read ("does not contain valid JSON"); the YAML parser that builds our tree reads more than
 * JSON (trailing commas, comments, single quotes), so JSON itself is the judge here, once per file.
 */
import type { Span } from '../../../syntax/positions.js';
import type { LmRule } from './context.js';

/** Where JSON.parse stopped: its `at position N`, else the end of the text. */
function stopSpan(text: string, message: string): Span {
  const m = /at position (\d+)/.exec(message);
  if (m) {
    const at = Math.min(Number(m[1]), text.length);
    return { start: at, end: Math.min(at + 1, text.length) };
  }
  const end = text.trimEnd().length;
  return { start: Math.max(0, end - 1), end };
}

export const behaviourJsonRule: LmRule = {
  codes: ['LM110'],
  kinds: ['behaviour'],
  check(ctx) {
    const text = ctx.doc.text;
    if (ctx.doc.tooLarge) return;
    try {
      JSON.parse(text);
    } catch (e) {
      const why = e instanceof Error ? e.message.replace(/\s*\(line \d+ column \d+\)$/, '') : 'unreadable';
      ctx.report({
        code: 'LM110',
        severity: 'error',
        span: stopSpan(text, why),
        message:
          `Not valid JSON (${text.trim() ? why : 'the file is empty'}): \`lmctl project validate\` rejects behaviour ` +
          'files it cannot parse as JSON (lmctl "Projects" › Behaviour). Fix the JSON here (no trailing commas, ' +
          'comments or single quotes).',
      });
    }
  },
};
