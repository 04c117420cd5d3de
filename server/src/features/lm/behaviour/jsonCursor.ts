/**
 * Where the cursor is in a JSON text that may be half typed: the keys of the objects around it and
 * whether it is in (or about to start) a key or a value. A forward scan of the text up to the
 * cursor, so it works when the rest of the file does not parse yet.
 */
export interface JsonCursor {
  /** Keys from the top object down to the one holding the cursor; `[]` stands for an array element. */
  path: string[];
  /** A key (or where one goes), or a value (after the key's `:`, or an array element). */
  role: 'key' | 'value';
  /** The string the cursor is in: from its opening quote to its closing one (or the end of the line). */
  string?: { start: number; end: number };
}

interface Frame {
  array: boolean;
  key?: string;
  afterColon: boolean;
}

/** The end of the string opened at `open` (the index after its closing quote), or the end of the line. */
function stringEnd(text: string, open: number): { end: number; closed: boolean } {
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '"') return { end: i + 1, closed: true };
    else if (c === '\n') return { end: i, closed: false };
  }
  return { end: text.length, closed: false };
}

export function jsonCursor(text: string, offset: number): JsonCursor | undefined {
  const stack: Frame[] = [];
  let i = 0;
  let lastString: string | undefined;
  while (i < offset) {
    const c = text[i]!;
    if (c === '"') {
      const { end, closed } = stringEnd(text, i);
      if (offset < end || (!closed && offset <= end)) {
        const top = stack[stack.length - 1];
        if (!top) return undefined;
        const role = !top.array && !top.afterColon ? 'key' : 'value';
        return { path: pathOf(stack, role), role, string: { start: i, end } };
      }
      lastString = text.slice(i + 1, end - 1);
      i = end;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === '{' || c === '[') stack.push({ array: c === '[', afterColon: false });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ':' && top && !top.array) {
      top.key = lastString;
      top.afterColon = true;
    } else if (c === ',' && top) {
      top.afterColon = false;
      top.key = undefined;
    }
    i++;
  }
  const top = stack[stack.length - 1];
  if (!top) return undefined;
  const role = !top.array && !top.afterColon ? 'key' : 'value';
  return { path: pathOf(stack, role), role };
}

function pathOf(stack: Frame[], role: 'key' | 'value'): string[] {
  const out: string[] = [];
  for (let k = 0; k < stack.length; k++) {
    const f = stack[k]!;
    const last = k === stack.length - 1;
    if (f.array) {
      if (k > 0) out.push('[]');
      continue;
    }
    if (last && role === 'key') break;
    if (f.key !== undefined) out.push(f.key);
  }
  return out;
}
