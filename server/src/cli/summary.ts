/** The summary on stderr: what was checked, what was skipped, what was found. */
import type { FileKind } from '../model/kinds.js';
import type { CheckResult } from './check.js';
import { sizeText } from './report.js';

const KIND_NAMES: [FileKind, string, string][] = [
  ['assembly', 'assembly descriptor', 'assembly descriptors'],
  ['resource', 'resource descriptor', 'resource descriptors'],
  ['assembly-template', 'assembly template', 'assembly templates'],
  ['type', 'type descriptor', 'type descriptors'],
  ['lmproject', 'lmproject file', 'lmproject files'],
  ['behaviour', 'lmctl behaviour file', 'lmctl behaviour files'],
  ['tosca', 'TOSCA file', 'TOSCA files'],
];

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function summaryLines(r: CheckResult): string[] {
  const checked = KIND_NAMES.filter(([k]) => r.kinds[k]).map(([k, one, many]) => plural(r.kinds[k]!, one, many));
  if (r.packages) checked.push(plural(r.packages, 'NFV package', 'NFV packages'));
  const total = Object.values(r.kinds).reduce((a, b) => a + (b ?? 0), 0);
  const skipped = [
    r.skippedYaml ? `${plural(r.skippedYaml, 'YAML file', 'YAML files')} that are not descriptors` : '',
    r.oversized.length
      ? `${plural(r.oversized.length, 'file', 'files')} over the size cap of ` +
        `${sizeText(r.maxFileBytes)} (${r.oversized.slice(0, 3).join(', ')}` +
        `${r.oversized.length > 3 ? ', …' : ''})`
      : '',
  ].filter(Boolean);
  const count = (s: string) => r.rows.filter((x) => x.severity === s).length;
  const notes = count('information') + count('hint');
  return [
    `Checked ${checked.length ? checked.join(', ') : 'nothing'}` +
      (skipped.length ? `; skipped ${skipped.join(' and ')}.` : '.'),
    `${plural(total, 'file', 'files')} checked: ${plural(count('error'), 'error', 'errors')}, ` +
      `${plural(count('warning'), 'warning', 'warnings')}, ${plural(notes, 'note', 'notes')}.`,
  ];
}
