/** The options of `lm-descriptors check`, parsed and validated (bad usage is exit status 2). */
import { TOSCA_DIALECTS, type ToscaDialect } from '../features/shared/diagnostics.js';
import type { Severity } from '../features/types.js';
import { FORMATS, type Format } from './report.js';

export interface CheckOptions {
  paths: string[];
  format: Format;
  overrides: Record<string, Severity | 'off'>;
  quiet: boolean;
  maxWarnings: number | undefined;
  allowEmpty: boolean;
  toscaGenericTypes: boolean;
  /** How TOSCA files are read: `standard`, or an orchestrator's dialect (--tosca-dialect). */
  toscaDialect: ToscaDialect;
  /** The size cap in bytes (--max-file-size, in MB); the index default when undefined. */
  maxFileBytes: number | undefined;
  /** --import-map PREFIX=FOLDER (repeatable): import URLs under PREFIX are files under FOLDER (as given). */
  importMap?: { prefix: string; folder: string }[];
}

export const CHECK_USAGE = `Usage: lm-descriptors check [paths...] [options]

Checks the LM assembly and resource descriptors, lmproject files and TOSCA service templates under
the given folders, or the given files (default: the current folder). Each file is checked with its
workspace (the version-control root, else the top-most lmctl project or CSAR), so references into
other projects resolve as they do in the editor.

Options:
  --format text|json|sarif|github|gitlab
                          text: path:line:col: severity CODE message (the default); json: an array of
                          findings; sarif: SARIF 2.1.0 (GitHub code scanning); github: workflow-command
                          annotations; gitlab: a GitLab code quality report
  --severity CODE=LEVEL   change a code's severity: error, warning, information, hint or off (repeatable)
  --quiet                 print errors only
  --max-warnings N        exit 1 when more than N warnings are found (even with --quiet)
  --allow-empty           do not fail when a path holds no descriptor, lmproject file or TOSCA file
  --max-file-size MB      files larger than this are not read (default 4)
  --no-cache              check everything again: do not print the last run's result when the same
                          command already ran here over the same files (the run cache, see README)
  --import-map PREFIX=FOLDER
                          imports by URL under PREFIX are read from FOLDER (relative to the current folder),
                          never downloaded; the longest prefix wins (repeatable). Without it, raw-file URLs
                          of the file's own git repository (its remotes) are read from the checkout
  --tosca-generic-types   accept the generic type notation map<string,boolean> in TOSCA files (TOSCA036)
  --tosca-dialect standard|amp|unfurl|onap|cloudshell|alien4cloud
                          check TOSCA files as that orchestrator reads them: its extensions accepted,
                          its built-in types known, what it does not support warned about (amp:
                          Cloudsoft AMP, TOSCA106, implies --tosca-generic-types; unfurl; onap: the
                          ONAP policy framework; cloudshell: Quali CloudShell; alien4cloud:
                          Alien4Cloud's DSL). Without it, a .lm-descriptors.json folder config file
                          or the file itself says (see README)
  --version               print the version
  -h, --help              print this help

Exit status: 0 no errors (and no more warnings than --max-warnings); 1 errors found, or too many
warnings; 2 bad usage, an unreadable path, or a path with nothing to check (unless --allow-empty).`;

export type Parsed = { ok: true; options: CheckOptions } | { ok: false; message: string } | { ok: 'exit'; out: string };

const LEVELS = ['error', 'warning', 'information', 'hint', 'off'];

/**
 * Async only for `--severity`: its code is checked against the list of codes (rules.ts), loaded then,
 * as its table of rule help (100 KB) would otherwise be built, and kept in the code cache, at every start.
 */
export async function parseCheckArgs(args: readonly string[], version: string): Promise<Parsed> {
  const o: CheckOptions = {
    paths: [],
    format: 'text',
    overrides: {},
    quiet: false,
    maxWarnings: undefined,
    allowEmpty: false,
    toscaGenericTypes: false,
    toscaDialect: 'standard',
    maxFileBytes: undefined,
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      o.paths.push(...args.slice(i + 1));
      break;
    }
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const name = eq > 0 ? a.slice(0, eq) : a;
    const value = (): string | undefined => (eq > 0 ? a.slice(eq + 1) : args[++i]);
    switch (name) {
      case '-h':
      case '--help':
        return { ok: 'exit', out: CHECK_USAGE };
      case '--version':
        return { ok: 'exit', out: version };
      case '--format': {
        const f = value();
        if (!FORMATS.includes(f as Format))
          return { ok: false, message: `--format must be one of ${FORMATS.join(', ')}` };
        o.format = f as Format;
        break;
      }
      case '--severity': {
        const v = value() ?? '';
        const m = /^([A-Za-z]+\d+)=([a-z]+)$/.exec(v);
        if (!m) return { ok: false, message: `--severity expects CODE=level, e.g. LM043=off (got '${v}')` };
        const code = m[1]!.toUpperCase();
        if (!LEVELS.includes(m[2]!)) {
          return { ok: false, message: `--severity ${v}: the level must be one of ${LEVELS.join(', ')}` };
        }
        const { knownCodes, nearestCodes } = await import('./rules.js');
        if (!knownCodes().includes(code)) {
          const near = nearestCodes(code);
          return {
            ok: false,
            message:
              `--severity ${v}: unknown code ${code}.` +
              (near.length ? ` Did you mean ${near.join(', ')}?` : '') +
              ' The codes are listed in docs/diagnostic-codes.md and docs/tosca-diagnostic-codes.md.',
          };
        }
        o.overrides[code] = m[2] as Severity | 'off';
        break;
      }
      case '--max-warnings': {
        const v = value() ?? '';
        if (!/^\d+$/.test(v)) return { ok: false, message: `--max-warnings expects a whole number (got '${v}')` };
        o.maxWarnings = Number(v);
        break;
      }
      case '--max-file-size': {
        const v = value() ?? '';
        if (!/^\d+(\.\d+)?$/.test(v) || Number(v) <= 0) {
          return { ok: false, message: `--max-file-size expects a size in MB, e.g. 8 (got '${v}')` };
        }
        o.maxFileBytes = Math.round(Number(v) * 1024 * 1024);
        break;
      }
      case '--import-map': {
        const v = value() ?? '';
        // The prefix is a URL (it holds ':' and may hold '='): the folder is after the last '='.
        const at = v.lastIndexOf('=');
        if (at <= 0 || at === v.length - 1)
          return {
            ok: false,
            message: `--import-map expects PREFIX=FOLDER, e.g. https://example.com/profiles/=./profiles (got '${v}')`,
          };
        (o.importMap ??= []).push({ prefix: v.slice(0, at), folder: v.slice(at + 1) });
        break;
      }
      case '--quiet':
        o.quiet = true;
        break;
      case '--allow-empty':
        o.allowEmpty = true;
        break;
      // Read by the loader (bin.ts, host/runCache.ts) before the checker runs: nothing to do here.
      case '--no-cache':
        break;
      case '--tosca-generic-types':
        o.toscaGenericTypes = true;
        break;
      case '--tosca-dialect': {
        const d = value() ?? '';
        if (!TOSCA_DIALECTS.includes(d as ToscaDialect))
          return { ok: false, message: `--tosca-dialect must be one of ${TOSCA_DIALECTS.join(', ')} (got '${d}')` };
        o.toscaDialect = d as ToscaDialect;
        break;
      }
      default:
        if (a.startsWith('-') && a !== '-') return { ok: false, message: `Unknown option ${a}` };
        o.paths.push(a);
    }
  }
  if (o.paths.length === 0) o.paths.push('.');
  return { ok: true, options: o };
}
