/**
 * CSAR folders (spec §6 "TOSCA Cloud Service Archive"): `TOSCA-Metadata/TOSCA.meta` names the
 * entry service template with `Entry-Definitions`. Unpacked archives in a workspace are plain
 * folders; we read the meta file to know the archive root and its entry file. (Profiles in the
 * OASIS repository keep a `TOSCA.meta` at the folder root; we accept both places.)
 */
import * as path from '../../util/path.js';

export interface ToscaMeta {
  /** `Key: value` blocks, keys as written. */
  fields: Record<string, string>;
  entryDefinitions?: string;
  problems: string[];
}

/** Parses the text of a TOSCA.meta file. Never throws. */
export function parseToscaMeta(text: string): ToscaMeta {
  const fields: Record<string, string> = {};
  const problems: string[] = [];
  let last: string | undefined;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    if (!raw.trim()) {
      last = undefined;
      continue;
    }
    if (/^\s/.test(raw) && last) {
      fields[last] += ' ' + raw.trim();
      continue;
    }
    const m = /^([^:]+):\s*(.*)$/.exec(raw);
    if (!m) {
      problems.push(`line \`${raw.trim()}\` is not \`Name: value\``);
      continue;
    }
    last = m[1]!.trim();
    if (!(last in fields)) fields[last] = m[2]!.trim();
  }
  const out: ToscaMeta = { fields, problems };
  const e = fields['Entry-Definitions'];
  if (e) out.entryDefinitions = e;
  return out;
}

/** Candidate TOSCA.meta locations for a folder that may be a CSAR root. */
export function metaPathsOf(dir: string): string[] {
  return [path.posix.join(dir, 'TOSCA-Metadata', 'TOSCA.meta'), path.posix.join(dir, 'TOSCA.meta')];
}

export interface CsarInfo {
  root: string;
  metaPath: string;
  meta: ToscaMeta;
  /** Absolute path of the entry definitions file, when named. */
  entryPath?: string;
}

/**
 * The CSAR a file belongs to: the nearest folder above it (at most `maxDepth` levels) holding a
 * TOSCA.meta. `readText` returns a file's text or undefined. `probes`, when given, remembers what
 * each folder holds (its CSAR, or null) for later calls: only for callers whose files do not
 * change meanwhile (the command-line checker).
 */
export function findCsar(
  filePath: string,
  readText: (p: string) => string | undefined,
  maxDepth = 6,
  probes?: Map<string, CsarInfo | null>,
): CsarInfo | undefined {
  let dir = path.posix.dirname(filePath);
  for (let i = 0; i < maxDepth; i++) {
    let here = probes?.get(dir);
    if (here === undefined) {
      here = csarAt(dir, readText);
      probes?.set(dir, here);
    }
    if (here) return here;
    const parent = path.posix.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

/** The CSAR whose root is `dir`, or null. */
function csarAt(dir: string, readText: (p: string) => string | undefined): CsarInfo | null {
  for (const metaPath of metaPathsOf(dir)) {
    const text = readText(metaPath);
    if (text === undefined) continue;
    const meta = parseToscaMeta(text);
    const info: CsarInfo = { root: dir, metaPath, meta };
    if (meta.entryDefinitions) info.entryPath = path.posix.resolve(dir, meta.entryDefinitions);
    return info;
  }
  return null;
}
