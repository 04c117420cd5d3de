/**
 * What one file tells about the VNFDs it belongs to, for the NSD checks against the VNFDs of the
 * workspace (ETSI GS NFV-SOL 001 §6, read by features/tosca/workspaceVnfds.ts):
 * - a node type derived from `tosca.nodes.nfv.VNF` that fixes `descriptor_id` (its `default`, or a
 *   single `valid_values` / `equal`) and lists its flavours (`flavour_id`'s `valid_values`): the
 *   types file of the SOL001 2.x split layout;
 * - a VNF node template (of `tosca.nodes.nfv.VNF`, of a VNF type of the file, or of the type its
 *   `substitution_mappings` substitute) with a literal `descriptor_id`, `flavour_id`, `provider`, …;
 * - a flavour file: the `flavour_id` of its `substitution_mappings` (or of its VNF node) and the
 *   levels of its `tosca.policies.nfv.InstantiationLevels` policy.
 * Files of an NSD (an NS node, a type derived from `tosca.nodes.nfv.NS`, or an import of the SOL001
 * NSD types) hold VNF nodes that *name* VNFDs: they give no record.
 */
import { asMap, asSeq, entries, get, getIn, scalarText, type YNode } from '../../../syntax/tree.js';

export interface VnfdRecord {
  /** The VNF node type the record is about (declared, or the template's / mapping's type). */
  typeName?: string;
  descriptorId?: string;
  /** Flavour ids this file declares or describes. */
  flavours: string[];
  /** Instantiation levels of the flavour this file describes (flavour files only). */
  levels?: string[];
  /** The flavour file describes these flavours (rather than listing allowed values). */
  describes?: boolean;
  provider?: string;
  productName?: string;
  softwareVersion?: string;
  descriptorVersion?: string;
}

const VNF = 'tosca.nodes.nfv.VNF';
const NS = 'tosca.nodes.nfv.NS';
const IDENTITY = [
  ['provider', 'provider'],
  ['product_name', 'productName'],
  ['software_version', 'softwareVersion'],
  ['descriptor_version', 'descriptorVersion'],
] as const;

/** The literal text of a scalar that is a string or a number (never a function call or a map). */
function literal(n: YNode | null | undefined): string | undefined {
  const v = n && n.kind === 'scalar' ? n.value : undefined;
  return typeof v === 'string' || typeof v === 'number' ? String(v).trim() || undefined : undefined;
}

/** The values a property definition allows: its `default` and its `valid_values` / `equal`. */
function allowed(def: YNode | null): { fixed?: string; values: string[] } {
  const values: string[] = [];
  let fixed: string | undefined;
  for (const c of asSeq(get(asMap(def), 'constraints'))?.items ?? []) {
    const eq = literal(get(asMap(c), 'equal'));
    if (eq !== undefined) values.push(eq);
    for (const v of asSeq(get(asMap(c), 'valid_values'))?.items ?? []) {
      const t = literal(v);
      if (t !== undefined) values.push(t);
    }
  }
  if (values.length === 1) fixed = values[0];
  const dflt = literal(get(asMap(def), 'default'));
  if (dflt !== undefined) {
    fixed ??= dflt;
    if (!values.includes(dflt)) values.push(dflt);
  }
  return { fixed, values };
}

/** True when the file belongs to an NSD (its VNF nodes name VNFDs rather than describe one). */
export function isNsdFile(root: YNode | null): boolean {
  for (const imp of asSeq(get(asMap(root), 'imports'))?.items ?? []) {
    const f = scalarText(imp) ?? scalarText(get(asMap(imp), 'file')) ?? '';
    if (/etsi_nfv_sol001_nsd(_\d+_\d+_\d+)?_types\.ya?ml/i.test(f)) return true;
  }
  for (const t of entries(get(asMap(root), 'node_types')))
    if (scalarText(get(asMap(t.value), 'derived_from')) === NS) return true;
  const topo = asMap(get(asMap(root), 'topology_template'));
  if (scalarText(getIn(topo, 'substitution_mappings', 'node_type')) === NS) return true;
  return entries(get(topo, 'node_templates')).some((n) => scalarText(get(asMap(n.value), 'type')) === NS);
}

/** The records of one parsed file (empty for NSD files and files without VNF facts). */
export function vnfdRecordsOf(root: YNode | null): VnfdRecord[] {
  if (!asMap(root) || isNsdFile(root)) return [];
  const out: VnfdRecord[] = [];
  // VNF node types of the file (derived from tosca.nodes.nfv.VNF, directly or through another of them).
  const vnfTypes = new Set<string>();
  const typePairs = entries(get(asMap(root), 'node_types'));
  for (let grew = true; grew;) {
    grew = false;
    for (const t of typePairs) {
      const base = scalarText(get(asMap(t.value), 'derived_from'));
      if (!vnfTypes.has(t.key.text) && base && (base === VNF || vnfTypes.has(base))) {
        vnfTypes.add(t.key.text);
        grew = true;
      }
    }
  }
  for (const t of typePairs) {
    if (!vnfTypes.has(t.key.text)) continue;
    const props = asMap(get(asMap(t.value), 'properties'));
    const id = allowed(get(props, 'descriptor_id')).fixed;
    const flavours = allowed(get(props, 'flavour_id')).values;
    const r: VnfdRecord = { typeName: t.key.text, flavours };
    if (id) r.descriptorId = id;
    for (const [prop, field] of IDENTITY) {
      const v = allowed(get(props, prop)).fixed;
      if (v !== undefined) r[field] = v;
    }
    if (id || flavours.length) out.push(r);
  }
  const topo = asMap(get(asMap(root), 'topology_template'));
  const mapped = scalarText(getIn(topo, 'substitution_mappings', 'node_type'));
  const mappedFlavour = literal(getIn(topo, 'substitution_mappings', 'properties', 'flavour_id'));
  let described = false;
  for (const n of entries(get(topo, 'node_templates'))) {
    const body = asMap(n.value);
    const type = scalarText(get(body, 'type'));
    const props = asMap(get(body, 'properties'));
    // A VNF type imported from another file shows by the VNF's own properties (SOL001's top-level VNFD).
    const looksVnf = !!get(props, 'descriptor_id') && IDENTITY.some(([p]) => !!get(props, p));
    if (!type || !(type === VNF || vnfTypes.has(type) || type === mapped || looksVnf)) continue;
    const flavour = mappedFlavour ?? literal(get(props, 'flavour_id'));
    const r: VnfdRecord = { typeName: type, flavours: flavour ? [flavour] : [] };
    const id = literal(get(props, 'descriptor_id'));
    if (id) r.descriptorId = id;
    for (const [prop, field] of IDENTITY) {
      const v = literal(get(props, prop));
      if (v !== undefined) r[field] = v;
    }
    if (flavour && mapped !== undefined) {
      r.describes = true;
      r.levels = levelsOf(topo);
      described = true;
    }
    if (r.descriptorId || r.flavours.length) out.push(r);
  }
  // A flavour file whose VNF node is left out still describes the mapped flavour.
  if (!described && mapped && mappedFlavour)
    out.push({ typeName: mapped, flavours: [mappedFlavour], describes: true, levels: levelsOf(topo) });
  return out;
}

/** The levels of the flavour's InstantiationLevels policy (list or map form of `policies`). */
function levelsOf(topo: YNode | null): string[] {
  const node = get(asMap(topo), 'policies');
  const pairs = asSeq(node) ? asSeq(node)!.items.flatMap((it) => entries(it)) : entries(node);
  const out: string[] = [];
  for (const p of pairs) {
    if (!/(^|\.)InstantiationLevels$/.test(scalarText(get(asMap(p.value), 'type')) ?? '')) continue;
    for (const l of entries(getIn(p.value, 'properties', 'levels'))) out.push(l.key.text);
  }
  return out;
}
