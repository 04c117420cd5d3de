/**
 * `lm-descriptors`: the language server's analysis, headless.
 *
 *   lm-descriptors check [paths...] [options]   check descriptors (see args.ts for the options)
 *   lm-descriptors plan FILE [options]           print the deployment plan of a topology or assembly
 *   lm-descriptors migrate --to tosca_2_0 FILE…  rewrite TOSCA 1.x files as TOSCA 2.0
 *   lm-descriptors schema <kind>                 print the JSON Schema of an LM file kind
 *   lm-descriptors --version | --help
 *
 * Exit codes: 0 no errors, 1 errors found (or more warnings than --max-warnings), 2 bad usage or
 * nothing to check.
 */
import { didYouMean } from '../util/suggest.js';
import { VERSION } from './about.js';
import { parseCheckArgs } from './args.js';
import { runCheck } from './check.js';
import { formatText } from './formats/text.js';
import type { Format, Report } from './report.js';
import { SCHEMA_KINDS, isSchemaKind, schemaText } from './schema.js';
import { summaryLines } from './summary.js';
import { err, out, write } from './output.js';

// For the loader (bin.ts): what this run checked.
export { coverage } from './check.js';

const USAGE = `Usage: lm-descriptors <command> [options]

Commands:
  check [paths...]   check LM descriptors, lmproject files and TOSCA service templates
                     (lm-descriptors check --help for the options)
  plan FILE          print the build, termination or scale-out plan of a TOSCA topology or an
                     LM assembly (lm-descriptors plan --help for the options)
  migrate --to tosca_2_0 [--write] FILE|FOLDER...
                     rewrite TOSCA 1.x files as TOSCA 2.0 (lm-descriptors migrate --help)
  schema <kind>      print the JSON Schema of ${Object.keys(SCHEMA_KINDS).join(', ')}

Options: --version, --help`;

const SCHEMA_USAGE = `Usage: lm-descriptors schema <${Object.keys(SCHEMA_KINDS).join('|')}>

Prints the JSON Schema (draft-07) of an LM file kind, generated from the grammar the language server
completes and checks with; map it in yaml-language-server with yaml.schemas or a modeline.`;

/**
 * The formatter of each output format. Only text is loaded up front: the others are loaded when
 * asked for (SARIF brings the rule help of every code, GitLab node:crypto), a cost a plain check
 * would otherwise pay at every start.
 */
const FORMATTERS: Record<Format, () => Promise<(r: Report) => string>> = {
  text: () => Promise.resolve(formatText),
  json: async () => (await import('./formats/json.js')).formatJson,
  sarif: async () => (await import('./formats/sarif.js')).formatSarif,
  github: async () => (await import('./formats/github.js')).formatGithub,
  gitlab: async () => (await import('./formats/gitlab.js')).formatGitlab,
};

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    out(USAGE);
    return 0;
  }
  // Loaded only for `plan`: it brings every feature of both packs, which a check does not need.
  if (command === 'plan') return (await import('./plan.js')).planCommand(rest);
  if (command === 'migrate') return (await import('./migrate.js')).migrateCommand(rest);
  if (command === '--version' || command === '-v') {
    out(VERSION);
    return 0;
  }
  if (command === 'schema') return schema(rest);
  if (command !== 'check') {
    const near = command ? didYouMean(command, ['check', 'plan', 'migrate', 'schema']) : undefined;
    err(
      `${command === undefined ? 'Missing command' : `Unknown command '${command}'`}.` +
        `${near ? ` Did you mean '${near}'?` : ''}\n\n${USAGE}`,
    );
    return 2;
  }
  return check(rest);
}

async function check(args: string[]): Promise<number> {
  const parsed = await parseCheckArgs(args, VERSION);
  if (parsed.ok === 'exit') {
    out(parsed.out);
    return 0;
  }
  if (!parsed.ok) {
    err(`lm-descriptors check: ${parsed.message}\n(lm-descriptors check --help lists the options.)`);
    return 2;
  }
  const o = parsed.options;
  const outcome = await runCheck(o);
  if (!outcome.ok) {
    err(`lm-descriptors check: ${outcome.message}`);
    return 2;
  }
  const r = outcome.result;
  if (r.empty.length && !o.allowEmpty) {
    for (const m of r.empty) err(`lm-descriptors check: ${m}`);
    err('Nothing to check there: is the path right? (--allow-empty accepts this.)');
    return 2;
  }
  const shown = o.quiet ? r.rows.filter((x) => x.severity === 'error') : r.rows;
  const format = await FORMATTERS[o.format]();
  write(1, format({ rows: shown, cwd: process.cwd() }));
  for (const line of summaryLines(r)) err(line);
  if (r.rows.some((x) => x.severity === 'error')) return 1;
  const warnings = r.rows.filter((x) => x.severity === 'warning').length;
  if (o.maxWarnings !== undefined && warnings > o.maxWarnings) {
    err(`Too many warnings: ${warnings}, more than --max-warnings ${o.maxWarnings}.`);
    return 1;
  }
  return 0;
}

function schema(args: string[]): number {
  const [kind, ...extra] = args;
  if (kind === '--help' || kind === '-h') {
    out(SCHEMA_USAGE);
    return 0;
  }
  if (kind === undefined || extra.length || !isSchemaKind(kind)) {
    const near = kind ? didYouMean(kind, Object.keys(SCHEMA_KINDS)) : undefined;
    err(
      `${kind === undefined ? 'Missing kind' : extra.length ? 'One kind at a time' : `Unknown kind '${kind}'`}.` +
        `${near ? ` Did you mean '${near}'?` : ''}\n\n${SCHEMA_USAGE}`,
    );
    return 2;
  }
  out(schemaText(kind));
  return 0;
}
