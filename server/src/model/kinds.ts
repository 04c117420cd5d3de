/**
 * Decides what a file is, cheaply and without parsing: by modeline, then path, then content.
 *
 * Modeline: a comment in the first five lines, `# lm-descriptors: <kind>`, where kind is one of
 * assembly, resource, assembly-template, type, lmproject, tosca, or `off` (treat as not a
 * descriptor). It wins over everything else, so users can opt files in or out.
 */
import { looksBinary } from '../syntax/limits.js';

export type FileKind =
  'assembly' | 'resource' | 'assembly-template' | 'type' | 'lmproject' | 'behaviour' | 'tosca' | 'other';

export const DESCRIPTOR_KINDS: readonly FileKind[] = ['assembly', 'resource', 'assembly-template', 'type'];

const MODELINE = /^#\s*lm-descriptors:\s*([a-z-]+)/m;
const MODELINE_KINDS: Record<string, FileKind> = {
  assembly: 'assembly',
  resource: 'resource',
  'assembly-template': 'assembly-template',
  type: 'type',
  lmproject: 'lmproject',
  tosca: 'tosca',
  off: 'other',
};

/**
 * Files read as YAML: `.yaml` / `.yml`, and `.tosca` (Eclipse Winery and the RADON particles keep TOSCA in
 * `*.tosca` files; `.tosca.yaml` is YAML already). What such a file is, the content says.
 */
export const YAML_FILE = /\.(ya?ml|tosca)$/i;

/**
 * lmctl behaviour files: assembly configurations (`Behaviour/Configurations`, older `Behaviour/Templates`) and
 * scenarios (`Behaviour/Tests`, `Behaviour/Runtime`), JSON files lmctl pushes with the project.
 */
const BEHAVIOUR_PATH = /^(?:(.*)\/)?Behaviour\/(?:Configurations|Templates|Tests|Runtime)\/(?:[^/]+\/)*[^/]+\.json$/;

/** True for a `.json` file in a `Behaviour/` folder lmctl packages (or a subfolder of one: lmctl walks them). */
export function isBehaviourPath(path: string): boolean {
  // Every file of a build is classified: the pattern (which backtracks over the path) only where it can match.
  return path.includes('Behaviour') && BEHAVIOUR_PATH.test(path.replace(/\\/g, '/'));
}

/** The (sub)project folder whose `Behaviour/` holds a behaviour file (`''` for a relative path at the top). */
export function behaviourProjectDir(path: string): string | undefined {
  const m = BEHAVIOUR_PATH.exec(path.replace(/\\/g, '/'));
  return m ? (m[1] ?? '') : undefined;
}

/** The role a path implies in an lmctl project, or undefined when the path says nothing. */
export function kindFromPath(path: string): FileKind | undefined {
  const p = path.includes('\\') ? path.replace(/\\/g, '/') : path;
  const base = p.slice(p.lastIndexOf('/') + 1);
  if (/^lmproject\.ya?ml$/.test(base)) return 'lmproject';
  // Each pattern below names a folder: a path without it skips the pattern (every file of a cold build comes here).
  if (p.includes('Descriptor/')) {
    if (/(^|\/)Descriptor\/assembly\.ya?ml$/.test(p)) return 'assembly';
    if (/(^|\/)Descriptor\/assembly-template\.ya?ml$/.test(p)) return 'assembly-template';
    if (/(^|\/)Descriptor\/type\.ya?ml$/.test(p)) return 'type';
  }
  if (p.includes('Definitions/lm/') && /(^|\/)Definitions\/lm\/resource\.ya?ml$/.test(p)) return 'resource';
  // Ansible RM packages keep their descriptor in `descriptor/<name>.yml`.
  if (p.includes('descriptor/') && /(^|\/)descriptor\/[^/]+\.ya?ml$/.test(p)) return 'resource';
  return undefined;
}

const NAME_LINE = /^name:[ \t]*['"]?(assembly|resource|assembly-template|type)::/m;
const TOSCA_LINE = /^tosca_definitions_version[ \t]*:/m;

/** Top-level keys (column 0, `key:`), at most the first 200 in the head of the file. */
const TOP_KEY = /^([A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]|$)/gm;

/** A misspelt version key: `tosca_definitions_versions`, `tosca_definition_version`, `TOSCA-definitions-version`. */
const VERSION_LIKE = /^tosca[_-]?definitions?[_-]?versions?$/i;

/** Keynames of a TOSCA service template (Simple Profile 1.x §3.9, and 2.0's `profile`). */
const TOSCA_TOP_KEYS = new Set([
  'tosca_definitions_version',
  'namespace',
  'profile',
  'metadata',
  'description',
  'dsl_definitions',
  'repositories',
  'imports',
  'artifact_types',
  'data_types',
  'capability_types',
  'interface_types',
  'relationship_types',
  'node_types',
  'group_types',
  'policy_types',
  'topology_template',
  'template_name',
  'template_author',
  'template_version',
]);

/** Sections only a TOSCA file has at its top (other YAML formats use `node_types` but not these with tosca. names). */
const TYPE_SECTION = /_types$/;
/** A normative TOSCA type name (`tosca.nodes.Root`, `tosca.datatypes.Credential`...) anywhere in the text. */
const NORMATIVE_NAME = /\btosca\.(?:nodes|datatypes|capabilities|relationships|interfaces|artifacts|groups|policies)\./;

/**
 * TOSCA in shape without a (correctly spelt) `tosca_definitions_version`: a misspelt version key;
 * `topology_template` at the top; a `*_types` section that names normative TOSCA types; or only
 * service-template keynames and the word TOSCA in the text (e.g. a `description:` saying so).
 * The version rule then says what is missing (TOSCA001).
 */
/** True for a misspelling of `tosca_definitions_version` such as `tosca_definitions_versions` (not the key itself). */
export function misspeltVersionKey(key: string): boolean {
  return key !== 'tosca_definitions_version' && VERSION_LIKE.test(key);
}

function toscaInShape(head: string): boolean {
  const keys: string[] = [];
  TOP_KEY.lastIndex = 0;
  for (let m = TOP_KEY.exec(head); m && keys.length < 200; m = TOP_KEY.exec(head)) keys.push(m[1]!);
  if (!keys.length) return false;
  if (keys.some((k) => VERSION_LIKE.test(k))) return true;
  if (keys.includes('topology_template')) return true;
  const known = keys.filter((k) => TOSCA_TOP_KEYS.has(k));
  if (known.some((k) => TYPE_SECTION.test(k)) && NORMATIVE_NAME.test(head)) return true;
  return known.length === keys.length && /\btosca\b/i.test(head.replace(/^[ \t]*#.*$/gm, ''));
}

/**
 * The kind the content implies: a top-level `name: assembly::...`, `tosca_definitions_version`, or
 * a file that is TOSCA in shape but lacks or misspells the version key.
 */
export function kindFromContent(text: string): FileKind | undefined {
  // Only the head of the file matters for these markers in practice; bound the regex work.
  const head = text.length > 65536 ? text.slice(0, 65536) : text;
  // The name line holds `name:`: a text without it (a TOSCA file, mostly) skips that line-by-line search.
  const m = head.includes('name:') ? NAME_LINE.exec(head) : null;
  if (m) return m[1] as FileKind;
  if (TOSCA_LINE.test(head)) return 'tosca';
  if (toscaInShape(head)) return 'tosca';
  return undefined;
}

export function kindFromModeline(text: string): FileKind | undefined {
  // Almost no file has one: a bounded search for its marker first (the cold index classifies every file).
  // A forward search of the head: `lastIndexOf` from 2,000 searched backwards 3-5x slower.
  const near = text.length > 2015 ? text.slice(0, 2015) : text;
  if (near.indexOf('lm-descriptors:') < 0) return undefined;
  const head = text.slice(0, 2000).split(/\r?\n/, 5).join('\n');
  const m = MODELINE.exec(head);
  return m ? MODELINE_KINDS[m[1]!] : undefined;
}

/**
 * Classifies a file. `path` is a file system path or URI path. A binary file keeps the role its
 * path gives it (a binary `Descriptor/assembly.yml` is a broken assembly, and says so), and is
 * nothing otherwise. `binary`: `looksBinary(text)`, or a caller's answer to it (one it has anyway).
 */
export function classify(path: string, text: string, binary: () => boolean = () => looksBinary(text)): FileKind {
  if (isBehaviourPath(path)) return binary() ? 'other' : 'behaviour';
  if (!YAML_FILE.test(path) && kindFromModeline(text) === undefined) return 'other';
  if (binary()) return kindFromPath(path) ?? 'other';
  return kindFromModeline(text) ?? kindFromPath(path) ?? kindFromContent(text) ?? 'other';
}

export function isDescriptorKind(k: FileKind): boolean {
  return DESCRIPTOR_KINDS.includes(k);
}
