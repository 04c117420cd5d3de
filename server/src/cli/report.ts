/** What one check run found, as every output format reads it. */
import type { Severity } from '../features/types.js';

/** One finding: positions 1-based, end exclusive (the JSON format prints exactly these fields). */
export interface Row {
  /** The path as printed: relative to the current folder when the argument was, else absolute. */
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  code: string;
  message: string;
}

export interface Report {
  rows: Row[];
  /** The folder relative paths are relative to. */
  cwd: string;
}

export const FORMATS = ['text', 'json', 'sarif', 'github', 'gitlab'] as const;
export type Format = (typeof FORMATS)[number];

/** By file (code-point order, the same everywhere), then position, then code and message. */
export function compareRows(a: Row, b: Row): number {
  return (
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    a.line - b.line ||
    a.column - b.column ||
    a.endLine - b.endLine ||
    a.endColumn - b.endColumn ||
    (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)
  );
}

export { sizeText } from '../util/size.js';
