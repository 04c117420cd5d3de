/**
 * Suppression comments:
 * - `# lm-disable-next-line LM021 LM032` silences those codes (all codes when none are given) on
 *   the next line that is not a comment;
 * - `... # lm-disable-line LM021` silences them on its own line;
 * - `# lm-disable LM043` silences them from that line on, until `# lm-enable LM043` (or the end).
 */
import type { LineIndex } from '../../syntax/positions.js';

const DIRECTIVE = /#\s*lm-(disable-next-line|disable-line|disable|enable)\b([^#\n]*)/;

interface Block {
  codes: Set<string> | 'all';
  from: number;
  to: number;
}

function codesOf(s: string): Set<string> | 'all' {
  const codes = s.split(/[\s,]+/).filter((c) => /^(LM|TOSCA)\d{3}$/.test(c));
  return codes.length ? new Set(codes) : 'all';
}

/** Returns a predicate telling whether a code is suppressed on a line, or undefined when no directive exists. */
export function suppressionsOf(text: string, lines: LineIndex): ((code: string, line: number) => boolean) | undefined {
  if (text.indexOf('lm-disable') < 0) return undefined;
  const blocks: Block[] = [];
  const open: Block[] = [];
  for (let ln = 0; ln < lines.lineCount; ln++) {
    const t = lines.lineText(ln);
    const m = DIRECTIVE.exec(t);
    if (!m) continue;
    const codes = codesOf(m[2] ?? '');
    switch (m[1]) {
      case 'disable-line':
        blocks.push({ codes, from: ln, to: ln });
        break;
      case 'disable-next-line': {
        let next = ln + 1;
        while (next < lines.lineCount && /^\s*(#.*)?$/.test(lines.lineText(next))) next++;
        blocks.push({ codes, from: next, to: next });
        break;
      }
      case 'disable': {
        const b: Block = { codes, from: ln, to: Number.MAX_SAFE_INTEGER };
        blocks.push(b);
        open.push(b);
        break;
      }
      case 'enable':
        for (const b of open) {
          if (b.to !== Number.MAX_SAFE_INTEGER) continue;
          if (codes === 'all' || b.codes === 'all' || [...codes].some((c) => (b.codes as Set<string>).has(c)))
            b.to = ln;
        }
        break;
    }
  }
  return (code, line) => blocks.some((b) => line >= b.from && line <= b.to && (b.codes === 'all' || b.codes.has(code)));
}
