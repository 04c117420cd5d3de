/**
 * `lm-descriptors check [paths...] [--format text|json]`: the language server's analysis, headless.
 *
 * Exit codes: 0 no errors, 1 errors found, 2 bad usage.
 */
import { realpathSync, statSync, writeSync } from 'node:fs';
import * as path from 'node:path';
import { Session } from '../host/session.js';
import { analyseDocument, type DocumentModel } from '../model/document.js';
import { nodeFileSystem } from '../index/fileSystem.js';
import { workspaceRootOf } from '../host/roots.js';
import { isDescriptorKind } from '../model/kinds.js';
import { computeDiagnostics } from '../features/diagnostics.js';
import type { Diagnostic, Severity } from '../features/types.js';
import { TOSCA_DIALECTS, type ToscaDialect } from '../features/shared/diagnostics.js';
import { DEFAULT_MAX_FILE_BYTES, normalise } from '../index/workspace.js';

interface Row {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  code: string;
  message: string;
}

/**
 * Writes all of `text` to standard output (1) or error (2) at once, through the descriptor: the
 * checker never creates node's stream objects for them (for a pipe they load the socket and stream
 * modules, a cost to every short run). A reader that stops early (`lm-descriptors check | head`)
 * ends the process quietly, as other command-line tools do.
 */
function write(fd: 1 | 2, text: string): void {
  const buf = new TextEncoder().encode(text);
  let off = 0;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') process.exit(process.exitCode ?? 0);
      if (code !== 'EAGAIN') throw e;
      // A non-blocking pipe that is full: wait a moment for the reader.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
    }
  }
}

/**
 * What this process checked: files and their kinds. The loader (bin.ts) keeps it with its code
 * cache, to tell whether a run needed code the cache does not hold.
 */
export const coverage = { files: 0, kinds: [] as string[] };

/** Text of the files to check whose trees are kept from the index build to the check (see below). */
const KEEP_BYTES = 32 * 1024 * 1024;

const USAGE = [
  'Usage: lm-descriptors check [paths...] [--format text|json] [--severity CODE=level ...] ' +
    '[--tosca-dialect standard|amp] [--tosca-generic-types]',
  '',
  'Checks LM assembly and resource descriptors, lmproject files and TOSCA service templates under the',
  'given folders or files (default: the current folder). Levels: error, warning, information, hint, off.',
  '--tosca-dialect amp checks TOSCA files as Cloudsoft AMP reads them: its extensions are accepted and what AMP',
  'does not support is warned about (TOSCA106). --tosca-generic-types accepts the generic type notation',
  'map<string,boolean> in TOSCA files (TOSCA036); the amp dialect implies it.',
  'Exit status: 0 when no errors were found, 1 when errors were found, 2 on bad usage.',
].join('\n');

export async function main(argv: string[]): Promise<number> {
  const args = argv.slice();
  if (args[0] === '--help' || args[0] === '-h') {
    write(1, USAGE + '\n');
    return 0;
  }
  if (args[0] !== 'check') {
    write(2, `${args[0] === undefined ? 'Missing command' : `Unknown command '${args[0]}'`}.\n${USAGE}\n`);
    return 2;
  }
  args.shift();
  let format: 'text' | 'json' = 'text';
  const overrides: Record<string, Severity | 'off'> = {};
  const paths: string[] = [];
  let toscaGenericTypes = false;
  let toscaDialect: ToscaDialect = 'standard';
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--format') {
      const f = args[++i];
      if (f !== 'text' && f !== 'json') {
        write(2, `--format must be text or json\n${USAGE}\n`);
        return 2;
      }
      format = f;
    } else if (a.startsWith('--format=')) {
      const f = a.slice(9);
      if (f !== 'text' && f !== 'json') {
        write(2, `--format must be text or json\n`);
        return 2;
      }
      format = f;
    } else if (a === '--severity') {
      const m = /^((?:LM|TOSCA)\d{3})=(error|warning|information|hint|off)$/.exec(args[++i] ?? '');
      if (!m) {
        write(2, `--severity expects CODE=level, e.g. LM043=off\n`);
        return 2;
      }
      overrides[m[1]!] = m[2] as Severity | 'off';
    } else if (a === '--tosca-generic-types') {
      toscaGenericTypes = true;
    } else if (a === '--tosca-dialect' || a.startsWith('--tosca-dialect=')) {
      const d = a === '--tosca-dialect' ? args[++i] : a.slice('--tosca-dialect='.length);
      if (!TOSCA_DIALECTS.includes(d as ToscaDialect)) {
        write(2, `--tosca-dialect must be ${TOSCA_DIALECTS.join(' or ')}\n${USAGE}\n`);
        return 2;
      }
      toscaDialect = d as ToscaDialect;
    } else if (a.startsWith('-')) {
      write(2, `Unknown option ${a}\n${USAGE}\n`);
      return 2;
    } else paths.push(a);
  }
  if (paths.length === 0) paths.push('.');
  const fs = nodeFileSystem;
  const roots: string[] = [];
  const folders: string[] = [];
  /** Files named on the command line: checked whatever the index makes of them (links included). */
  const named: string[] = [];
  for (const p of paths) {
    const abs = path.resolve(p);
    let st;
    try {
      st = statSync(abs);
    } catch {
      write(2, `No such file or folder: ${p}\n`);
      return 2;
    }
    if (st.isDirectory()) {
      // Indexed from its workspace root (host/roots.ts), reported for the folder only: references
      // into sibling projects resolve as they do in the editor.
      roots.push(workspaceRootOf(fs, normalise(realpathSync(abs)), true));
      folders.push(normalise(realpathSync(abs)));
    } else if (!st.isFile()) {
      write(2, `Not a regular file (a FIFO, socket or device): ${p}\n`);
      return 2;
    } else {
      // A link is checked as the file it points to: its kind and project come from where that lives.
      const real = realpathSync(abs);
      roots.push(workspaceRootOf(fs, normalise(real), false));
      named.push(normalise(real));
    }
  }
  const inFolders = (file: string) => folders.some((t) => file === t || file.startsWith(t + '/'));
  // The files to report on are analysed while the index reads them (one read, one parse each),
  // outline scanner first: it builds the parser's tree several times faster and gives up on
  // anything the parser would report (see syntax/outline.ts), so the findings are the same.
  // Their trees are kept until checked, up to KEEP_BYTES of text; past that, files are read again.
  const analysed = new Map<string, DocumentModel>();
  let kept = 0;
  const analyse = (file: string, text: string): DocumentModel =>
    analyseDocument(file, text, 0, { maxFullParseBytes: DEFAULT_MAX_FILE_BYTES, outlineFirst: true });
  const session = new Session(fs, {
    unchanging: true,
    analyse: (file, text) => {
      if (!(inFolders(file) || named.includes(file)) || kept + text.length > KEEP_BYTES) return undefined;
      kept += text.length;
      const model = analyse(file, text);
      analysed.set(file, model);
      return model;
    },
  });
  for (const r of roots) session.index.addRoot(r);
  await session.index.build();
  const rows: Row[] = [];
  const files = [
    ...new Set([
      ...named,
      ...[...session.index.allEntries()]
        .filter((e) => inFolders(e.path) && (isDescriptorKind(e.kind) || e.kind === 'lmproject' || e.kind === 'tosca'))
        .map((e) => e.path),
    ]),
  ].sort();
  for (const file of files) {
    let doc = analysed.get(file);
    analysed.delete(file);
    if (!doc) {
      const text = session.fs.readTextSync(file, session.index.maxFileBytes);
      if (text === undefined) {
        if (!named.includes(file)) continue;
        write(2, `Cannot read ${path.relative(process.cwd(), file) || file} (unreadable, or over the size cap).\n`);
        return 2;
      }
      doc = analyse(file, text);
    }
    coverage.files++;
    if (!coverage.kinds.includes(doc.kind)) coverage.kinds.push(doc.kind);
    let diags: Diagnostic[];
    try {
      diags = computeDiagnostics(session.context(doc), {
        severityOverrides: overrides,
        tosca: { dialect: toscaDialect, ...(toscaGenericTypes ? { genericTypeNotation: true } : {}) },
      });
    } catch (e) {
      diags = [
        {
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
          severity: 'error',
          code: 'LM999',
          message: `Internal error: ${String(e)}`,
          source: 'lm-descriptors',
        },
      ];
    }
    const rel = path.relative(process.cwd(), file) || file;
    for (const d of diags) {
      rows.push({
        file: rel,
        line: d.range.start.line + 1,
        column: d.range.start.character + 1,
        endLine: d.range.end.line + 1,
        endColumn: d.range.end.character + 1,
        severity: d.severity,
        code: d.code,
        message: d.message,
      });
    }
  }
  if (format === 'json') write(1, JSON.stringify(rows, null, 2) + '\n');
  else {
    write(1, rows.map((r) => `${r.file}:${r.line}:${r.column}: ${r.severity} ${r.code} ${r.message}\n`).join(''));
    const count = (s: Severity) => rows.filter((r) => r.severity === s).length;
    write(
      2,
      `${files.length} file(s) checked: ${count('error')} error(s), ${count('warning')} warning(s), ` +
        `${count('information') + count('hint')} note(s).\n`,
    );
  }
  return rows.some((r) => r.severity === 'error') ? 1 : 0;
}
