/**
 * Text edits of a migration: replacements of source spans and `# TODO(migrate): …` comment lines,
 * collected while the tree is walked and applied at once, so that everything the migration does
 * not touch (comments, quoting, layout) stays byte for byte.
 */
import { LineIndex } from '../../../syntax/positions.js';

export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
  /** Set on the insertion of a TODO comment line: its message. */
  todo?: string;
}

/** Something the migration could not do mechanically, at the line of the construct. */
export interface MigrationTodo {
  /** 0-based line of the construct in the original text. */
  line: number;
  /** 0-based line of the TODO comment in the migrated text. */
  newLine: number;
  message: string;
}

export class EditSet {
  readonly edits: OffsetEdit[] = [];
  readonly todos: { offset: number; message: string }[] = [];
  /** Spans replaced as a whole: edits inside them are dropped (the replacement already covers them). */
  private readonly owned: { start: number; end: number }[] = [];

  constructor(readonly text: string) {}

  /** Replaces `[start, end)`; ignored inside a span an earlier `replaceWhole` took over. */
  replace(start: number, end: number, text: string): void {
    if (this.inOwned(start, end)) return;
    this.edits.push({ start, end, text });
  }

  /** Replaces a whole region whose inner edits must not be made separately. */
  replaceWhole(start: number, end: number, text: string): void {
    if (this.inOwned(start, end)) return;
    this.owned.push({ start, end });
    this.edits.push({ start, end, text });
  }

  insert(at: number, text: string): void {
    this.replace(at, at, text);
  }

  /** A TODO comment on its own line above the line of `offset`, at that line's indentation. */
  todo(offset: number, message: string): void {
    if (!this.todos.some((t) => t.offset === offset && t.message === message)) this.todos.push({ offset, message });
  }

  isOwned(start: number, end: number): boolean {
    return this.inOwned(start, end);
  }

  private inOwned(start: number, end: number): boolean {
    // An insertion at either end of a replaced region is next to it, not inside.
    if (start === end) return this.owned.some((o) => start > o.start && start < o.end);
    return this.owned.some((o) => start >= o.start && end <= o.end && !(start === o.start && end === o.end));
  }

  /** Every edit, the TODO comment lines included, in application order (non-overlapping, by start). */
  all(): OffsetEdit[] {
    // An edit inside a region replaced as a whole is part of that replacement already.
    const out = this.edits.filter((e) => !this.inOwned(e.start, e.end));
    for (const t of this.todos) {
      const lineStart = this.text.lastIndexOf('\n', t.offset - 1) + 1;
      let i = lineStart;
      while (this.text[i] === ' ' || this.text[i] === '\t') i++;
      // Lines indented by the migration (operations moved under `operations:`) take their comment along.
      const shift = out.filter((e) => e.start === lineStart && e.end === lineStart && /^ +$/.test(e.text));
      const indent = this.text.slice(lineStart, i) + shift.map((e) => e.text).join('');
      out.push({ start: lineStart, end: lineStart, text: `${indent}# TODO(migrate): ${t.message}\n`, todo: t.message });
    }
    // Stable: insertions at one offset keep the order they were made in; TODO lines come first.
    return out
      .map((e, i) => ({ e, i: e.todo !== undefined ? i - out.length : i }))
      .sort((a, b) => a.e.start - b.e.start || a.i - b.i)
      .map((x) => x.e);
  }
}

/** The TODOs of applied edits: their lines in the original text and in the migrated one. */
export function todosOf(text: string, edits: readonly OffsetEdit[]): MigrationTodo[] {
  const lines = new LineIndex(text);
  const out: MigrationTodo[] = [];
  let added = 0;
  let at = 0;
  for (const e of edits) {
    if (e.start < at) continue;
    const line = lines.positionAt(e.start).line;
    if (e.todo !== undefined) out.push({ line, newLine: line + added, message: e.todo });
    added += countLines(e.text) - countLines(text.slice(e.start, e.end));
    at = e.end;
  }
  return out;
}

function countLines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/** Applies non-overlapping edits sorted by start. */
export function applyEdits(text: string, edits: readonly OffsetEdit[]): string {
  let out = '';
  let at = 0;
  for (const e of edits) {
    if (e.start < at) continue;
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
}
