/**
 * GitLab's code quality report (the Code Climate JSON subset GitLab reads): an array of issues
 * with a description, a check name, a severity, a location and a fingerprint that stays the same
 * while the finding does (so merge requests show what is new and what was fixed). The fingerprint
 * leaves out line numbers on purpose: an edit above a finding must not make it look new.
 */
import { hash } from 'node:crypto';
import type { Severity } from '../../features/types.js';
import type { Report } from '../report.js';

const SEVERITY: Record<Severity, string> = { error: 'major', warning: 'minor', information: 'info', hint: 'info' };

export function formatGitlab(r: Report): string {
  const seen = new Map<string, number>();
  const issues = r.rows.map((x) => {
    const key = `${x.file}\0${x.code}\0${x.message}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return {
      type: 'issue',
      check_name: x.code,
      description: `${x.code} ${x.message}`,
      categories: ['Bug Risk'],
      severity: SEVERITY[x.severity],
      fingerprint: hash('sha256', `${key}\0${n}`, 'hex'),
      location: {
        path: x.file,
        positions: { begin: { line: x.line, column: x.column }, end: { line: x.endLine, column: x.endColumn } },
      },
    };
  });
  return JSON.stringify(issues, null, 2) + '\n';
}
