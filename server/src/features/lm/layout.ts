/**
 * The lmctl package layout seen from an lmproject file (lmctl "Projects" › project file, layout): the
 * root project and every subproject with its folder on disk, type, resource manager and the
 * descriptor lmctl will look for. Read from the lmproject tree so findings can point at the entry.
 */
import * as path from '../../util/path.js';
import { asMap, asScalar, asSeq, get, type YMap, type YNode, type YScalar } from '../../syntax/tree.js';
import type { Span } from '../../syntax/positions.js';
import type { FeatureContext } from '../types.js';
import { eraOf, type RmEra } from './drivers.js';

export interface ProjectNode {
  /** The root mapping or the subproject entry. */
  map: YMap;
  isRoot: boolean;
  name?: YScalar;
  typeNode?: YScalar;
  /** Project type, lower case (default `assembly`). */
  type: string;
  rmNode?: YScalar;
  rm?: string;
  era: RmEra;
  /** Folder of the (sub)project on disk. */
  dir: string;
  /** Folder as written relative to the root project (for messages). */
  relDir: string;
  dirExists: boolean;
  /** Where findings about the entry go: the name value, else the first key. */
  anchor: Span;
  /** `<sub>-<parent>` name part lmctl derives, when every name along the chain is known. */
  chainName?: string;
  parent?: ProjectNode;
  /** From a schema 1.0 `vnfcs.definitions` entry. */
  legacyVnfc?: boolean;
}

export const ASSEMBLY_TYPES = ['assembly', 'ns', 'vnf', 'etsi_ns'];
export const RESOURCE_TYPES = ['resource', 'etsi_vnf'];
export const PROJECT_TYPES = ['Assembly', 'Resource', 'Type', 'ETSI_VNF', 'ETSI_NS', 'NS', 'VNF'];

function str(n: YNode | null): YScalar | undefined {
  const s = asScalar(n);
  return s && s.value !== null ? s : undefined;
}

function anchorOf(map: YMap, name: YScalar | undefined): Span {
  if (name) return name.span;
  const first = map.pairs[0];
  return first ? first.key.span : { start: map.span.start, end: map.span.start };
}

/** Subproject folder: `Contains/<dir>`, or the legacy `VNFCs/<dir>` when only that exists. */
function subDir(feature: FeatureContext, parentDir: string, directory: string): { dir: string; exists: boolean } {
  const contains = path.posix.join(parentDir, 'Contains', directory);
  if (feature.fileExists(contains)) return { dir: contains, exists: true };
  const vnfcs = path.posix.join(parentDir, 'VNFCs', directory);
  if (feature.fileExists(vnfcs)) return { dir: vnfcs, exists: true };
  return { dir: contains, exists: false };
}

function nodeOf(feature: FeatureContext, map: YMap, parent: ProjectNode | undefined, rootDir: string): ProjectNode {
  const name = str(get(map, 'name'));
  const typeNode = str(get(map, 'type'));
  const rmNode = str(get(map, 'resource-manager'));
  let dir = rootDir;
  let exists = true;
  if (parent) {
    const directory = str(get(map, 'directory'))?.text ?? name?.text;
    if (directory) ({ dir, exists } = subDir(feature, parent.dir, directory));
    else exists = false;
  }
  const node: ProjectNode = {
    map,
    isRoot: !parent,
    type: (typeNode?.text ?? 'Assembly').toLowerCase(),
    era: eraOf(rmNode?.text),
    dir,
    relDir: path.posix.relative(rootDir, dir) || '.',
    dirExists: exists,
    anchor: anchorOf(map, name),
  };
  if (name) node.name = name;
  if (typeNode) node.typeNode = typeNode;
  if (rmNode) {
    node.rmNode = rmNode;
    node.rm = rmNode.text;
  }
  if (parent) node.parent = parent;
  if (name?.text)
    node.chainName = parent
      ? parent.chainName !== undefined
        ? `${name.text}-${parent.chainName}`
        : undefined
      : name.text;
  if (node.chainName === undefined) delete node.chainName;
  return node;
}

/** The root project and all subprojects (depth first), including schema 1.0 `vnfcs` definitions. */
export function projectNodes(feature: FeatureContext, root: YNode | null, projectFile: string): ProjectNode[] {
  const m = asMap(root);
  if (!m) return [];
  const rootDir = path.posix.dirname(projectFile);
  const out: ProjectNode[] = [];
  const visit = (map: YMap, parent: ProjectNode | undefined, depth: number) => {
    const node = nodeOf(feature, map, parent, rootDir);
    out.push(node);
    if (depth > 16) return;
    for (const it of asSeq(get(map, 'contains'))?.items ?? []) {
      const sm = asMap(it);
      if (sm) visit(sm, node, depth + 1);
    }
  };
  visit(m, undefined, 0);
  const rootNode = out[0]!;
  // Schema 1.0: `vnfcs.definitions.<name>: {directory}` become Ansible RM Resource subprojects.
  for (const d of asMap(get(asMap(get(m, 'vnfcs')), 'definitions'))?.pairs ?? []) {
    const directory = str(get(asMap(d.value), 'directory'))?.text ?? d.key.text;
    const { dir, exists } = subDir(feature, rootDir, directory);
    const node: ProjectNode = {
      map: asMap(d.value) ?? { kind: 'map', span: d.key.span, flow: true, pairs: [] },
      isRoot: false,
      name: d.key,
      type: 'resource',
      rm: 'ansible-rm',
      era: 'ansible',
      dir,
      relDir: path.posix.relative(rootDir, dir),
      dirExists: exists,
      anchor: d.key.span,
      parent: rootNode,
      legacyVnfc: true,
    };
    if (rootNode.chainName !== undefined) node.chainName = `${d.key.text}-${rootNode.chainName}`;
    out.push(node);
  }
  return out;
}

export interface ExpectedDescriptor {
  /** Alternatives relative to the project folder; the first is the one lmctl creates. */
  candidates: string[];
}

/** The descriptor lmctl reads for a (sub)project, or undefined when the type / manager is unknown. */
export function expectedDescriptor(node: ProjectNode): ExpectedDescriptor | undefined {
  if (ASSEMBLY_TYPES.includes(node.type))
    return { candidates: ['Descriptor/assembly.yml', 'Descriptor/assembly.yaml'] };
  if (node.type === 'type') return { candidates: ['Descriptor/type.yml', 'Descriptor/type.yaml'] };
  if (!RESOURCE_TYPES.includes(node.type)) return undefined;
  // ETSI_VNF packages always have the Brent layout (LM100 reports a non-Brent resource manager).
  if (node.type === 'etsi_vnf' || node.era === 'brent22' || node.era === 'brent21')
    return { candidates: ['Definitions/lm/resource.yaml', 'Definitions/lm/resource.yml'] };
  if (node.era === 'ansible' && node.name?.text) return { candidates: [`descriptor/${node.name.text}.yml`] };
  return undefined;
}

/** Folders and files (other than the descriptor) lmctl requires for a (sub)project (V10, V15, V16). */
export function requiredParts(node: ProjectNode): string[] {
  if (!RESOURCE_TYPES.includes(node.type)) return [];
  if (node.era === 'brent22' || node.type === 'etsi_vnf') return ['Lifecycle'];
  if (node.era === 'brent21') return ['Lifecycle', 'Definitions/infrastructure'];
  if (node.era === 'ansible') return ['lifecycle', 'Meta-Inf/manifest.MF'];
  return [];
}
