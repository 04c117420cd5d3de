/**
 * Every diagnostic code the checker can report, with the help text SARIF and `--severity` need.
 * The codes come from the rules themselves (each rule's `codes`) and from the code tables of the
 * documentation, read into rule-help.json by `npm run generate`; a test keeps the two in step.
 */
import help from './rule-help.json' with { type: 'json' };
import { LM_RULES } from '../features/lm/rules/index.js';
import { TOSCA_RULES } from '../features/tosca/rules/index.js';
import { editDistance, suggestionLimit } from '../util/suggest.js';
import type { Severity } from '../features/types.js';
import { repositoryFileUrl } from './about.js';

export interface RuleInfo {
  code: string;
  /** First clause of the documented check, for lists and titles. */
  short: string;
  /** The documented check, plain text and Markdown. */
  text: string;
  markdown: string;
  /** The documented default severity (the first one when it depends on the case). */
  defaultSeverity: Severity;
  helpUri: string;
}

interface HelpEntry {
  doc: string;
  anchor: string;
  severity: string;
  check: string;
  fix: string;
}

const HELP = help as Record<string, HelpEntry>;

/** The pack runners' own codes: the time-budget notice and the internal-error warning. */
const RUNNER_CODES = ['LM998', 'LM999', 'TOSCA998', 'TOSCA999'];

let known: readonly string[] | undefined;

/** Every code, sorted; computed on first use (a plain check never needs it: it costs start-up time). */
export function knownCodes(): readonly string[] {
  known ??= [
    ...new Set([...[...LM_RULES, ...TOSCA_RULES].flatMap((r) => r.codes), ...RUNNER_CODES, ...Object.keys(HELP)]),
  ].sort(byCode);
  return known;
}

function byCode(a: string, b: string): number {
  const pa = a.startsWith('LM') ? 0 : 1;
  const pb = b.startsWith('LM') ? 0 : 1;
  return pa - pb || a.localeCompare(b, 'en');
}

function severityOf(cell: string): Severity {
  const w = /^(error|warning|info|information|hint)/i.exec(cell.trim())?.[1]?.toLowerCase();
  return w === 'warning'
    ? 'warning'
    : w === 'info' || w === 'information'
      ? 'information'
      : w === 'hint'
        ? 'hint'
        : 'error';
}

const plain = (md: string) => md.replace(/`/g, '');

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The first clause of a check description: up to the first `; ` or `. ` outside brackets and code. */
function firstClause(s: string): string {
  let depth = 0;
  let code = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '`') code = !code;
    else if (!code && c === '(') depth++;
    else if (!code && c === ')') depth = Math.max(0, depth - 1);
    else if (!code && depth === 0 && (c === ';' || c === '.') && (s[i + 1] === ' ' || i + 1 === s.length)) {
      return s.slice(0, i);
    }
  }
  return s.replace(/\.$/, '');
}

export function ruleInfo(code: string): RuleInfo {
  const h = HELP[code];
  if (!h) {
    return {
      code,
      short: code,
      text: `${code}: see the diagnostic-code documentation.`,
      markdown: `${code}: see the diagnostic-code documentation.`,
      defaultSeverity: 'warning',
      helpUri: repositoryFileUrl(
        code.startsWith('TOSCA') ? 'docs/tosca-diagnostic-codes.md' : 'docs/diagnostic-codes.md',
      ),
    };
  }
  const check = capitalise(h.check.replace(/\.$/, '')) + '.';
  const fix = h.fix ? ` Quick fix in the editor: ${h.fix}.` : '';
  const markdown = `${check}\n\nDefault severity: ${h.severity}.${fix}`;
  return {
    code,
    short: capitalise(plain(firstClause(h.check))),
    text: plain(markdown).replace(/\n\n/g, ' '),
    markdown,
    defaultSeverity: severityOf(h.severity),
    helpUri: repositoryFileUrl(h.doc, h.anchor),
  };
}

/**
 * The known codes closest to an unknown one: by the edit distance "did you mean" uses (a slip of a
 * digit or two), then by how close the numbers are, at most `max`.
 */
export function nearestCodes(code: string, max = 3): string[] {
  const limit = Math.max(2, suggestionLimit(code));
  const num = (c: string) => Number(/\d+$/.exec(c)?.[0] ?? 0);
  return knownCodes()
    .map((c) => ({ c, d: editDistance(code, c), n: Math.abs(num(c) - num(code)) }))
    .filter((x) => x.d <= limit)
    .sort((a, b) => a.d - b.d || a.n - b.n || byCode(a.c, b.c))
    .slice(0, max)
    .map((x) => x.c);
}
