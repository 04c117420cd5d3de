/**
 * Guards that run on the raw text before the YAML parser sees it, so that no input can make the
 * parser recurse without bound (eemeli/yaml overflows the stack, or aborts the process in V8's
 * regular-expression compiler, somewhere past a few hundred nested collections, at a depth that
 * depends on how warm the process is) and so that binary files and control characters are told
 * apart from YAML text. Each check is one linear pass and gives the same answer for the same text.
 */

/** Collections nested deeper than this (block indentation levels plus flow brackets) are not parsed. */
export const MAX_NESTING = 128;

/** The first place where nesting exceeds MAX_NESTING, or undefined when the text stays within it. */
export function excessiveNesting(text: string): { offset: number; depth: number } | undefined {
  const indents: number[] = [];
  let flow = 0;
  let quote: '' | "'" | '"' = '';
  let blockScalarIndent = -1;
  let lineStart = 0;
  const n = text.length;
  while (lineStart <= n) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = n;
    let i = lineStart;
    while (i < lineEnd && (text[i] === ' ' || text[i] === '\t')) i++;
    const col = i - lineStart;
    const blank = i >= lineEnd || text[i] === '\r' || text[i] === '#';
    if (blockScalarIndent >= 0) {
      if (blank || col > blockScalarIndent) {
        lineStart = lineEnd + 1;
        continue;
      }
      blockScalarIndent = -1;
    }
    if (!blank && flow === 0 && quote === '') {
      while (indents.length && indents[indents.length - 1]! >= col) indents.pop();
      // `- - - x` opens one sequence per dash on the same line.
      while (text[i] === '-' && (text[i + 1] === ' ' || i + 1 >= lineEnd)) {
        indents.push(i - lineStart);
        i += 2;
        while (i < lineEnd && text[i] === ' ') i++;
      }
      indents.push(i - lineStart);
      if (indents.length > MAX_NESTING) return { offset: i, depth: indents.length };
    }
    // Flow brackets and quotes on the rest of the line; `#` after a space starts a comment.
    let tokenStart = true;
    let lastContent = -1;
    for (; i < lineEnd; i++) {
      const c = text[i]!;
      if (quote) {
        if (c === quote) {
          if (quote === "'" && text[i + 1] === "'") i++;
          else quote = '';
        } else if (c === '\\' && quote === '"') i++;
        continue;
      }
      if (c === '#' && (i === lineStart || text[i - 1] === ' ' || text[i - 1] === '\t')) break;
      if ((c === '"' || c === "'") && tokenStart) {
        quote = c;
        continue;
      }
      if ((c === '[' || c === '{') && (flow > 0 || tokenStart)) {
        flow++;
        if (indents.length + flow > MAX_NESTING) return { offset: i, depth: indents.length + flow };
      } else if ((c === ']' || c === '}') && flow > 0) flow--;
      if (c !== ' ' && c !== '\t' && c !== '\r') lastContent = i;
      tokenStart = c === ' ' || c === '\t' || c === ',' || c === '[' || c === '{' || (c === ':' && flow > 0);
    }
    // A block scalar header (`key: |`, `- >-`, `|2+`) as the last token of a line: its content follows.
    if (flow === 0 && quote === '' && lastContent >= 0) {
      const tail = /(?:^|[\s:-])[|>][0-9+-]{0,2}$/.exec(text.slice(lineStart, lastContent + 1));
      if (tail) blockScalarIndent = col;
    }
    lineStart = lineEnd + 1;
  }
  return undefined;
}

/** C0 control characters YAML forbids (all but tab, line feed and carriage return), and DEL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Offsets of the forbidden control characters in `text`, at most `max` of them, and how many there are in all. */
export function controlCharacters(text: string, max = 5): { offsets: number[]; count: number } {
  const offsets: number[] = [];
  let count = 0;
  CONTROL.lastIndex = 0;
  for (let m = CONTROL.exec(text); m; m = CONTROL.exec(text)) {
    if (offsets.length < max) offsets.push(m.index);
    count++;
  }
  return { offsets, count };
}

// eslint-disable-next-line no-control-regex -- the same class as CONTROL, for a yes/no answer
const ANY_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** True when `text` holds a character `controlCharacters` reports (one scan that stops at the first). */
export function hasControlCharacters(text: string): boolean {
  return ANY_CONTROL.test(text);
}

/**
 * True when the text is binary rather than YAML with a stray control character: in its first 8 KB,
 * four NUL characters or more, or at least two control characters and more than 1 in 200.
 */
export function looksBinary(text: string): boolean {
  const head = text.length > 8192 ? text.slice(0, 8192) : text;
  const { count } = controlCharacters(head, 0);
  if (count === 0) return false;
  let nuls = 0;
  for (let i = head.indexOf('\u0000'); i >= 0 && nuls < 4; i = head.indexOf('\u0000', i + 1)) nuls++;
  return nuls >= 4 || (count >= 2 && count * 200 > head.length);
}
