/**
 * One run of `lm-descriptors check`: index the workspaces of the given paths, check every
 * descriptor, lmproject file and TOSCA file under them, and say what was checked and skipped.
 * Nothing passes silently: a file that is not UTF-8 is an error where it is, and a path that holds
 * nothing to check is reported (exit 2 unless --allow-empty).
 */
import { realpathSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { Session } from '../host/session.js';
import { workspaceRootOf } from '../host/roots.js';
import { kindFromPath, type FileKind } from '../model/kinds.js';
import { computeDiagnostics } from '../features/diagnostics.js';
import { diagnoserFor } from '../features/diagnosers.js';
import type { Diagnostic, Severity } from '../features/types.js';
import { analyseDocument, markOnce, type DocumentModel } from '../model/document.js';
import { DEFAULT_MAX_FILE_BYTES, normalise } from '../index/workspace.js';
import { nodeFileSystem } from '../host/nodeFileSystem.js';
import { ListedFileSystem } from '../host/listedFileSystem.js';
import { LineIndex } from '../syntax/positions.js';
import { looksBinary } from '../syntax/limits.js';
import type { CheckOptions } from './args.js';
import { displayOf, displayUnder, isInside, type Target } from './paths.js';
import { decode, readChecked, type InvalidUtf8, type ReadResult } from './read.js';
import { ArchiveFileSystem } from '../host/archiveFileSystem.js';
import { ZipArchive, ZipError } from '../host/zipArchive.js';
import { packageRows } from './packages.js';
import { archivesUnder, refusedRow } from './archives.js';
import { compareRows, sizeText, type Row } from './report.js';

export interface CheckResult {
  /** Every finding, sorted (before --quiet filters). */
  rows: Row[];
  /** Files checked, by kind. */
  kinds: Partial<Record<FileKind, number>>;
  /** YAML files under the folders that are not descriptors, lmproject files or TOSCA files. */
  skippedYaml: number;
  /** Files over the size cap, as printed. */
  oversized: string[];
  maxFileBytes: number;
  /** Paths that held nothing to check, with why. */
  empty: string[];
  /** NFV packages checked (folders with TOSCA-Metadata, archives). */
  packages?: number;
}

export type CheckOutcome = { ok: true; result: CheckResult } | { ok: false; message: string };

/**
 * What this process checked: files and their kinds. The loader (bin.ts) keeps it with its code
 * cache, to tell whether a run needed code the cache does not hold. `unstable` counts the findings
 * that depend on time or a fault (LM998/LM999/TOSCA998/TOSCA999), shown or not: the run cache
 * (host/runCache.ts) does not store such a run.
 */
export const coverage = { files: 0, kinds: [] as string[], unstable: 0 };
const UNSTABLE = new Set(['LM998', 'LM999', 'TOSCA998', 'TOSCA999']);

/** Text of the files to check whose trees are kept from the index build to the check (see below). */
const KEEP_BYTES = 32 * 1024 * 1024;

/** The files checked are those a language pack serves; its codes are the pack's. */
const checkable = (k: FileKind) => diagnoserFor(k) !== undefined;

export async function runCheck(o: CheckOptions, cwd = process.cwd()): Promise<CheckOutcome> {
  const targets: Target[] = [];
  const wanted = (file: string) => targets.some((t) => (t.isDir ? isInside(file, t.real) : file === t.real));
  // The files to report on are analysed while the index reads them (one parse each), outline
  // scanner first: it builds the parser's tree several times faster and gives up on anything the
  // parser would report (see syntax/outline.ts), so the findings are the same. Their trees are kept
  // until checked, up to KEEP_BYTES of text; past that, files are parsed again.
  const analysed = new Map<string, DocumentModel>();
  let kept = 0;
  // `.csar`/`.zip` arguments are read in place: mounted as folders named `<archive>!`. Files do not
  // change during a run: a path missing from a folder the index listed is not asked of the disk again.
  const fs = new ArchiveFileSystem(new ListedFileSystem(nodeFileSystem));
  const archives = new Map<string, ZipArchive>();
  const refusedRows: { row: Row; target: Target }[] = [];
  const session = new Session(fs, {
    ...(o.maxFileBytes ? { maxFileBytes: o.maxFileBytes } : {}),
    importMap: (o.importMap ?? []).map((e) => ({ prefix: e.prefix, folder: normalise(path.resolve(cwd, e.folder)) })),
    // Nothing changes during a run: the TOSCA models need no invalidation bookkeeping.
    unchanging: true,
    analyse: (file, text) => {
      if (!wanted(file) || kept + text.length > KEEP_BYTES) return undefined;
      kept += text.length;
      const model = analyseDocument(file, text, 0, {
        maxFullParseBytes: o.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
        outlineFirst: true,
      });
      analysed.set(file, model);
      return model;
    },
  });
  const maxFileBytes = session.index.maxFileBytes;
  session.index.toscaDialect = o.toscaDialect;
  for (const given of o.paths) {
    const abs = path.resolve(cwd, given);
    let st;
    try {
      st = statSync(abs);
    } catch {
      return { ok: false, message: `No such file or folder: ${given}` };
    }
    if (!st.isDirectory() && !st.isFile()) {
      return { ok: false, message: `Not a regular file (a FIFO, socket or device): ${given}` };
    }
    // A link is checked as what it points to: its kind and project come from where that lives.
    const real = normalise(realpathSync(abs));
    if (st.isFile() && /\.(csar|zip)$/i.test(real)) {
      let zip: ZipArchive;
      try {
        zip = ZipArchive.open(real);
      } catch (e) {
        for (const z of archives.values()) z.close();
        const why = e instanceof ZipError ? e.message : String(e);
        return { ok: false, message: `${given} is refused as a package archive: ${why}.` };
      }
      const root = real + '!';
      fs.mount(root, zip);
      archives.set(root, zip);
      session.index.addRoot(root);
      targets.push({ given, real: root, isDir: true, display: displayOf(given, cwd) + '!' });
      continue;
    }
    // Indexed from its workspace root (host/roots.ts), reported for the path only, so references
    // into sibling projects resolve as they do in the editor.
    session.index.addRoot(workspaceRootOf(session.fs, real, st.isDirectory()));
    const target = { given, real, isDir: st.isDirectory(), display: displayOf(given, cwd) };
    targets.push(target);
    // Package archives in a folder are read in place too, printed `folder/pkg.csar!/…`.
    if (target.isDir) {
      const scan = archivesUnder(real, fs);
      for (const a of scan.found) {
        const root = a.file + '!';
        if (archives.has(root)) {
          a.zip.close();
          continue;
        }
        fs.mount(root, a.zip);
        archives.set(root, a.zip);
        session.index.addRoot(root);
      }
      for (const r of scan.refused) {
        const sev = severity('TOSCA329', 'error', o.overrides);
        if (sev) refusedRows.push({ row: refusedRow(displayUnder(target, r.file), r.why, sev), target });
      }
    }
  }
  await session.index.build();

  // Which files to check (real path -> printed path and the argument that named it).
  // A file two arguments reach is checked once, printed as the first one gives it, and counts for both.
  const files = new Map<string, { display: string; targets: Target[] }>();
  const add = (file: string, display: string, t: Target) => {
    const f = files.get(file);
    if (f) f.targets.push(t);
    else files.set(file, { display, targets: [t] });
  };
  const others = new Set<string>();
  const oversized = new Map<string, string>();
  for (const t of targets) {
    if (!t.isDir) {
      add(t.real, t.display, t);
      continue;
    }
    for (const e of session.index.allEntries()) {
      if (!isInside(e.path, t.real)) continue;
      if (checkable(e.kind)) {
        add(e.path, displayUnder(t, e.path), t);
      } else others.add(e.path);
    }
    for (const p of session.index.oversized) if (isInside(p, t.real)) oversized.set(p, displayUnder(t, p));
  }

  const rows: Row[] = [];
  const kinds: Partial<Record<FileKind, number>> = {};
  const matched = new Set<Target>();
  const options = {
    severityOverrides: o.overrides,
    tosca: { dialect: o.toscaDialect, ...(o.toscaGenericTypes ? { genericTypeNotation: true } : {}) },
  };
  for (const [file, { display, targets }] of files) {
    // Named on the command line: what cannot be read is bad usage, not something to skip.
    const named = targets.some((t) => !t.isDir);
    // The tree built while indexing. Its text holds no U+FFFD: the bytes were UTF-8 (the lenient
    // decoder writes U+FFFD only where they are not, or where the file holds one itself), so the file
    // is not read again. Otherwise it is, as bytes, so that text which is not UTF-8 is reported where it is.
    const pre = analysed.get(file);
    analysed.delete(file);
    const read: ReadResult =
      pre && !pre.text.includes('\uFFFD')
        ? { ok: true, text: pre.text }
        : fs.isArchivePath(file)
          ? readArchived(fs, file, maxFileBytes)
          : readChecked(file, maxFileBytes);
    if (!read.ok) {
      if (read.reason === 'too-large') {
        if (named) {
          return {
            ok: false,
            message:
              `${display} is ${sizeText(read.size ?? 0)}, over the size cap of ${sizeText(maxFileBytes)} ` +
              '(--max-file-size).',
          };
        }
        oversized.set(file, display);
        continue;
      }
      if (named) return { ok: false, message: `Cannot read ${display} (${read.reason}).` };
      continue; // changed or removed since the index read it
    }
    // The tree built while indexing, when the file still reads the same.
    const doc = pre && pre.text === read.text ? pre : session.analyse(file, read.text);
    if (!checkable(doc.kind)) {
      if (!named) others.add(file);
      continue;
    }
    for (const t of targets) matched.add(t);
    kinds[doc.kind] = (kinds[doc.kind] ?? 0) + 1;
    coverage.files++;
    if (!coverage.kinds.includes(doc.kind)) coverage.kinds.push(doc.kind);
    const pack = diagnoserFor(doc.kind)!;
    // Checked once, as the workspace pass checks a file: nothing is kept for a next version (per-region findings,
    // the scans a keystroke would take over), which a run never has. The findings are the same.
    markOnce(doc);
    let diags: Diagnostic[];
    try {
      diags = computeDiagnostics(session.context(doc), options);
    } catch (e) {
      diags = [internalError(e, pack.internalErrorCode)];
    }
    // Binary content already has its own error ("not YAML text"); one is enough.
    if (read.invalidUtf8 && (read.invalidUtf8.utf16 || !looksBinary(read.text))) {
      const d = notUtf8(read.text, read.invalidUtf8, pack.syntaxCode, o.overrides);
      if (d) diags.unshift(d);
    }
    for (const d of diags) rows.push(toRow(display, d));
  }
  const packages = await packageRows(targets, archives, (code, base) => severity(code, base, o.overrides), fs);
  for (const z of archives.values()) z.close();
  rows.push(...packages.rows);
  for (const r of refusedRows) {
    rows.push(r.row);
    matched.add(r.target);
  }
  for (const t of packages.matched) matched.add(t);
  // Descriptors too large to read are not checked: say so where they are (path-named roles only:
  // a TOSCA file is known by its content, which was not read).
  for (const [file, display] of oversized) {
    const k = kindFromPath(file);
    if (!k) continue;
    const code = diagnoserFor(k)?.syntaxCode;
    const sev = code && severity(code, 'information', o.overrides);
    if (!code || !sev) continue;
    rows.push({
      file: display,
      ...{ line: 1, column: 1, endLine: 1, endColumn: 1 },
      severity: sev,
      code,
      message:
        `This file is larger than the size cap of ${sizeText(maxFileBytes)}: it is not checked. ` +
        'Raise the cap with --max-file-size to check it.',
    });
  }
  rows.sort(compareRows);
  for (const r of rows) if (UNSTABLE.has(r.code)) coverage.unstable++;

  const empty: string[] = [];
  for (const t of targets) {
    if (matched.has(t)) continue;
    if (!t.isDir) {
      empty.push(
        `${t.display} is not an LM descriptor, lmproject file or TOSCA file (the kind comes from the path, ` +
          'a `# lm-descriptors: <kind>` modeline or the content).',
      );
      continue;
    }
    const yaml = [...others].filter((p) => isInside(p, t.real)).length;
    const big = [...oversized.keys()].filter((p) => isInside(p, t.real)).length;
    empty.push(
      `No LM descriptor, lmproject file or TOSCA file in ${t.display}` +
        (yaml || big
          ? ` (${[yaml ? `${yaml} other YAML file(s)` : '', big ? `${big} over the size cap` : '']
              .filter(Boolean)
              .join(', ')}).`
          : ' (no YAML files at all).'),
    );
  }
  return {
    ok: true,
    result: {
      rows,
      kinds,
      skippedYaml: others.size,
      oversized: [...oversized.values()].sort(),
      maxFileBytes,
      empty,
      ...(packages.packages ? { packages: packages.packages } : {}),
    },
  };
}

function readArchived(fs: ArchiveFileSystem, file: string, maxBytes: number): ReadResult {
  const size = fs.statSync(file)?.size;
  if (size === undefined) return { ok: false, reason: 'unreadable' };
  if (size > maxBytes) return { ok: false, reason: 'too-large', size };
  const bytes = fs.readBytes(file, maxBytes);
  return bytes ? decode(bytes) : { ok: false, reason: 'unreadable' };
}

function toRow(file: string, d: Diagnostic): Row {
  return {
    file,
    line: d.range.start.line + 1,
    column: d.range.start.character + 1,
    endLine: d.range.end.line + 1,
    endColumn: d.range.end.character + 1,
    severity: d.severity,
    code: d.code,
    message: d.message,
  };
}

/** The severity of `code` after --severity, or undefined when switched off. */
function severity(code: string, base: Severity, overrides: CheckOptions['overrides']): Severity | undefined {
  const o = overrides[code];
  return o === 'off' ? undefined : (o ?? base);
}

function notUtf8(text: string, bad: InvalidUtf8, code: string, overrides: CheckOptions['overrides']) {
  const sev = severity(code, 'error', overrides);
  if (!sev) return undefined;
  const at = new LineIndex(text).positionAt(bad.offset);
  const hex = bad.byte.toString(16).toUpperCase().padStart(2, '0');
  const d: Diagnostic = {
    range: { start: at, end: { line: at.line, character: at.character + 1 } },
    severity: sev,
    code,
    message: bad.utf16
      ? 'This file is not UTF-8 text: it starts with a UTF-16 byte order mark. Save it as UTF-8.'
      : `This file is not UTF-8 text: byte 0x${hex} here starts no valid UTF-8 sequence (saved as Latin-1 or ` +
        'Windows-1252?). Save it as UTF-8; until then this character reads as U+FFFD.',
    source: 'lm-descriptors',
  };
  return d;
}

function internalError(e: unknown, code: string): Diagnostic {
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: 'error',
    code,
    message: `Internal error: ${String(e)}`,
    source: 'lm-descriptors',
  };
}
