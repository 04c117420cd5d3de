/**
 * Decides what a file is, cheaply and without parsing: by modeline, then path, then content.
 *
 * Modeline: a comment in the first five lines, `# lm-descriptors: <kind>`, where kind is one of
 * assembly, resource, assembly-template, type, lmproject, tosca, or `off` (treat as not a
 * descriptor). It wins over everything else, so users can opt files in or out.
 */
import { looksBinary } from '../syntax/limits.js';

export type FileKind = 'assembly' | 'resource' | 'assembly-template' | 'type' | 'lmproject' | 'tosca' | 'other';

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

/** The role a path implies in an lmctl project, or undefined when the path says nothing. */
export function kindFromPath(path: string): FileKind | undefined {
  const p = path.replace(/\\/g, '/');
  const base = p.slice(p.lastIndexOf('/') + 1);
  if (/^lmproject\.ya?ml$/.test(base)) return 'lmproject';
  if (/(^|\/)Descriptor\/assembly\.ya?ml$/.test(p)) return 'assembly';
  if (/(^|\/)Descriptor\/assembly-template\.ya?ml$/.test(p)) return 'assembly-template';
  if (/(^|\/)Descriptor\/type\.ya?ml$/.test(p)) return 'type';
  if (/(^|\/)Definitions\/lm\/resource\.ya?ml$/.test(p)) return 'resource';
  // Ansible RM packages keep their descriptor in `descriptor/<name>.yml`.
  if (/(^|\/)descriptor\/[^/]+\.ya?ml$/.test(p)) return 'resource';
  return undefined;
}

const NAME_LINE = /^name:[ \t]*['"]?(assembly|resource|assembly-template|type)::/m;
const TOSCA_LINE = /^tosca_definitions_version[ \t]*:/m;

/** The kind the content implies: a top-level `name: assembly::...` or `tosca_definitions_version`. */
export function kindFromContent(text: string): FileKind | undefined {
  // Only the head of the file matters for these markers in practice; bound the regex work.
  const head = text.length > 65536 ? text.slice(0, 65536) : text;
  const m = NAME_LINE.exec(head);
  if (m) return m[1] as FileKind;
  if (TOSCA_LINE.test(head)) return 'tosca';
  return undefined;
}

export function kindFromModeline(text: string): FileKind | undefined {
  const head = text.slice(0, 2000).split(/\r?\n/, 5).join('\n');
  const m = MODELINE.exec(head);
  return m ? MODELINE_KINDS[m[1]!] : undefined;
}

/**
 * Classifies a file. `path` is a file system path or URI path. A binary file keeps the role its
 * path gives it (a binary `Descriptor/assembly.yml` is a broken assembly, and says so), and is
 * nothing otherwise.
 */
export function classify(path: string, text: string): FileKind {
  if (!/\.ya?ml$/i.test(path) && kindFromModeline(text) === undefined) return 'other';
  if (looksBinary(text)) return kindFromPath(path) ?? 'other';
  return kindFromModeline(text) ?? kindFromPath(path) ?? kindFromContent(text) ?? 'other';
}

export function isDescriptorKind(k: FileKind): boolean {
  return DESCRIPTOR_KINDS.includes(k);
}
