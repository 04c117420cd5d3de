/**
 * GitHub Actions workflow commands: one `::error …::message` line per finding, which the runner
 * turns into annotations on the pull request's files. Escaping follows @actions/core: `%`, CR and
 * LF in the message; also `:` and `,` in property values.
 */
import type { Severity } from '../../features/types.js';
import type { Report } from '../report.js';

const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function formatGithub(r: Report): string {
  return r.rows
    .map((x) => {
      const props = [
        `file=${escapeProperty(x.file)}`,
        `line=${x.line}`,
        `col=${x.column}`,
        `endLine=${x.endLine}`,
        `endColumn=${x.endColumn}`,
        `title=${escapeProperty(x.code)}`,
      ].join(',');
      return `::${COMMAND[x.severity]} ${props}::${escapeData(x.message)}\n`;
    })
    .join('');
}
