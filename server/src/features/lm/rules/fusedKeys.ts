/**
 * LM024: `key:value` with no space after the colon (`value:'${x}'`). YAML reads the whole thing as
 * one string, so the key is silently lost; the CP4NA and Stratoss assembly descriptor pages warn about exactly this.
 * Detected on the raw lines, for keys the grammar knows, outside multi-line scalars.
 */
import { descriptorGrammarKeys } from '../../../model/lm/grammar.js';
import { walkScalars } from '../../../syntax/tree.js';
import type { LmRule } from './context.js';
import { replaceWith } from '../../shared/fixData.js';

export const FUSED = /^(\s*(?:-\s+)?)([A-Za-z][A-Za-z0-9_-]*):([^\s:#].*)$/;

/**
 * The lines, in order and each once, with a colon not followed by a space, colon or `#`: every line
 * FUSED matches is one (one scan of the text instead of FUSED on each of its lines, per keystroke).
 */
export function colonLines(text: string, starts: readonly number[]): number[] {
  const out: number[] = [];
  let line = 0;
  // `indexOf` and one character code per colon, not /:[^\s:#]/g: the same lines in 0.4-0.6 of the time (the
  // regular expression was 70 ms of the bench's first workspace pass).
  const last = text.length - 1;
  for (let i = text.indexOf(':'); i >= 0 && i < last;) {
    const c = text.charCodeAt(i + 1);
    if (c === COLON || c === HASH || isSpace(c)) {
      i = text.indexOf(':', i + 1);
      continue;
    }
    while (line + 1 < starts.length && starts[line + 1]! <= i) line++;
    out.push(line);
    if (line + 1 >= starts.length) break;
    i = text.indexOf(':', starts[line + 1]!);
  }
  return out;
}

const COLON = 58;
const HASH = 35;
const SPACE = /\s/;

/** What `\s` matches in a regular expression (the ASCII ones without one). */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || (c > 127 && SPACE.test(String.fromCharCode(c)));
}

export const fusedKeysRule: LmRule = {
  codes: ['LM024'],
  kinds: ['assembly', 'resource'],
  check(ctx) {
    const { text, lines } = ctx.doc;
    if (text.indexOf(':') < 0) return;
    // Multi-line scalars (block text, folded plain or quoted text): their lines are not keys. Found
    // only once a line needs them (most files have no fused key).
    let multi: { start: number; end: number }[] | undefined;
    const multiLine = () => {
      if (multi) return multi;
      const out: { start: number; end: number }[] = [];
      walkScalars(ctx.doc.root, (s) => {
        const nl = text.indexOf('\n', s.span.start);
        if ((nl >= 0 && nl < s.span.end) || s.style === 'literal' || s.style === 'folded') out.push(s.span);
      });
      return (multi = out);
    };
    const known = descriptorGrammarKeys();
    for (const line of colonLines(text, lines.lineStarts)) {
      const lt = lines.lineText(line);
      const m = FUSED.exec(lt);
      if (!m) continue;
      const key = m[2]!;
      if (!known.has(key)) continue;
      const start = lines.lineStarts[line]! + m[1]!.length;
      if (multiLine().some((sp) => sp.start < start && start < sp.end)) continue;
      const rest = m[3]!.replace(/\s+#.*$/, '').trimEnd();
      const fused = `${key}:${rest}`;
      ctx.report({
        code: 'LM024',
        severity: 'warning',
        span: { start, end: start + fused.length },
        message:
          `No space after \`${key}:\`, so YAML reads \`${fused}\` as one piece of text, not the key ` +
          `\`${key}\`. Write \`${key}: ${rest}\`.`,
        ...replaceWith(`${key}: ${rest}`),
      });
    }
  },
};
