/** Text edits of a rename gathered by file in source offsets, turned into one WorkspaceEdit at the end. */
import type { LineIndex, Span } from '../../syntax/positions.js';
import type { TextEdit, WorkspaceEdit } from '../types.js';

export class EditSet {
  private readonly files = new Map<string, { lines: LineIndex; edits: Map<string, { span: Span; text: string }> }>();

  add(path: string, lines: LineIndex, span: Span, text: string): void {
    let f = this.files.get(path);
    if (!f) this.files.set(path, (f = { lines, edits: new Map() }));
    // The same place can be reached twice (a name used by two symbols being renamed together).
    f.edits.set(`${span.start}:${span.end}`, { span, text });
  }

  get size(): number {
    let n = 0;
    for (const f of this.files.values()) n += f.edits.size;
    return n;
  }

  toWorkspaceEdit(): WorkspaceEdit {
    const changes: Record<string, TextEdit[]> = {};
    for (const path of [...this.files.keys()].sort()) {
      const f = this.files.get(path)!;
      changes[path] = [...f.edits.values()]
        .sort((a, b) => a.span.start - b.span.start)
        .map((e) => ({ range: f.lines.rangeOf(e.span), newText: e.text }));
    }
    return { changes };
  }
}
