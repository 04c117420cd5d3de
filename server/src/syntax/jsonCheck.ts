/**
 * Where a text stops being JSON (RFC 8259), and why: a small recursive-descent reader that only
 * validates. JSON.parse says that a text is invalid but, for many errors, not where; the editor
 * needs the place.
 */
export interface JsonProblem {
  offset: number;
  message: string;
}

const MAX_DEPTH = 512;

class Reader {
  i = 0;
  constructor(private readonly t: string) {}

  ws(): void {
    while (this.i < this.t.length && ' \t\r\n'.includes(this.t[this.i]!)) this.i++;
  }

  fail(message: string): never {
    throw { offset: Math.min(this.i, this.t.length), message } satisfies JsonProblem;
  }

  found(): string {
    if (this.i >= this.t.length) return 'the end of the file';
    const c = this.t[this.i]!;
    if (c === "'") return 'a single quote (JSON strings take double quotes)';
    if (c === '/') return 'a comment (JSON has none)';
    return `\`${c}\``;
  }

  value(depth: number): void {
    if (depth > MAX_DEPTH) this.fail('nested too deeply');
    this.ws();
    const c = this.t[this.i];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return this.string();
    if (this.t.startsWith('-Infinity', this.i)) {
      this.i += 9;
      return;
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    // Python's json module, which lmctl reads these files with, also takes NaN and the infinities.
    for (const w of ['true', 'false', 'null', 'NaN', 'Infinity'])
      if (this.t.startsWith(w, this.i)) {
        this.i += w.length;
        return;
      }
    this.fail(`expected a value, found ${this.found()}`);
  }

  object(depth: number): void {
    this.i++;
    this.ws();
    if (this.t[this.i] === '}') {
      this.i++;
      return;
    }
    for (;;) {
      this.ws();
      if (this.t[this.i] !== '"') {
        const comma = this.t[this.i] === '}' ? ' (a trailing comma?)' : '';
        this.fail(`expected a key in double quotes, found ${this.found()}${comma}`);
      }
      this.string();
      this.ws();
      if (this.t[this.i] !== ':') this.fail(`expected \`:\` after the key, found ${this.found()}`);
      this.i++;
      this.value(depth + 1);
      this.ws();
      if (this.t[this.i] === ',') {
        this.i++;
        continue;
      }
      if (this.t[this.i] === '}') {
        this.i++;
        return;
      }
      this.fail(`expected \`,\` or \`}\`, found ${this.found()}`);
    }
  }

  array(depth: number): void {
    this.i++;
    this.ws();
    if (this.t[this.i] === ']') {
      this.i++;
      return;
    }
    for (;;) {
      this.ws();
      if (this.t[this.i] === ']') this.fail('expected a value, found `]` (a trailing comma?)');
      this.value(depth + 1);
      this.ws();
      if (this.t[this.i] === ',') {
        this.i++;
        continue;
      }
      if (this.t[this.i] === ']') {
        this.i++;
        return;
      }
      this.fail(`expected \`,\` or \`]\`, found ${this.found()}`);
    }
  }

  string(): void {
    this.i++;
    while (this.i < this.t.length) {
      const c = this.t[this.i]!;
      if (c === '"') {
        this.i++;
        return;
      }
      if (c === '\\') {
        const e = this.t[this.i + 1];
        if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(this.t.slice(this.i + 2, this.i + 6))) this.i += 6;
        else if (e !== undefined && '"\\/bfnrt'.includes(e)) this.i += 2;
        else this.fail('invalid escape in a string');
        continue;
      }
      if (c < ' ') this.fail('a control character or line break inside a string (close the string or escape it)');
      this.i++;
    }
    this.fail('the string is not closed');
  }

  number(): void {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.t.slice(this.i, this.i + 400));
    if (!m) this.fail('invalid number');
    this.i += m[0].length;
  }
}

/** The first JSON problem of `text`, or undefined when it is valid JSON. */
export function jsonProblem(text: string): JsonProblem | undefined {
  const r = new Reader(text);
  try {
    r.ws();
    if (r.i >= text.length) return { offset: 0, message: 'the file is empty' };
    r.value(0);
    r.ws();
    if (r.i < text.length) r.fail(`unexpected ${r.found()} after the JSON value`);
    return undefined;
  } catch (e) {
    if (typeof e === 'object' && e !== null && 'offset' in e) return e as JsonProblem;
    throw e;
  }
}
