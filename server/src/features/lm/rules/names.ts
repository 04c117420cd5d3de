/** LM001-LM005: descriptor names (CP4NA "Assembly descriptors" › name; lmctl "Projects" › naming). */
import { isDescriptorKind } from '../../../model/kinds.js';
import { asScalar, get, asMap } from '../../../syntax/tree.js';
import { decodeScalar, sourceSpanOf } from '../../../syntax/scalars.js';
import type { LmRule } from './context.js';
import { withFixes } from '../../shared/fixData.js';

const TYPES = ['assembly', 'resource', 'assembly-template', 'type'];

/** Checks the name part; returns a message or undefined. Dots are tolerated (CP4NA's own example has one). */
export function nameProblem(name: string): string | undefined {
  if (name.length === 0) return 'the name part is empty';
  if (/\s/.test(name)) return 'it contains spaces';
  if (!/^[A-Za-z]/.test(name)) return 'it must start with a letter';
  if (!/[A-Za-z0-9]$/.test(name)) return 'it must end with a letter or a digit';
  if (/[^A-Za-z0-9_.-]/.test(name))
    return `\`${name.replace(/[A-Za-z0-9_.-]/g, '')[0]}\` is not allowed (letters, digits, \`_\`, \`-\` only)`;
  if (/[_\-.]{2}/.test(name)) return '`_`, `-` must not follow each other';
  if (name.length > 50) return `it is ${name.length} characters long (50 at most)`;
  return undefined;
}

export const VERSION_RE = /^\d+(\.\d+)*$/;

export const namesRule: LmRule = {
  codes: ['LM001', 'LM002', 'LM003', 'LM004', 'LM005'],
  kinds: ['assembly', 'resource', 'assembly-template', 'type'],
  check(ctx) {
    const node = asScalar(get(asMap(ctx.doc.root), 'name'));
    const kind = ctx.doc.kind;
    if (!node || !isDescriptorKind(kind)) return;
    if (typeof node.value !== 'string') {
      ctx.report({
        code: 'LM001',
        severity: 'error',
        span: node.span,
        message: 'The descriptor name must be a string `<type>::<name>::<version>`, e.g. `assembly::my-service::1.0`.',
      });
      return;
    }
    const d = decodeScalar(ctx.doc.text, node);
    const parts = d.text.split('::');
    if (parts.length !== 3) {
      ctx.report({
        code: 'LM001',
        severity: 'error',
        span: node.span,
        message:
          `The descriptor name has ${parts.length} \`::\`-separated part${parts.length === 1 ? '' : 's'}; ` +
          `it needs exactly three: \`${kind === 'resource' ? 'resource' : 'assembly'}::<name>::<version>\`.`,
      });
      return;
    }
    const [type, name, version] = parts as [string, string, string];
    const typeSpan = sourceSpanOf(d, 0, type.length, node.span.start);
    const nameStart = type.length + 2;
    const nameSpan = sourceSpanOf(d, nameStart, nameStart + name.length, node.span.start);
    const verStart = nameStart + name.length + 2;
    const verSpan = sourceSpanOf(d, verStart, verStart + version.length, node.span.end);
    if (!TYPES.includes(type)) {
      ctx.report({
        code: 'LM001',
        severity: 'error',
        span: typeSpan,
        message: `Unknown descriptor type \`${type}\`: use \`assembly\` or \`resource\`.`,
      });
    } else if (type !== kind) {
      ctx.report({
        code: 'LM004',
        severity: 'error',
        span: typeSpan,
        message:
          `This file is ${kind === 'assembly' ? 'an' : 'a'} ${kind} descriptor (by its location or content) ` +
          `but its name says \`${type}\`: change the type part to \`${kind}\`.`,
      });
    }
    const np = nameProblem(name);
    if (np)
      ctx.report({
        code: 'LM002',
        severity: 'error',
        span: nameSpan.start === nameSpan.end ? node.span : nameSpan,
        message: `Invalid descriptor name \`${name}\`: ${np}.`,
      });
    if (!VERSION_RE.test(version)) {
      ctx.report({
        code: 'LM003',
        severity: 'error',
        span: verSpan.start === verSpan.end ? node.span : verSpan,
        message: `Invalid version \`${version}\`: use numbers separated by single dots, e.g. \`1.0\` or \`2.1.3\`.`,
      });
    }
    const pc = ctx.feature.index.projectContext(ctx.doc.path);
    if (pc?.derivedName && pc.derivedName !== d.text) {
      const [, dn, dv] = pc.derivedName.split('::');
      const what: string[] = [];
      if (pc.expectedType !== type) what.push(`type \`${type}\` should be \`${pc.expectedType}\``);
      // A schema 1.0 `vnfcs` definition is checked like any subproject: lmctl rewrites the project file into
      // `contains` entries before it validates, and then requires the chained name (the same LM005 error).
      const legacy = pc.chain[pc.chain.length - 1]?.fromVnfcs
        ? '; lmctl rewrites the schema 1.0 `vnfcs` block into subprojects first'
        : '';
      if (dn !== name)
        what.push(
          `name \`${name}\` should be ` +
            `\`${dn}\`${pc.chain.length ? ` (subproject names are chained as \`<sub>-<parent>\`${legacy})` : ''}`,
        );
      if (dv !== version) what.push(`version \`${version}\` should be \`${dv}\``);
      ctx.report({
        code: 'LM005',
        severity: 'error',
        span: node.span,
        message:
          `The name does not match the lmctl project (${pc.projectFile.split('/').slice(-1)[0]}): ` +
          `${what.join('; ')}. lmctl derives \`${pc.derivedName}\`; remove the \`name\` line or change it to that.`,
        ...withFixes({ fix: 'project-name', derivedName: pc.derivedName }),
      });
    }
  },
};
