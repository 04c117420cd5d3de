/**
 * Reads the diagnostic-code tables of docs/diagnostic-codes.md and docs/tosca-diagnostic-codes.md
 * into the rule help the checker ships (server/src/cli/rule-help.json): SARIF needs a description
 * and a help link for every rule, and the documents are where those are written and reviewed.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

export interface RuleHelp {
  /** The document, relative to the repository root. */
  doc: string;
  /** The section heading the code's row is under, and its anchor as GitHub renders it. */
  section: string;
  anchor: string;
  /** The Severity column as written ("error / info"). */
  severity: string;
  /** The Check column (Markdown). */
  check: string;
  /** The Fix column (LM codes only; empty when none). */
  fix: string;
}

export const RULE_DOCS = ['docs/diagnostic-codes.md', 'docs/tosca-diagnostic-codes.md'];

/** Words that only make sense inside this project (as test/architecture/publicText.test.ts). */
const INTERNAL = /\bseeds?\b|\bcorpus\b|EXPECTED\.md|§/i;

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function githubAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/**
 * Drops the mentions of internal notes some rows carry ("(seed 002)", "e.g. seed 002's sensors"):
 * the help text is read by people who have only the public documents.
 */
export function publicText(s: string): string {
  return s
    .replace(/,? e\.g\. [^,;()]*?(?:\bseeds?\b)[^,;()]*/gi, '')
    .replace(/\s*\([^()]*(?:\bseeds?\b|\bcorpus\b|EXPECTED\.md|§)[^()]*\)/gi, '')
    .replace(/\s{2,}/g, ' ');
}

function cells(row: string): string[] {
  // Split on `|` not escaped as `\|`, dropping the empty cells outside the outer bars.
  const out = row.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
  return out.slice(1, -1);
}

export function parseRuleDocs(repo: string): Record<string, RuleHelp> {
  const out: Record<string, RuleHelp> = {};
  for (const doc of RULE_DOCS) {
    let section = '';
    for (const line of readFileSync(path.join(repo, doc), 'utf8').split('\n')) {
      const h = /^##\s+(.*)$/.exec(line);
      if (h) section = h[1]!.trim();
      const m = /^\|\s*((?:LM|TOSCA)\d{3})\s*\|/.exec(line);
      if (!m) continue;
      const [code, severity = '', check = '', fix = ''] = cells(line);
      if (out[code!]) throw new Error(`${doc}: ${code} is listed twice`);
      out[code!] = { doc, section, anchor: githubAnchor(section), severity, check: publicText(check), fix };
      if (INTERNAL.test(out[code!]!.check)) throw new Error(`${doc}: ${code} cites an internal note: ${check}`);
    }
  }
  return out;
}
