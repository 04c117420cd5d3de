/**
 * How the SOL001 rules cite ETSI GS NFV-SOL 001: the version in use and the clause of the model the type
 * belongs to (§6 VNFD, §7 NSD, §8 PNFD), read from the type file that declares the type (a built-in file,
 * `tosca-normative:/etsi-nfv-sol001/v2.6.1/etsi_nfv_sol001_vnfd_types.yaml`, or a copy shipped in the
 * package, whose `metadata.template_version` gives it). Types of the common file (from 2.6.1) are cited as such.
 * Finer clause numbers move between versions and are not cited.
 */
import type { TypeKind } from '../../../model/tosca/catalog/types.js';
import type { ToscaRuleContext } from './context.js';

const CLAUSE: Record<string, string> = { vnfd: '§6', nsd: '§7', pnfd: '§8' };
const FILE = /etsi_nfv_sol001_(common|vnfd|nsd|pnfd)(?:_(\d+)_(\d+)_(\d+))?_types\.ya?ml$/i;

/** `ETSI GS NFV-SOL 001 v2.6.1 §6, tosca.nodes.nfv.VNF` (as much as is known of the type's file). */
export function sol001Cite(ctx: ToscaRuleContext, typeName: string, kind: TypeKind = 'node'): string {
  const t = ctx.model.types.resolve(typeName, kind);
  const path = t?.path ?? '';
  const m = FILE.exec(path);
  const version =
    /\/v(\d+\.\d+\.\d+)\//.exec(path)?.[1] ??
    (m?.[2] ? `${m[2]}.${m[3]}.${m[4]}` : undefined) ??
    (m ? shippedVersion(ctx, path) : undefined);
  const doc = `ETSI GS NFV-SOL 001${version ? ` v${version}` : ''}`;
  if (!m) return `${doc}, ${typeName}`;
  const file = m[1]!.toLowerCase();
  return file === 'common' ? `${doc}, ${typeName} (its common types file)` : `${doc} ${CLAUSE[file]}, ${typeName}`;
}

/** The `template_version` of a shipped SOL001 type file (`metadata:` of the published files), from the index. */
function shippedVersion(ctx: ToscaRuleContext, path: string): string | undefined {
  const v = ctx.feature.index.tosca.summaryOf(path)?.metadata.find((e) => e.name === 'template_version')?.value;
  return v && /^\d+\.\d+\.\d+$/.test(v.trim()) ? v.trim() : undefined;
}
