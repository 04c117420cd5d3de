/**
 * `lm-descriptors migrate --to tosca_2_0 [--write] FILE…`: rewrites TOSCA Simple Profile 1.0–1.3
 * files as TOSCA 2.0, as the editor's "Migrate this file … to TOSCA 2.0" code action does. Without
 * `--write` it prints a unified diff and changes nothing; with it, it rewrites the files in place.
 * What could not be migrated mechanically is a `# TODO(migrate): …` comment in the file and a
 * `path:line: TODO(migrate): …` line on standard error.
 *
 * Exit codes: 0 every file migrated (TODOs included), 1 a file could not be migrated (not a 1.x
 * file, YAML errors), 2 bad usage or an unreadable file.
 */
import { readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { migrateDocument } from '../features/tosca/migrate/document.js';
import { unifiedDiff } from '../features/tosca/migrate/diff.js';
import { TARGET_VERSION } from '../features/tosca/migrate/migrate.js';
import { workspaceRootOf } from '../host/roots.js';
import { Session } from '../host/session.js';
import { normalise } from '../index/workspace.js';
import { write } from './output.js';

export const MIGRATE_USAGE = [
  'Usage: lm-descriptors migrate --to tosca_2_0 [--write] FILE|FOLDER...',
  '',
  'Rewrites TOSCA Simple Profile 1.0-1.3 files as TOSCA 2.0 with minimal edits (comments and layout kept):',
  'the version, topology_template -> service_template, functions in $ form with TOSCA paths, constraints as',
  'validation clauses, occurrences -> count_range, renamed keynames, normative types as the TOSCA 2.0 simple',
  'profile\'s, imported under the namespace "tosca".',
  'A FOLDER stands for every TOSCA 1.x file under it (.yaml, .yml; .git and node_modules skipped), so that',
  'a template and the type files it imports move together. What cannot be migrated mechanically gets a',
  '"# TODO(migrate): ..." comment in the file and a "FILE:LINE: TODO(migrate): ..." line on standard error',
  '(LINE: of the construct, or with --write of the comment in the rewritten file).',
  '',
  'Options:',
  '  --to tosca_2_0   the version to migrate to (required; the only one)',
  '  --write          rewrite the files in place; without it a unified diff is printed and nothing changes',
  '  -h, --help       print this help',
  '',
  'Exit status: 0 every file migrated; 1 a file could not be migrated (not a TOSCA 1.x file, YAML errors);',
  '2 bad usage or an unreadable file.',
].join('\n');

interface Options {
  files: string[];
  write: boolean;
}

function parse(args: readonly string[]): Options | string {
  const files: string[] = [];
  let to: string | undefined;
  let writeFiles = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      files.push(...args.slice(i + 1));
      break;
    }
    if (a === '--to') to = args[++i];
    else if (a.startsWith('--to=')) to = a.slice(5);
    else if (a === '--write') writeFiles = true;
    else if (a.startsWith('-')) return `Unknown option ${a}.`;
    else files.push(a);
  }
  if (to === undefined) return 'Missing --to: the version to migrate to (tosca_2_0).';
  if (to !== TARGET_VERSION) return `--to must be ${TARGET_VERSION} (got ${to}).`;
  if (!files.length) return 'Missing FILE: the TOSCA 1.x files (or folders) to migrate.';
  return { files, write: writeFiles };
}

const V1 = /^tosca_definitions_version:\s*["']?tosca_simple_yaml_1_[0-3]\b/m;

/** The TOSCA 1.x files under a folder, sorted (bounded: a folder of a million files is not walked whole). */
function filesUnder(dir: string, out: string[] = [], depth = 0): string[] {
  if (depth > 30 || out.length > 10_000) return out;
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== '.git' && e.name !== 'node_modules') filesUnder(p, out, depth + 1);
    else if (e.isFile() && /\.ya?ml$/.test(e.name) && statSync(p).size < 4_000_000) {
      if (V1.test(readFileSync(p, 'utf8'))) out.push(p);
    }
  }
  return out;
}

/** The files to migrate, folders expanded, or the argument that names nothing. */
function expand(args: readonly string[]): string[] | { missing: string } {
  const out: string[] = [];
  for (const a of args) {
    let st;
    try {
      st = statSync(a);
    } catch {
      return { missing: a };
    }
    if (st.isDirectory()) out.push(...filesUnder(a));
    else out.push(a);
  }
  return out;
}

export async function migrateCommand(args: readonly string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    write(1, MIGRATE_USAGE + '\n');
    return 0;
  }
  const opts = parse(args);
  if (typeof opts === 'string') {
    write(2, `lm-descriptors migrate: ${opts}\n${MIGRATE_USAGE}\n`);
    return 2;
  }
  const given = expand(opts.files);
  if (!Array.isArray(given)) {
    write(2, `lm-descriptors migrate: no such file or folder: ${given.missing}\n`);
    return 2;
  }
  opts.files = given;
  const sessions = new Map<string, Session>();
  let status = 0;
  let migrated = 0;
  let todos = 0;
  for (const given of opts.files) {
    let file: string;
    try {
      const real = realpathSync(path.resolve(given));
      if (!statSync(real).isFile()) throw new Error('not a file');
      file = normalise(real);
    } catch {
      write(2, `lm-descriptors migrate: no such file: ${given}\n`);
      return 2;
    }
    const probe = new Session();
    const root = workspaceRootOf(probe.fs, file, false);
    let session = sessions.get(root);
    if (!session) {
      session = probe;
      // The file's workspace is indexed so that types from imported files tell capabilities from requirements.
      session.index.addRoot(root);
      await session.index.build();
      sessions.set(root, session);
    }
    const text = session.fs.readTextSync(file, session.index.maxFileBytes);
    if (text === undefined) {
      write(2, `lm-descriptors migrate: cannot read ${given} (unreadable, or over the size cap)\n`);
      return 2;
    }
    const result = migrateDocument(session.context(session.analyse(file, text)));
    if (!result.ok) {
      write(2, `${given}: not migrated: ${result.reason}\n`);
      status = 1;
      continue;
    }
    migrated++;
    todos += result.todos.length;
    if (opts.write) {
      if (result.edits.length) writeFileSync(file, result.text);
      write(2, `${given}: migrated from TOSCA ${result.from} to TOSCA 2.0\n`);
    } else write(1, unifiedDiff(given, given, text, result.edits));
    // The line of the comment in the rewritten file, or of the construct in the file as it is.
    for (const t of result.todos) {
      write(2, `${given}:${(opts.write ? t.newLine : t.line) + 1}: TODO(migrate): ${t.message}\n`);
    }
  }
  const what = opts.write ? 'Migrated' : 'Would migrate';
  write(
    2,
    `${what} ${migrated} of ${opts.files.length} file${opts.files.length === 1 ? '' : 's'} to TOSCA 2.0` +
      `${todos ? `; ${todos} TODO(migrate) comment${todos === 1 ? '' : 's'} to resolve by hand` : ''}.\n`,
  );
  return status;
}
