/** An array of `{file, line, column, endLine, endColumn, severity, code, message}` (1-based). */
import type { Report } from '../report.js';

export function formatJson(r: Report): string {
  return JSON.stringify(r.rows, null, 2) + '\n';
}
