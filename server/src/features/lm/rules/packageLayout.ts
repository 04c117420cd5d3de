/**
 * LM102-LM104: the lmctl package layout on disk (lmctl "Projects" › layout and validation:
 * V10-V12, V15, V16). Project-level findings go on the lmproject file, at the (sub)project entry;
 * a descriptor with a `.yml`/`.yaml` twin, or whose package holds twin OpenStack templates, is
 * flagged in the descriptor itself.
 *
 * LM103 findings about folders and files other than the descriptor (`Lifecycle/`,
 * `Definitions/infrastructure/`, `lifecycle/`, `Meta-Inf/manifest.MF`) carry `data.part`, so a
 * tree that is known to lack them (a descriptor-only checkout) can drop them.
 */
import * as path from '../../../util/path.js';
import { isDescriptorKind } from '../../../model/kinds.js';
import { asMap } from '../../../syntax/tree.js';
import type { Span } from '../../../syntax/positions.js';
import { brentPackageDir, firstExisting } from '../drivers.js';
import { expectedDescriptor, projectNodes, requiredParts, type ProjectNode } from '../layout.js';
import type { LmRule, LmRuleContext } from './context.js';

function firstKeySpan(ctx: LmRuleContext): Span {
  const first = asMap(ctx.doc.root)?.pairs[0];
  return first ? first.key.span : { start: 0, end: 0 };
}

function twin(p: string): string | undefined {
  if (p.endsWith('.yaml')) return p.slice(0, -5) + '.yml';
  if (p.endsWith('.yml')) return p.slice(0, -4) + '.yaml';
  return undefined;
}

function where(n: ProjectNode): string {
  return n.isRoot ? 'the project' : `subproject \`${n.name?.text}\` (\`${n.relDir}\`)`;
}

const ERA_LABEL: Record<string, string> = { brent22: 'Brent 2.2+', brent21: 'Brent 2.1', ansible: 'Ansible RM' };

function checkProjectFile(ctx: LmRuleContext): void {
  const file = ctx.doc.path;
  const other = twin(file);
  if (other && ctx.feature.fileExists(other)) {
    ctx.report({
      code: 'LM102',
      severity: 'error',
      span: firstKeySpan(ctx),
      message:
        `Both \`${path.posix.basename(file)}\` and \`${path.posix.basename(other)}\` exist; lmctl refuses a ` +
        `project with both. Keep one.`,
    });
  }
  for (const n of projectNodes(ctx.feature, ctx.doc.root, file)) {
    if (!n.dirExists) continue; // LM100 reports a missing subproject folder.
    if (
      ctx.feature.fileExists(path.posix.join(n.dir, 'Contains')) &&
      ctx.feature.fileExists(path.posix.join(n.dir, 'VNFCs'))
    ) {
      ctx.report({
        code: 'LM102',
        severity: 'error',
        span: n.anchor,
        message:
          `${n.isRoot ? 'The project' : `Subproject \`${n.name?.text}\``} has both a \`Contains/\` and a ` +
          `legacy \`VNFCs/\` folder; lmctl accepts only one. Move the subprojects into \`Contains/\`.`,
      });
    }
    const expected = expectedDescriptor(n);
    if (expected && !firstExisting(ctx.feature, n.dir, expected.candidates)) {
      const alt = expected.candidates.length > 1 ? ` (or \`${expected.candidates[1]}\`)` : '';
      ctx.report({
        code: 'LM103',
        severity: 'error',
        span: n.anchor,
        message:
          `No descriptor for ${where(n)}: lmctl expects ` +
          (`\`${path.posix.join(n.relDir === '.' ? '' : n.relDir, expected.candidates[0]!)}\`${alt} and stops with ` +
            `"No descriptor found".`),
      });
    }
    for (const part of requiredParts(n)) {
      if (ctx.feature.fileExists(path.posix.join(n.dir, part))) continue;
      ctx.report({
        code: 'LM103',
        severity: 'error',
        span: n.anchor,
        message:
          `No \`${part}${part.includes('.') ? '' : '/'}\` in ${where(n)}: lmctl requires it for ` +
          `${ERA_LABEL[n.era]} resources and stops without it.`,
        data: { missingPart: part },
      });
    }
    if (n.era === 'brent22') {
      for (const mf of ['Lifecycle/lifecycle.mf', 'Definitions/infrastructure/infrastructure.mf']) {
        if (!ctx.feature.fileExists(path.posix.join(n.dir, mf))) continue;
        ctx.report({
          code: 'LM104',
          severity: 'error',
          span: n.rmNode?.span ?? n.anchor,
          message:
            `\`${path.posix.join(n.relDir === '.' ? '' : n.relDir, mf)}\` is a pre-2.2 manifest that Brent ` +
            (`2.2+ no longer reads; lmctl rejects it. Move its content into the descriptor ` +
              `(${
                mf.startsWith('Lifecycle')
                  ? '`default-driver` with a ' + '`selector`'
                  : '`Lifecycle/<driver>/` templates run from `Create`/`queries`'
              }) or run \`lmctl project validate --autocorrect\`.`),
        });
      }
    }
  }
}

function checkDescriptor(ctx: LmRuleContext): void {
  const file = ctx.doc.path;
  const other = twin(file);
  if (other && /\/(Descriptor|Definitions\/lm)\/[^/]+$/.test(file) && ctx.feature.fileExists(other)) {
    ctx.report({
      code: 'LM102',
      severity: 'error',
      span: firstKeySpan(ctx),
      message:
        `Both \`${path.posix.basename(file)}\` and \`${path.posix.basename(other)}\` exist here; lmctl ` +
        `refuses a project with both. Keep one.`,
    });
  }
  if (ctx.doc.kind !== 'resource') return;
  const pkg = brentPackageDir(file);
  if (pkg === undefined) return;
  for (const base of ['heat', 'tosca', 'discover']) {
    const yaml = path.posix.join(pkg, 'Lifecycle', 'openstack', `${base}.yaml`);
    if (ctx.feature.fileExists(yaml) && ctx.feature.fileExists(twin(yaml)!)) {
      ctx.report({
        code: 'LM102',
        severity: 'error',
        span: firstKeySpan(ctx),
        message:
          `The package has both \`Lifecycle/openstack/${base}.yaml\` and \`${base}.yml\`; lmctl refuses ` +
          `both. Keep one.`,
      });
    }
  }
}

export const packageLayoutRule: LmRule = {
  codes: ['LM102', 'LM103', 'LM104'],
  kinds: ['lmproject', 'assembly', 'resource', 'assembly-template', 'type'],
  crossFile: true,
  check(ctx) {
    if (!ctx.doc.root) return;
    if (ctx.doc.kind === 'lmproject') checkProjectFile(ctx);
    else if (isDescriptorKind(ctx.doc.kind)) checkDescriptor(ctx);
  },
};
