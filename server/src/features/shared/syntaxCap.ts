/**
 * The YAML errors a pack lists for one file: all of them up to a cap, then one finding that says how many more there
 * are. A text that is not YAML as written (a whole template on one line with escaped `\n`, a file in another format)
 * makes the parser report an error every few characters; a wall of them says nothing the first ones do not. Warnings
 * are always listed. Only the listing is capped: every problem still guards its own region from other findings.
 */
import type { SyntaxProblem } from '../../syntax/parse.js';
import type { Finding } from './rule.js';

/** At most this many YAML errors are listed per file. */
export const MAX_LISTED_SYNTAX_ERRORS = 30;

/** The findings of `problems` under `code`, with the cap applied. */
export function syntaxFindings(
  problems: readonly SyntaxProblem[],
  code: string,
  finding: (p: SyntaxProblem) => Finding,
): Finding[] {
  const out: Finding[] = [];
  let errors = 0;
  let hidden = 0;
  let first: SyntaxProblem | undefined;
  for (const p of problems) {
    if (p.severity === 'error' && ++errors > MAX_LISTED_SYNTAX_ERRORS) {
      hidden++;
      first ??= p;
      continue;
    }
    out.push(finding(p));
  }
  if (first)
    out.push({
      code,
      severity: 'error',
      span: first.span,
      message:
        `YAML: ${hidden} more error${hidden === 1 ? '' : 's'} from here on ${hidden === 1 ? 'is' : 'are'} not listed ` +
        `(the first ${MAX_LISTED_SYNTAX_ERRORS} are). So many usually mean the text is not YAML as written, or an ` +
        'early error misleads the parser: fix the first ones.',
    });
  return out;
}
