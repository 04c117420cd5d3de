/**
 * The one place where string offsets become line/character positions and back.
 *
 * Offsets are JavaScript string indices, i.e. UTF-16 code units, which is also the default
 * position encoding of LSP, so `character` is a plain difference of offsets. Line breaks are
 * `\n`, `\r\n` and a lone `\r`, as LSP defines them; a position never points between `\r` and `\n`.
 */
export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

/** A half-open span of string offsets `[start, end)`. */
export interface Span {
  start: number;
  end: number;
}

export class LineIndex {
  /** Offset at which each line starts; `lineStarts[0] === 0`. */
  readonly lineStarts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    // Without a carriage return (most files), `indexOf` finds the line feeds several times faster than
    // a loop over every character: this runs on every keystroke over the whole text.
    if (text.indexOf('\r') < 0) {
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.lineStarts = starts;
      return;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 /* \n */) starts.push(i + 1);
      else if (c === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** Converts an offset (clamped to the text) to a position. */
  positionAt(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    const lineEnd = this.lineContentEnd(lo);
    return { line: lo, character: Math.min(o, lineEnd) - this.lineStarts[lo]! };
  }

  /** Converts a position (clamped to its line's content) to an offset. */
  offsetAt(pos: Position): number {
    if (pos.line < 0) return 0;
    if (pos.line >= this.lineStarts.length) return this.text.length;
    const start = this.lineStarts[pos.line]!;
    return Math.min(start + Math.max(0, pos.character), this.lineContentEnd(pos.line));
  }

  rangeOf(span: Span): Range {
    return { start: this.positionAt(span.start), end: this.positionAt(span.end) };
  }

  /** Offset just past the last character of the line, before its line break. */
  lineContentEnd(line: number): number {
    const next = line + 1 < this.lineStarts.length ? this.lineStarts[line + 1]! : this.text.length;
    let end = next;
    if (end > this.lineStarts[line]! && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > this.lineStarts[line]! && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  /** The text of a line without its line break. */
  lineText(line: number): string {
    return this.text.slice(this.lineStarts[line] ?? this.text.length, this.lineContentEnd(line));
  }
}
