/**
 * TOSCA001 missing `tosca_definitions_version`, TOSCA002 unknown version, TOSCA003 version not the
 * first entry. (TOSCA004, "TOSCA 2.0 is syntax-only", is retired: 2.0 has its own grammar.)
 */
import { misspeltVersionKey } from '../../../model/kinds.js';
import { asScalar } from '../../../syntax/tree.js';
import { KNOWN_VERSIONS } from '../../../model/tosca/versions.js';
import type { ToscaRule } from './context.js';
import { didYouMean, suggestion } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';

function base(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}

export const versionRule: ToscaRule = {
  codes: ['TOSCA001', 'TOSCA002', 'TOSCA003'],
  check(ctx) {
    const root = ctx.root;
    if (!root) {
      if (ctx.doc.root === null && ctx.doc.problems.length === 0) {
        ctx.report({
          code: 'TOSCA001',
          severity: 'error',
          span: { start: 0, end: 0 },
          message: 'The file is empty: a TOSCA file starts with `tosca_definitions_version`.',
        });
      } else if (ctx.doc.root) {
        ctx.report({
          code: 'TOSCA001',
          severity: 'error',
          span: ctx.doc.root.span,
          message: 'A TOSCA file is a YAML mapping that starts with `tosca_definitions_version`.',
        });
      }
      return;
    }
    const i = root.pairs.findIndex((p) => p.key.text === 'tosca_definitions_version');
    if (i < 0) {
      const near = root.pairs.find(
        (p) =>
          misspeltVersionKey(p.key.text) ||
          didYouMean(p.key.text, ['tosca_definitions_version']) === 'tosca_definitions_version',
      );
      const from = ctx.model.versionFrom;
      // The first key of the file, where the version belongs.
      const first = root.pairs[0]?.key.span ?? { start: root.span.start, end: root.span.start };
      if (near) {
        ctx.report({
          code: 'TOSCA001',
          severity: 'error',
          span: near.key.span,
          message: `\`tosca_definitions_version\` is missing (\`${near.key.text}\` looks like a misspelling of it).`,
          ...replaceWith('tosca_definitions_version'),
        });
      } else if (from && ctx.model.version) {
        // Judgement (as TOSCA023): tosca-parser and most processors load imported type files without a version.
        ctx.report({
          code: 'TOSCA001',
          severity: 'warning',
          span: first,
          message:
            'The file has no `tosca_definitions_version`, which TOSCA Simple Profile in YAML 1.2 §3.9.3.1 requires ' +
            `of every file. It is read as \`${ctx.model.version.text}\`, the version of \`${base(from)}\`, which ` +
            'imports it (tosca-parser and most processors load version-less imported files). Add the version.',
        });
      } else {
        ctx.report({
          code: 'TOSCA001',
          severity: 'error',
          span: first,
          message:
            'The file has no `tosca_definitions_version` (TOSCA Simple Profile in YAML 1.2 §3.9.3.1 requires it as ' +
            'the first entry), so no TOSCA processor reads it as TOSCA. Add e.g. ' +
            '`tosca_definitions_version: tosca_simple_yaml_1_3` as the first line.',
        });
      }
      return;
    }
    const pair = root.pairs[i]!;
    const v = asScalar(pair.value);
    const text = v && v.value !== null ? v.text.trim() : '';
    if (!ctx.model.version) {
      const hint = didYouMean(text, KNOWN_VERSIONS);
      ctx.report({
        code: 'TOSCA002',
        severity: 'error',
        span: pair.value ? pair.value.span : pair.key.span,
        message:
          `${text ? `Unknown TOSCA version \`${text}\`` : 'The TOSCA version is empty'}${suggestion(hint)}. ` +
          `Known: ${KNOWN_VERSIONS.slice(0, 5).join(', ')}, and the NFV/MEC profile names. ` +
          'Checking as Simple Profile 1.3.',
        ...replaceWith(hint),
      });
    }
    if (i > 0 && ctx.grammar.id === '2_0') {
      ctx.report({
        code: 'TOSCA003',
        severity: 'error',
        span: pair.key.span,
        message:
          '`tosca_definitions_version` must be the first entry of a TOSCA 2.0 file (TOSCA Version 2.0 §6.2): ' +
          'move it to the top.',
      });
    } else if (i > 0 && ctx.grammar.family === 'tosca') {
      // Judgement: the spec says the version MUST be the first line; Puccini, tosca-parser and xOpera accept it
      // anywhere. Cloudify's DSL reads it wherever it is.
      ctx.report({
        code: 'TOSCA003',
        severity: 'warning',
        span: pair.key.span,
        message:
          '`tosca_definitions_version` should be the first entry of the file (spec §3.1: it selects the grammar of ' +
          'everything after it). Most processors accept it elsewhere.',
      });
    }
  },
};
