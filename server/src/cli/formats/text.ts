/** `path:line:col: severity CODE message`, one line per finding (what editors' problem matchers read). */
import type { Report } from '../report.js';

export function formatText(r: Report): string {
  return r.rows.map((x) => `${x.file}:${x.line}:${x.column}: ${x.severity} ${x.code} ${x.message}\n`).join('');
}
