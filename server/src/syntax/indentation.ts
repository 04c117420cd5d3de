/**
 * Indentation slips, in our words and on the key that is out of place. eemeli/yaml reports them with
 * generic messages on ranges that do not show the mistake:
 * - a line indented deeper than a key that already has a value (`type: string`, then `  default: x`)
 *   gives two errors, "Nested mappings are not allowed in compact mappings" and "Implicit keys need to
 *   be on a single line", both starting at the value above;
 * - a key indented differently from the keys of its mapping gives "All mapping items must start at the
 *   same column" on the leading whitespace of its line.
 * Each slip becomes one error on the key token. Both language packs report syntax problems from here.
 */
import type { SyntaxProblem } from './parse.js';

interface LineInfo {
  start: number;
  /** Column of the first character after spaces and `- ` markers. */
  col: number;
  /** The key on the line (text before `:`), if any. */
  key?: string;
  /** Text after `key:` (trimmed), if any. */
  value?: string;
  /** Text of a `- item` line without a key. */
  item?: string;
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function lineAt(text: string, start: number): LineInfo {
  const end = text.indexOf('\n', start);
  const line = text.slice(start, end < 0 ? text.length : end).replace(/\r$/, '');
  let i = 0;
  let item = false;
  for (;;) {
    while (line[i] === ' ') i++;
    if (line[i] === '-' && (line[i + 1] === ' ' || i + 1 === line.length)) {
      item = true;
      i++;
      continue;
    }
    break;
  }
  const rest = line.slice(i);
  const info: LineInfo = { start, col: i };
  const m = /^("[^"]*"|'[^']*'|[^\s#'"][^#]*?)\s*:(?:\s+(.*))?$/.exec(rest);
  if (m && !m[1]!.includes(': ')) {
    info.key = m[1]!.replace(/^(["'])(.*)\1$/, '$2');
    const v = m[2]?.replace(/\s+#.*$/, '').trim();
    if (v) info.value = v;
  } else if (item) info.item = rest.replace(/\s+#.*$/, '').trim();
  return info;
}

function isContent(text: string, start: number): boolean {
  const end = text.indexOf('\n', start);
  const t = text.slice(start, end < 0 ? text.length : end).trim();
  return t !== '' && !t.startsWith('#');
}

/** The nearest content line above the line starting at `start`. */
function lineAbove(text: string, start: number): LineInfo | undefined {
  let s = start;
  while (s > 0) {
    s = lineStartOf(text, s - 1);
    if (isContent(text, s)) return lineAt(text, s);
  }
  return undefined;
}

const short = (v: string) => (v.length > 40 ? `${v.slice(0, 37)}…` : v);

/** The key token of a line: from its first character to the end of the key (or of the word). */
function keySpan(text: string, l: LineInfo): { start: number; end: number; name: string } {
  const start = l.start + l.col;
  const name = l.key ?? /^[^\s:#]*/.exec(text.slice(start))![0];
  const raw = text.slice(start, start + name.length + 2);
  const len = /^["']/.test(raw) ? name.length + 2 : name.length;
  return { start, end: start + Math.max(1, len), name };
}

function lineEnd(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl;
}

/** `key` indented under a line that already holds a value. */
function underValue(p: SyntaxProblem, text: string, misplaced: LineInfo, holder: LineInfo): SyntaxProblem | undefined {
  const k = keySpan(text, misplaced);
  const col = holder.col + 1;
  const region = { start: holder.start + holder.col, end: lineEnd(text, misplaced.start) };
  if (holder.key !== undefined && holder.value !== undefined)
    return {
      ...p,
      region,
      span: { start: k.start, end: k.end },
      message:
        `Indentation: \`${k.name}\` is indented under \`${holder.key}\`, which already has a value ` +
        `(\`${short(holder.value)}\`), so YAML cannot read it as a key. Align \`${k.name}\` with ` +
        `\`${holder.key}\` (column ${col}), or indent it less to put it in an enclosing mapping.`,
    };
  if (holder.item !== undefined)
    return {
      ...p,
      region,
      span: { start: k.start, end: k.end },
      message:
        `Indentation: \`${k.name}\` is indented under the list item \`${short(holder.item)}\`, which is a single ` +
        `value, so YAML cannot read it as a key. Indent it less to put it in an enclosing mapping.`,
    };
  return undefined;
}

/** A key whose column matches none of the mappings around it. */
function misaligned(p: SyntaxProblem, text: string): SyntaxProblem | undefined {
  let start = lineStartOf(text, p.span.start);
  if (!isContent(text, start)) return undefined;
  const line = lineAt(text, start);
  const above = lineAbove(text, start);
  if (!above) return undefined;
  if (above.col < line.col) return underValue(p, text, line, above);
  // Columns of the keys around: the line above, then each enclosing (less indented) line.
  const around: LineInfo[] = [above];
  let min = above.col;
  start = above.start;
  while (min > 0) {
    const up = lineAbove(text, start);
    if (!up) break;
    start = up.start;
    if (up.col < min) {
      min = up.col;
      if (up.key !== undefined) around.push(up);
    }
  }
  const k = keySpan(text, line);
  const where = around
    .filter((l) => l.key !== undefined)
    .slice(0, 3)
    .map((l) => `\`${l.key}\` at column ${l.col + 1}`)
    .join(', ');
  return {
    ...p,
    span: { start: k.start, end: k.end },
    region: { start: line.start, end: lineEnd(text, line.start) },
    message:
      `Indentation: \`${k.name}\` starts at column ${line.col + 1}, where no mapping around it has its keys` +
      `${where ? ` (${where})` : ''}. Keys of one mapping start at the same column: align it with the mapping it ` +
      `belongs to.`,
  };
}

/** Rewrites eemeli/yaml's indentation errors (see the file comment); other problems pass unchanged. */
export function explainIndentation(text: string, problems: SyntaxProblem[]): SyntaxProblem[] {
  const out: SyntaxProblem[] = [];
  const multiline = new Map<number, SyntaxProblem>();
  for (const p of problems) if (p.yamlCode === 'MULTILINE_IMPLICIT_KEY') multiline.set(p.span.start, p);
  const done = new Set<number>();
  for (const p of problems) {
    if (p.yamlCode === 'BAD_INDENT' && /^All mapping items must start at the same column/.test(p.message)) {
      out.push(misaligned(p, text) ?? p);
      continue;
    }
    if (p.yamlCode !== 'BLOCK_AS_IMPLICIT_KEY' && p.yamlCode !== 'MULTILINE_IMPLICIT_KEY') {
      out.push(p);
      continue;
    }
    const ml = multiline.get(p.span.start);
    const nl = ml ? text.lastIndexOf('\n', ml.span.end - 1) : -1;
    if (!ml || nl < ml.span.start) {
      out.push(p);
      continue;
    }
    // One finding for the pair: on the key the slip pushed under the value.
    if (done.has(p.span.start)) continue;
    done.add(p.span.start);
    const holder = lineAt(text, lineStartOf(text, p.span.start));
    const misplaced = lineAt(text, nl + 1);
    out.push(underValue(ml, text, misplaced, holder) ?? ml);
  }
  return out;
}
