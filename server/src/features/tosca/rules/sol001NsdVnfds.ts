/**
 * The VNFs of an ETSI GS NFV-SOL 001 NSD against the VNFDs of the workspace (clause 7 uses the VNF node
 * type of clause 6 to name a VNFD): each VNF node's literal `descriptor_id` is the id of a VNFD, its
 * `flavour_id` one of that VNFD's deployment flavours, its `vnf_profile.instantiation_level` one of that
 * flavour's instantiation levels, and its `provider` / `product_name` / `software_version` /
 * `descriptor_version` those of the VNFD.
 * - TOSCA321: no VNFD of the workspace has the id. Information (NSD packages do not carry their VNFDs:
 *   the NFVO has them onboarded), a warning when a workspace VNFD's id is one edit away. Silent when
 *   the workspace holds no VNFD at all.
 * - TOSCA322: the VNFD has no such flavour (warning: the NFVO refuses to instantiate the NS).
 * - TOSCA323: an identity property differs from the VNFD's (warning).
 * - TOSCA324: the VNF profile's instantiation level is not a level of the flavour (warning).
 * The VNFDs come from the index (workspaceVnfds.ts), never from a scan of the files.
 */
import { asMap, get, getIn, type YNode } from '../../../syntax/tree.js';
import { dirname, relative } from '../../../util/path.js';
import { didYouMean } from '../../../util/suggest.js';
import { workspaceVnfds, type WorkspaceVnfd } from '../workspaceVnfds.js';
import type { ToscaRule, ToscaRuleContext } from './context.js';
import { sol001NodeTypesKnown } from './sol001Gate.js';
import { sol001Cite } from './sol001Cite.js';
import { nsdVnfNodes } from './sol001NsdVnf.js';

const IDENTITY = [
  ['provider', 'provider'],
  ['product_name', 'productName'],
  ['software_version', 'softwareVersion'],
  ['descriptor_version', 'descriptorVersion'],
] as const;

/** The VNF node type as the NSD's SOL001 version has it (§6), named from an NSD (§7). */
function source(ctx: ToscaRuleContext): string {
  return `${sol001Cite(ctx, 'tosca.nodes.nfv.VNF')}, as a node of an NSD (§7)`;
}

function literal(n: YNode | null | undefined): string | undefined {
  const v = n && n.kind === 'scalar' ? n.value : undefined;
  return typeof v === 'string' || typeof v === 'number' ? String(v).trim() || undefined : undefined;
}

/** The VNFD's files, relative to the NSD (two VNFDs often share a file name). */
function where(ctx: ToscaRuleContext, v: WorkspaceVnfd): string {
  const from = dirname(ctx.doc.path);
  return v.paths.map((p) => `\`${relative(from, p)}\``).join(', ');
}

function list(xs: Iterable<string>): string {
  const all = [...xs];
  return all.length ? all.map((x) => `\`${x}\``).join(', ') : 'none';
}

export const sol001NsdVnfdsRule: ToscaRule = {
  codes: ['TOSCA321', 'TOSCA322', 'TOSCA323', 'TOSCA324'],
  crossFile: true,
  when: sol001NodeTypesKnown,
  check(ctx) {
    const nodes = nsdVnfNodes(ctx);
    if (!nodes?.length) return;
    const vnfds = workspaceVnfds(ctx.feature);
    if (vnfds.size === 0) return;
    const templates = asMap(getIn(ctx.root, 'topology_template', 'node_templates'));
    for (const n of nodes) {
      const props = asMap(getIn(asMap(get(templates, n.name)), 'properties'));
      const idNode = get(props, 'descriptor_id');
      const id = literal(idNode);
      if (!idNode || id === undefined) continue;
      const vnfd = vnfds.get(id);
      if (!vnfd) {
        reportUnknown(ctx, n.name, id, idNode, vnfds);
        continue;
      }
      const flavourNode = get(props, 'flavour_id');
      const flavour = literal(flavourNode);
      if (flavourNode && flavour !== undefined && vnfd.flavours.size > 0 && !vnfd.flavours.has(flavour)) {
        const hint = didYouMean(flavour, vnfd.flavours.keys());
        ctx.report({
          code: 'TOSCA322',
          severity: 'warning',
          span: flavourNode.span,
          message:
            `VNFD \`${id}\` (${where(ctx, vnfd)}) has no deployment flavour \`${flavour}\`` +
            `${hint ? `: did you mean \`${hint}\`?` : ''} (its flavours: ${list(vnfd.flavours.keys())}). ` +
            `The NFVO instantiates the VNF in the flavour the NSD names (${source(ctx)}).`,
        });
      }
      for (const [prop, field] of IDENTITY) {
        const node = get(props, prop);
        const mine = literal(node);
        const theirs = vnfd[field];
        if (!node || mine === undefined || theirs === undefined || mine === theirs) continue;
        ctx.report({
          code: 'TOSCA323',
          severity: 'warning',
          span: node.span,
          message:
            `\`${prop}\` \`${mine}\` of VNF node \`${n.name}\` differs from the VNFD \`${id}\` it names ` +
            `(\`${theirs}\`, ${where(ctx, vnfd)}): give the VNFD's value, or the descriptor_id of the VNFD you mean ` +
            `(${source(ctx)}).`,
        });
      }
      const levelNode = getIn(props, 'vnf_profile', 'instantiation_level');
      const level = literal(levelNode);
      const levels = flavour !== undefined ? vnfd.flavours.get(flavour) : undefined;
      if (levelNode && level !== undefined && levels?.length && !levels.includes(level)) {
        const hint = didYouMean(level, levels);
        ctx.report({
          code: 'TOSCA324',
          severity: 'warning',
          span: levelNode.span,
          message:
            `Flavour \`${flavour}\` of VNFD \`${id}\` has no instantiation level \`${level}\`` +
            `${hint ? `: did you mean \`${hint}\`?` : ''} (its levels: ${list(levels)}). A VNF profile's ` +
            `instantiation_level names a level of the VNFD flavour's InstantiationLevels policy (${source(ctx)}).`,
        });
      }
    }
  },
};

function reportUnknown(
  ctx: ToscaRuleContext,
  node: string,
  id: string,
  idNode: YNode,
  vnfds: ReadonlyMap<string, WorkspaceVnfd>,
): void {
  const hint = didYouMean(id, vnfds.keys());
  const known = [...vnfds.values()].slice(0, 5).map((v) => `\`${v.descriptorId}\` (${where(ctx, v)})`);
  ctx.report({
    code: 'TOSCA321',
    severity: hint ? 'warning' : 'information',
    span: idNode.span,
    message:
      `No VNFD of the workspace has descriptor_id \`${id}\` (VNF node \`${node}\`)` +
      `${hint ? `: did you mean \`${hint}\`?` : '.'} VNFDs in the workspace: ${known.join(', ')}` +
      `${vnfds.size > 5 ? `, and ${vnfds.size - 5} more` : ''}. The NFVO must have a VNF package with this ` +
      `VNFD onboarded before the NSD (${source(ctx)}).`,
  });
}
