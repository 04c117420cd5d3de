/**
 * Built-in type files: the ETSI GS NFV-SOL 001 type files of versions 2.5.1 to 4.4.1
 * (`etsi_nfv_sol001_{common,vnfd,nsd,pnfd}_types.yaml`), rendered on demand from facts.json (see
 * scripts/sol001-catalog.ts), so a descriptor that imports them by their ETSI forge URL (never
 * fetched) is checked in full, with hover, completion and go to definition.
 *
 * A built-in file has a virtual path under the read-only document scheme
 * (`tosca-normative:/etsi-nfv-sol001/v2.6.1/etsi_nfv_sol001_vnfd_types.yaml`); the editor asks the
 * server for its text like for the normative type views. Its text is a pure function of the path,
 * rendered and summarised once (the domain is finite: some fifty files).
 */
import { NORMATIVE_SCHEME } from '../../../protocol.js';
import { parseYaml } from '../../../syntax/parse.js';
import { summariseTosca, type ToscaSummary } from '../summary.js';
import factsJson from './facts.json' with { type: 'json' };

interface FileFacts {
  v: string;
  i?: string[];
  d: number[];
}

interface Facts {
  members: [string, unknown][];
  defs: [string, string, Record<string, unknown>][];
  versions: Record<string, Record<string, FileFacts>>;
  profiles: Record<string, FileFacts>;
}

let parsed: Facts | undefined;

/** The facts, parsed on first use (see scripts/sol001-catalog.ts): files of other versions never pay for them. */
function loadFacts(): Facts {
  return (parsed ??= JSON.parse((factsJson as { facts: string }).facts) as Facts);
}

const SOL001_ROOT = `${NORMATIVE_SCHEME}:/etsi-nfv-sol001/`;
const PROFILE_ROOT = `${NORMATIVE_SCHEME}:/profile/`;

/** SOL001 versions with built-in type files, oldest first. */
export const SOL001_VERSIONS: readonly string[] = [
  '2.5.1',
  '2.6.1',
  '2.7.1',
  '2.8.1',
  '3.3.1',
  '3.5.1',
  '3.6.1',
  '3.7.1',
  '4.2.1',
  '4.3.1',
  '4.4.1',
];

/** `etsi_nfv_sol001_vnfd_types.yaml`, and the 2.5.1 spelling `etsi_nfv_sol001_vnfd_2_5_1_types.yaml`. */
const TYPE_FILE = /(?:^|\/)etsi_nfv_sol001_(common|vnfd|nsd|pnfd)(?:_(\d+)_(\d+)_(\d+))?_types\.ya?ml$/i;

export function isBuiltinPath(p: string): boolean {
  return p.startsWith(SOL001_ROOT) || p.startsWith(PROFILE_ROOT);
}

function sol001Path(version: string, kind: string): string | undefined {
  const file = `etsi_nfv_sol001_${kind.toLowerCase()}_types.yaml`;
  return loadFacts().versions[version]?.[file] ? `${SOL001_ROOT}v${version}/${file}` : undefined;
}

/**
 * The built-in file a remote import denotes: an ETSI forge URL of a SOL001 type file
 * (`https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/etsi_nfv_sol001_vnfd_types.yaml`, `/-/raw/`,
 * `/blob/`, a mirror) whose version is known. Undefined for any other URL.
 */
export function builtinForUrl(url: string): string | undefined {
  const clean = url.replace(/[?#].*$/, '');
  const m = TYPE_FILE.exec(clean);
  if (!m) return undefined;
  const fromName = m[2] ? `${m[2]}.${m[3]}.${m[4]}` : undefined;
  const fromPath = /\/v?(\d+\.\d+\.\d+)\//.exec(clean.slice(0, m.index + 1))?.[1];
  const version = fromPath ?? fromName;
  return version ? sol001Path(version, m[1]!) : undefined;
}

/**
 * The built-in file to use for a SOL001 type file a package imports by name but does not ship,
 * chosen by the importer's `tosca_definitions_version` (2.x files are Simple Profile 1.2 files,
 * 3.x and 4.x are 1.3 files): the newest of that family, whose types are a superset in practice.
 */
export function builtinForMissingFile(file: string, toscaVersion: string | undefined): string | undefined {
  const m = TYPE_FILE.exec(file);
  if (!m) return undefined;
  if (m[2]) return sol001Path(`${m[2]}.${m[3]}.${m[4]}`, m[1]!);
  const family = toscaVersion?.trim() === 'tosca_simple_yaml_1_2' ? '2.' : '4.';
  const version = [...SOL001_VERSIONS].reverse().find((v) => v.startsWith(family) && sol001Path(v, m[1]!));
  return version ? sol001Path(version, m[1]!) : undefined;
}

/** A relative import inside a built-in file (the SOL001 files import each other by file name). */
export function builtinSibling(from: string, file: string): string | undefined {
  const m = /^tosca-normative:\/etsi-nfv-sol001\/v([^/]+)\//.exec(from);
  const k = TYPE_FILE.exec(file);
  return m && k ? sol001Path(m[1]!, k[1]!) : undefined;
}

/**
 * The definitions a `tosca_definitions_version` brings without an import: the OASIS TOSCA Simple
 * Profile for NFV 1.0 (tosca-parser's and Puccini's spellings) with Tacker's legacy definitions,
 * which Tacker adds to every template of that version; the MEC 1.0 profile.
 */
const IMPLICIT: Record<string, readonly string[]> = {
  tosca_simple_profile_for_nfv_1_0_0: ['tosca_simple_profile_for_nfv_1_0_0', 'tacker'],
  tosca_simple_profile_for_nfv_1_0: ['tosca_simple_profile_for_nfv_1_0_0', 'tacker'],
  tosca_simple_profile_for_mec_1_0_0: ['tosca_simple_profile_for_mec_1_0_0'],
};

/** Built-in files every file of `version` sees without importing them (none for most versions). */
export function implicitProfileFiles(version: string | undefined): string[] {
  const names = version ? (IMPLICIT[version.trim()] ?? []) : [];
  return names.filter((n) => loadFacts().profiles[n]).map((n) => `${PROFILE_ROOT}${n}.yaml`);
}

/** SOL001 version of a built-in path, e.g. `2.6.1`. */
export function builtinSol001Version(p: string): string | undefined {
  return /^tosca-normative:\/etsi-nfv-sol001\/v([^/]+)\//.exec(p)?.[1];
}

// ---------------------------------------------------------------------------------------------
// Rendering

const PLAIN = /^[A-Za-z_][A-Za-z0-9_.\-/ ]*$/;
const RESERVED = /^(true|false|yes|no|on|off|null|y|n|~)$/i;

function scalar(v: unknown): string {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v === null || v === undefined) return 'null';
  const s = String(v);
  return PLAIN.test(s) && !RESERVED.test(s) && !s.endsWith(' ') ? s : JSON.stringify(s);
}

function isScalar(v: unknown): boolean {
  return v === null || typeof v !== 'object';
}

function flow(v: unknown): string {
  if (isScalar(v)) return scalar(v);
  if (Array.isArray(v)) return `[ ${v.map(flow).join(', ')} ]`;
  return `{ ${Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${scalar(k)}: ${flow(x)}`)
    .join(', ')} }`;
}

/** Block YAML of a JSON value at `indent`; short scalar lists and empty collections in flow style. */
function block(out: string[], indent: number, v: unknown): void {
  const pad = ' '.repeat(indent);
  if (Array.isArray(v)) {
    for (const item of v) {
      if (isScalar(item) || (typeof item === 'object' && !Object.keys(item as object).length)) {
        out.push(`${pad}- ${flow(item)}`);
        continue;
      }
      const sub: string[] = [];
      block(sub, indent + 2, item);
      out.push(`${pad}- ${sub[0]!.slice(indent + 2)}`, ...sub.slice(1));
    }
    return;
  }
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    const key = scalar(k);
    const empty = typeof x === 'object' && x !== null && !Object.keys(x).length;
    const scalarList = Array.isArray(x) && x.every(isScalar);
    if (isScalar(x) || empty || scalarList) out.push(`${pad}${key}: ${flow(x)}`);
    else {
      out.push(`${pad}${key}:`);
      block(out, indent + 2, x);
    }
  }
}

/** A type definition with its interned members expanded (see scripts/sol001-catalog.ts). */
function expand(def: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(def)) {
    if (!Array.isArray(v) || !['properties', 'attributes', 'capabilities', 'requirements', 'interfaces'].includes(k)) {
      out[k] = v;
      continue;
    }
    const entries = (v as number[]).map((i) => loadFacts().members[i]!);
    out[k] = k === 'requirements' ? entries.map(([n, d]) => ({ [n]: d })) : Object.fromEntries(entries);
  }
  return out;
}

function render(file: FileFacts, header: string[], describe: (kind: string) => string): string {
  const out = [...header.map((h) => `# ${h}`), `tosca_definitions_version: ${file.v}`, ''];
  if (file.i?.length) out.push('imports:', ...file.i.map((i) => `  - ${scalar(i)}`), '');
  let section = '';
  for (const i of file.d) {
    const [sec, name, def] = loadFacts().defs[i]!;
    if (sec !== section) {
      if (section) out.push('');
      out.push(`${sec}:`);
      section = sec;
    }
    out.push(`  ${scalar(name)}:`);
    const full = expand(def);
    const { derived_from: parent, ...rest } = full;
    const ordered: Record<string, unknown> = {};
    if (parent !== undefined) ordered['derived_from'] = parent;
    ordered['description'] = describe(sec);
    block(out, 4, { ...ordered, ...rest });
  }
  return out.join('\n') + '\n';
}

const KIND_WORD: Record<string, string> = {
  data_types: 'Data type',
  artifact_types: 'Artifact type',
  capability_types: 'Capability type',
  relationship_types: 'Relationship type',
  interface_types: 'Interface type',
  node_types: 'Node type',
  group_types: 'Group type',
  policy_types: 'Policy type',
};

function renderSol001(version: string, file: string): string | undefined {
  const f = loadFacts().versions[version]?.[file];
  if (!f) return undefined;
  const doc = `ETSI GS NFV-SOL 001 v${version}`;
  return render(
    f,
    [
      `${file} of ${doc}: built into LM Descriptors & TOSCA, which never downloads it.`,
      'The facts of the type definitions only (names, types, constraints, requirements); the prose',
      'descriptions are in the specification.',
    ],
    (sec) => `${KIND_WORD[sec] ?? 'Type'} of ${doc} (${file}).`,
  );
}

function renderProfile(name: string): string | undefined {
  const f = loadFacts().profiles[name];
  if (!f) return undefined;
  const label = PROFILE_LABEL[name] ?? name;
  return render(
    f,
    [
      `The types of ${label}, built into LM Descriptors & TOSCA: files of that version see them without an import.`,
      'The facts of the type definitions only; the prose descriptions are in the specification.',
    ],
    (sec) => `${KIND_WORD[sec] ?? 'Type'} of ${label}.`,
  );
}

const PROFILE_LABEL: Record<string, string> = {
  tosca_simple_profile_for_nfv_1_0_0: 'the TOSCA Simple Profile for NFV 1.0',
  tosca_simple_profile_for_mec_1_0_0: 'the TOSCA Simple Profile for MEC 1.0',
  tacker: "Tacker's legacy definitions (tacker_defs.yaml, tacker_nfv_defs.yaml), added by Tacker to NFV 1.0 templates",
};

/** The YAML text of a built-in file, or undefined for any other path. */
export function builtinText(p: string): string | undefined {
  let u = p;
  try {
    u = decodeURIComponent(p);
  } catch {
    // keep as is
  }
  u = u.replace(/^tosca-normative:\/+/, `${NORMATIVE_SCHEME}:/`);
  const s = /^tosca-normative:\/etsi-nfv-sol001\/v([^/]+)\/([^/]+)$/.exec(u);
  if (s) return renderSol001(s[1]!, s[2]!);
  const pr = /^tosca-normative:\/profile\/([^/]+)\.yaml$/.exec(u);
  return pr ? renderProfile(pr[1]!) : undefined;
}

export interface BuiltinFile {
  path: string;
  text: string;
  summary: ToscaSummary;
}

/**
 * Built-in files rendered and summarised, by path. Bounded by the catalog itself (four files per
 * version and the profiles), and a pure function of the path, so one shared memo serves every index.
 */
const memo = new Map<string, BuiltinFile | null>();

/** The built-in file at `p` (rendered and summarised once), or undefined when `p` is no built-in path. */
export function builtinFile(p: string): BuiltinFile | undefined {
  if (!isBuiltinPath(p)) return undefined;
  let f = memo.get(p);
  if (f === undefined) {
    const text = builtinText(p);
    f = text === undefined ? null : { path: p, text, summary: summariseTosca(parseYaml(text).root) };
    if (f) memo.set(p, f);
  }
  return f ?? undefined;
}
