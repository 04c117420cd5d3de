/**
 * LM100, LM101, LM106: the lmproject file itself (lmctl "Projects" › project file, naming; lmctl validation).
 * Required fields, project types and resource managers as lmctl accepts them (`lmctl/project/types.py`:
 * types case-insensitive, resource managers case-sensitive), subproject folders, schema 1.0 files
 * that lmctl rewrites, and descriptor names the project would derive but LM rejects.
 */
import { asMap, asScalar, get, getPair } from '../../../syntax/tree.js';
import { BRENT_RM_VALUES, RM_VALUES } from '../drivers.js';
import { PROJECT_TYPES, RESOURCE_TYPES, projectNodes, type ProjectNode } from '../layout.js';
import { nameProblem } from './names.js';
import type { LmRule, LmRuleContext } from './context.js';

function label(n: ProjectNode): string {
  return n.isRoot ? 'The project' : `Subproject \`${n.name?.text ?? '?'}\``;
}

function checkNode(ctx: LmRuleContext, n: ProjectNode): void {
  if (n.legacyVnfc) {
    if (!n.dirExists)
      ctx.report({
        code: 'LM100',
        severity: 'error',
        span: n.anchor,
        message: `VNFC \`${n.name?.text}\` has no folder \`${n.relDir}\` (nor under Contains/).`,
      });
    return;
  }
  if (!n.name?.text) {
    ctx.report({
      code: 'LM100',
      severity: 'error',
      span: n.anchor,
      message:
        `${n.isRoot ? 'The project' : 'This subproject'} has no \`name\`; lmctl stops with "name must be ` +
        `defined".`,
    });
  }
  if (n.typeNode && !PROJECT_TYPES.some((t) => t.toLowerCase() === n.type)) {
    ctx.report({
      code: 'LM100',
      severity: 'error',
      span: n.typeNode.span,
      message: `Unknown project type \`${n.typeNode.text}\`: use ${PROJECT_TYPES.map((t) => `\`${t}\``).join(', ')}.`,
    });
  }
  const isResource = RESOURCE_TYPES.includes(n.type);
  if (isResource && !n.rmNode) {
    ctx.report({
      code: 'LM100',
      severity: 'error',
      span: n.typeNode?.span ?? n.anchor,
      message:
        `${label(n)} is of type ${n.typeNode?.text ?? n.type} but has no \`resource-manager\`: lmctl needs ` +
        `one (\`brent\` for Brent 2.2+, \`brent2.1\`, or \`ansible-rm\`).`,
    });
  }
  if (n.rmNode && (isResource || !n.isRoot) && !RM_VALUES.includes(n.rmNode.text)) {
    const cased = RM_VALUES.find((v) => v.toLowerCase() === n.rmNode!.text.toLowerCase());
    ctx.report({
      code: 'LM100',
      severity: 'error',
      span: n.rmNode.span,
      message:
        `lmctl does not support \`resource-manager: ` +
        (`${n.rmNode.text}\`${cased ? ` (it compares case-sensitively: write \`${cased}\`)` : ''}. Use one of ` +
          `${RM_VALUES.map((v) => `\`${v}\``).join(', ')}.`),
    });
  } else if (n.type === 'etsi_vnf' && n.rmNode && !(BRENT_RM_VALUES as readonly string[]).includes(n.rmNode.text)) {
    ctx.report({
      code: 'LM100',
      severity: 'error',
      span: n.rmNode.span,
      message:
        `ETSI_VNF projects are packaged for Brent 2.2+: use \`resource-manager: brent\` (or \`lm\`), not ` +
        `\`${n.rmNode.text}\`.`,
    });
  }
  if (!n.isRoot && n.name?.text && !n.dirExists) {
    const dirNode = asScalar(get(n.map, 'directory'));
    ctx.report({
      code: 'LM100',
      severity: 'error',
      span: dirNode?.span ?? n.anchor,
      message: `Subproject folder \`${n.relDir}\` does not exist; create it or fix \`directory\`.`,
    });
  }
}

export const projectFileRule: LmRule = {
  codes: ['LM100', 'LM101', 'LM106'],
  kinds: ['lmproject'],
  crossFile: true,
  check(ctx) {
    const m = asMap(ctx.doc.root);
    if (!m) return;
    // LM101 / schema and version (V3).
    const schemaPair = getPair(m, 'schema');
    const schema = asScalar(schemaPair?.value ?? null);
    const schemaText = schema && schema.value !== null ? schema.text : undefined;
    const legacy = schemaText === undefined || schemaText === '1.0' || schemaText === '1';
    if (schemaText === undefined) {
      const first = m.pairs[0];
      if (first)
        ctx.report({
          code: 'LM101',
          severity: 'information',
          span: (schemaPair ?? first).key.span,
          message:
            'No `schema`: lmctl reads this as a schema 1.0 project file and rewrites it in place on the next ' +
            "command (keeping a `.bak` copy), adding `schema: '2.0'` and `version`.",
        });
    } else if (legacy) {
      ctx.report({
        code: 'LM101',
        severity: 'information',
        span: schema!.span,
        message:
          'Schema 1.0 project file: lmctl rewrites it in place on the next command (keeping a `.bak` copy). Write ' +
          "`schema: '2.0'`.",
      });
    } else if (schemaText !== '2.0' && schemaText !== '2') {
      ctx.report({
        code: 'LM100',
        severity: 'error',
        span: schema!.span,
        message: `Unknown project file schema \`${schemaText}\`: lmctl knows \`'2.0'\` (and rewrites \`'1.0'\`).`,
      });
    }
    const vnfcs = getPair(m, 'vnfcs');
    if (vnfcs)
      ctx.report({
        code: 'LM101',
        severity: 'information',
        span: vnfcs.key.span,
        message:
          'Schema 1.0 `vnfcs` block: lmctl converts each definition into a `contains` entry (type Resource, ' +
          'resource-manager ansible-rm) when it rewrites the file, so the VNFC descriptors are named like any ' +
          `subproject's: \`resource::<vnfc>-${asScalar(get(m, 'name'))?.text ?? '<project>'}::<version>\`. ` +
          'A `name` in a VNFC descriptor that says otherwise fails lmctl validation (LM005 there).',
      });
    const version = asScalar(get(m, 'version'));
    if (!legacy && (!version || version.value === null)) {
      const name = getPair(m, 'name');
      ctx.report({
        code: 'LM100',
        severity: 'error',
        span: (name ?? schemaPair ?? m.pairs[0]!).key.span,
        message:
          'The project has no `version`; lmctl stops with "version must be defined". Add e.g. `version: \'1.0\'`.',
      });
    }
    const packaging = asScalar(get(m, 'packaging'));
    if (packaging && packaging.value !== null && !['tgz', 'csar'].includes(packaging.text)) {
      ctx.report({
        code: 'LM100',
        severity: 'error',
        span: packaging.span,
        message: `\`packaging\` must be \`tgz\` (default) or \`csar\`, not \`${packaging.text}\`.`,
      });
    }
    const nodes = projectNodes(ctx.feature, ctx.doc.root, ctx.doc.path);
    const tooLong = new Set<ProjectNode>();
    for (const n of nodes) {
      checkNode(ctx, n);
      // LM106: the descriptor name lmctl derives must itself be a valid name (a name too long is reported once, not
      // again for every nested subproject).
      if (n.chainName === undefined || !n.name) continue;
      if (n.chainName.length > 50 && n.parent && tooLong.has(n.parent)) {
        tooLong.add(n);
        continue;
      }
      const problem = nameProblem(n.chainName);
      if (n.chainName.length > 50) tooLong.add(n);
      if (problem) {
        ctx.report({
          code: 'LM106',
          // The same naming rules as LM002: the orchestrator rejects the name lmctl pushes, so an error.
          severity: 'error',
          span: n.name.span,
          message:
            `lmctl will name the descriptor ` +
            (`\`${n.chainName}\`${n.parent ? ' (subproject names are chained as `<sub>-<parent>`)' : ''}, which LM ` +
              `rejects: ${problem}.`),
        });
      }
    }
  },
};
