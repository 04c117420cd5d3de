/**
 * The VNFDs of the workspace by `descriptor_id` (ETSI GS NFV-SOL 001 §6), for the NSD checks: each
 * with its deployment flavours and their instantiation levels and its identity (provider, product
 * name, versions). Built from the index: each TOSCA file's records (model/tosca/sol001/vnfdRecords.ts)
 * are read once per change of that file (`deriveFromEntries`), the table once per index generation,
 * never a scan per keystroke.
 *
 * A VNFD spreads over the files of one package folder (types file, top-level VNFD, one file per
 * flavour), so records join by folder: a flavour file belongs to the VNFD whose VNF type it
 * substitutes, or to the folder's only VNFD.
 */
import { memoKey } from '../../model/document.js';
import type { ToscaSummary } from '../../model/tosca/summary.js';
import { vnfdRecordsOf, type VnfdRecord } from '../../model/tosca/sol001/vnfdRecords.js';
import { parseYaml } from '../../syntax/parse.js';
import { dirname } from '../../util/path.js';
import type { EntryItems, IndexEntry } from '../../index/workspace.js';
import type { WorkspaceContext } from '../types.js';

export interface WorkspaceVnfd {
  descriptorId: string;
  /** Files that name the id (types file, top-level VNFD, flavour files). */
  paths: string[];
  /** Flavour id -> the levels of its InstantiationLevels (empty when no flavour file gives them). */
  flavours: Map<string, string[]>;
  provider?: string;
  productName?: string;
  softwareVersion?: string;
  descriptorVersion?: string;
}

interface Located extends VnfdRecord {
  path: string;
}

const RECORDS = memoKey<EntryItems<Located>>('sol001 vnfd records');
const TABLE = memoKey<Map<string, WorkspaceVnfd>>('sol001 vnfd table');

/** Cheap test on the summary before the file is read: a property named like the VNF's identity. */
function mayHold(s: ToscaSummary): boolean {
  const named = (ps: readonly { name: string }[]) =>
    ps.some((p) => p.name === 'descriptor_id' || p.name === 'flavour_id');
  if (s.types.some((t) => t.kind === 'node' && named(t.properties))) return true;
  const topo = s.topology;
  return !!topo && (named(topo.substitution?.properties ?? []) || topo.nodeTemplates.some((n) => named(n.properties)));
}

function recordsOf(ws: WorkspaceContext, e: IndexEntry): Located[] {
  if (e.summary.kind !== 'tosca' || !mayHold(e.summary)) return [];
  const text = ws.linesOf(e.path)?.text;
  if (text === undefined) return [];
  return vnfdRecordsOf(parseYaml(text).root).map((r) => ({ ...r, path: e.path }));
}

/** The workspace's VNFDs by descriptor_id (callers must not modify them). */
export function workspaceVnfds(ws: WorkspaceContext): Map<string, WorkspaceVnfd> {
  const records = ws.index.deriveFromEntries(
    RECORDS,
    (e) => e.kind === 'tosca',
    (e) => recordsOf(ws, e),
  );
  return ws.index.derive(TABLE, () => buildTable(records));
}

function buildTable(records: readonly Located[]): Map<string, WorkspaceVnfd> {
  const byFolder = new Map<string, Located[]>();
  for (const r of records) {
    const d = dirname(r.path);
    let list = byFolder.get(d);
    if (!list) byFolder.set(d, (list = []));
    list.push(r);
  }
  const table = new Map<string, WorkspaceVnfd>();
  for (const list of byFolder.values()) {
    const ids = new Set(list.flatMap((r) => (r.descriptorId ? [r.descriptorId] : [])));
    for (const id of ids) {
      // Types that carry this id, and the records about them or carrying the id.
      const types = new Set(list.filter((r) => r.descriptorId === id && r.typeName).map((r) => r.typeName!));
      const mine = list.filter(
        (r) =>
          r.descriptorId === id ||
          (!r.descriptorId && ((r.typeName !== undefined && types.has(r.typeName)) || ids.size === 1)),
      );
      let v = table.get(id);
      if (!v) table.set(id, (v = { descriptorId: id, paths: [], flavours: new Map() }));
      for (const r of mine) {
        if (!v.paths.includes(r.path)) v.paths.push(r.path);
        for (const f of r.flavours) {
          const levels = v.flavours.get(f) ?? [];
          for (const l of r.levels ?? []) if (!levels.includes(l)) levels.push(l);
          v.flavours.set(f, levels);
        }
        v.provider ??= r.provider;
        v.productName ??= r.productName;
        v.softwareVersion ??= r.softwareVersion;
        v.descriptorVersion ??= r.descriptorVersion;
      }
    }
  }
  return table;
}
