/**
 * Builds server/src/model/tosca/sol001/facts.json from copies of the ETSI NFV type files
 * (ETSI GS NFV-SOL 001 `etsi_nfv_sol001_*_types.yaml`, one folder per version) and of profile
 * definition files: the facts only (type names, derived_from, properties with their type,
 * required-ness, defaults, constraints and entry schemas, attributes, capabilities, requirements,
 * interfaces, operations). Every `description` text and the files' metadata are dropped; the
 * language server renders its own short words instead. A type definition that is the same in
 * several versions is stored once and the versions refer to it, so eleven versions cost little
 * more than one.
 *
 *   node --import tsx scripts/sol001-catalog.ts <folder with 2.5.1/, 2.6.1/, ...> [profile.yaml=name[=version] ...]
 *
 * The source files are not part of this repository (see SOURCES.md for where they were taken from).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';

const SECTIONS = [
  'data_types',
  'artifact_types',
  'capability_types',
  'relationship_types',
  'interface_types',
  'node_types',
  'group_types',
  'policy_types',
] as const;

interface FileFacts {
  /** `tosca_definitions_version` of the file. */
  v: string;
  /** Imports, as file names. */
  i?: string[];
  /** Indexes into `defs`, in file order. */
  d: number[];
}

/** Drops prose: string-valued `description` keys (a property may be named `description`: its value is a map). */
function strip(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(strip);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (k === 'description' && (typeof x === 'string' || x === null)) continue;
      out[k] = strip(x);
    }
    return out;
  }
  return v;
}

const defs: [string, string, unknown][] = [];
const defIndex = new Map<string, number>();
/** Members (one property, attribute, capability, requirement or interface: `[name, definition]`), interned. */
const members: [string, unknown][] = [];
const memberIndex = new Map<string, number>();
/** Sections of a type whose members are interned: a member that is the same in several types is stored once. */
const MEMBER_SECTIONS = ['properties', 'attributes', 'capabilities', 'requirements', 'interfaces'];

function intern(name: string, def: unknown): number {
  const key = JSON.stringify([name, def]);
  let at = memberIndex.get(key);
  if (at === undefined) {
    at = members.length;
    members.push([name, def]);
    memberIndex.set(key, at);
  }
  return at;
}

/** A type definition with its member sections turned into lists of member indexes (requirements keep their order). */
function compact(def: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(def)) {
    if (!MEMBER_SECTIONS.includes(k) || !v || typeof v !== 'object') out[k] = v;
    else if (Array.isArray(v))
      out[k] = v
        .map((one: Record<string, unknown>) => Object.entries(one)[0]!)
        // The collection adds `virtual_link_1` .. `virtual_link_10` to the VNF and NS node types of every
        // version for its own parser; the published files have none.
        .filter(([name]) => !/^virtual_link_\d+$/.test(name))
        .map(([name, d]) => intern(name, d));
    else out[k] = Object.entries(v as Record<string, unknown>).map(([name, d]) => intern(name, d));
  }
  return out;
}

function factsOf(text: string): FileFacts {
  // Some published files continue a flow sequence on a line indented less than YAML allows (PyYAML
  // reads them): such a sequence is joined onto one line first.
  const parsed = parseDocument(text.replace(/\[[^\]\n]*\n[^\]]*\]/g, (m) => m.replace(/\s*\n\s*/g, ' ')));
  if (parsed.errors.length) throw parsed.errors[0]!;
  const doc = parsed.toJS() as Record<string, unknown>;
  const facts: FileFacts = { v: String(doc['tosca_definitions_version']), d: [] };
  const imports = doc['imports'];
  if (Array.isArray(imports))
    facts.i = imports.map((x) => (typeof x === 'string' ? x : String((x as { file: string }).file)));
  for (const section of SECTIONS) {
    const entries = doc[section] as Record<string, unknown> | undefined;
    if (!entries) continue;
    for (const [name, def] of Object.entries(entries)) {
      const entry: [string, string, unknown] = [section, name, compact(strip(def ?? {}) as Record<string, unknown>)];
      const key = JSON.stringify(entry);
      let at = defIndex.get(key);
      if (at === undefined) {
        at = defs.length;
        defs.push(entry);
        defIndex.set(key, at);
      }
      facts.d.push(at);
    }
  }
  return facts;
}

const [srcDir, ...profiles] = process.argv.slice(2);
if (!srcDir) throw new Error('usage: sol001-catalog.ts <folder of versions> [file.yaml=profile-name ...]');
const versions: Record<string, Record<string, FileFacts>> = {};
const byVersion = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
for (const v of readdirSync(srcDir)
  .filter((d) => /^\d+\.\d+\.\d+$/.test(d))
  .sort(byVersion)) {
  const files: Record<string, FileFacts> = {};
  for (const f of readdirSync(path.join(srcDir, v))
    .filter((x) => /^etsi_nfv_sol001_\w+_types\.yaml$/.test(x))
    .sort()) {
    files[f] = factsOf(readFileSync(path.join(srcDir, v, f), 'utf8'));
  }
  versions[v] = files;
}
const profileFacts: Record<string, FileFacts> = {};
for (const p of profiles) {
  // `file=name` (or `file=name=version` for a file without `tosca_definitions_version`); several files
  // of one name make one profile.
  const [file, name, version] = p.split('=');
  const facts = factsOf(readFileSync(file!, 'utf8'));
  if (version && facts.v === 'undefined') facts.v = version;
  const known = profileFacts[name!];
  if (known) known.d.push(...facts.d);
  else profileFacts[name!] = facts;
}
const repo = fileURLToPath(new URL('..', import.meta.url));
const out = path.join(repo, 'server/src/model/tosca/sol001/facts.json');
// The facts as one JSON string inside the JSON file: the bundle then carries a string literal, which the
// server parses only when a file first needs a built-in type file (an object literal would be evaluated
// at start-up, and is larger).
const facts = JSON.stringify({ members, defs, versions, profiles: profileFacts });
writeFileSync(out, JSON.stringify({ generatedBy: 'scripts/sol001-catalog.ts', facts }) + '\n');
console.log(`${defs.length} distinct definitions, ${Object.keys(versions).length} versions -> ${out}`);
