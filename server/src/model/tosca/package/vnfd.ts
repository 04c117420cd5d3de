/**
 * What the package checks read from the VNFD of a package: the VNF's provider, product name and
 * software version (to compare with the manifest's metadata) and the files its artifacts name.
 * SOL001 VNFDs write the identity either as properties of the VNF node template or, in the
 * top-level file of the 2.x split layout, as the `default` (or single `valid_values`) of the
 * properties of the node type derived from `tosca.nodes.nfv.VNF`.
 */
import { parseYaml } from '../../../syntax/parse.js';
import { asMap, asScalar, asSeq, entries, getIn, scalarText, type YNode } from '../../../syntax/tree.js';
import * as path from '../../../util/path.js';

export interface VnfdFacts {
  provider?: string;
  productName?: string;
  softwareVersion?: string;
  /** Package-relative paths of artifact `file`s, with the VNFD file that names each. */
  artifactFiles: { file: string; from: string }[];
}

const MAX_FILES = 40;

/** Reads the entry file and the package files it imports (relative imports only, at most MAX_FILES). */
export function readVnfdFacts(entry: string, readText: (rel: string) => string | undefined): VnfdFacts {
  const facts: VnfdFacts = { artifactFiles: [] };
  const queue = [entry];
  const seen = new Set(queue);
  while (queue.length > 0 && seen.size <= MAX_FILES) {
    const rel = queue.shift()!;
    const text = readText(rel);
    if (text === undefined) continue;
    const root = parseYaml(text).root;
    for (const imp of asSeq(getIn(root, 'imports'))?.items ?? []) {
      const file = scalarText(imp) ?? scalarText(getIn(imp, 'file'));
      if (!file || /^[a-z][a-z0-9+.-]*:/i.test(file) || file.startsWith('/')) continue;
      const next = path.normalize(path.join(path.dirname(rel), file));
      if (next.startsWith('..') || seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
    readIdentity(root, facts);
    readArtifacts(root, rel, facts);
  }
  return facts;
}

const KEYS = [
  ['provider', 'provider'],
  ['product_name', 'productName'],
  ['software_version', 'softwareVersion'],
] as const;

function readIdentity(root: YNode | null, facts: VnfdFacts): void {
  for (const t of entries(getIn(root, 'node_types'))) {
    const base = scalarText(getIn(t.value, 'derived_from')) ?? '';
    if (!/\bnfv\.VNF$/.test(base)) continue;
    for (const [prop, field] of KEYS) {
      const def = getIn(t.value, 'properties', prop);
      const v = scalarText(getIn(def, 'default')) ?? fixedValue(getIn(def, 'constraints'));
      if (v !== undefined) facts[field] ??= v;
    }
  }
  for (const n of entries(getIn(root, 'topology_template', 'node_templates'))) {
    const props = asMap(getIn(n.value, 'properties'));
    for (const [prop, field] of KEYS) {
      const v = asScalar(getIn(props, prop));
      if (v && typeof v.value === 'string') facts[field] ??= v.text;
    }
  }
}

/** The value a constraint list fixes: `[valid_values: [x]]` or `[equal: x]`. */
function fixedValue(constraints: YNode | null): string | undefined {
  for (const c of asSeq(constraints)?.items ?? []) {
    const eq = scalarText(getIn(c, 'equal'));
    if (eq !== undefined) return eq;
    const vv = asSeq(getIn(c, 'valid_values'))?.items;
    if (vv?.length === 1) return scalarText(vv[0]);
  }
  return undefined;
}

function readArtifacts(root: YNode | null, rel: string, facts: VnfdFacts): void {
  const holders = [
    ...entries(getIn(root, 'node_types')),
    ...entries(getIn(root, 'topology_template', 'node_templates')),
  ];
  for (const h of holders) {
    for (const a of entries(getIn(h.value, 'artifacts'))) {
      const file = scalarText(a.value) ?? scalarText(getIn(a.value, 'file'));
      if (!file || /^[a-z][a-z0-9+.-]*:/i.test(file) || file.startsWith('/') || file.includes('{')) continue;
      // SOL001 packages name artifact files from the folder of the file that names them.
      const p = path.normalize(path.join(path.dirname(rel), file));
      if (!p.startsWith('..')) facts.artifactFiles.push({ file: p, from: rel });
    }
  }
}
