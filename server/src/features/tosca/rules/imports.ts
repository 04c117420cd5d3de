/**
 * Imports: TOSCA020 file not found, TOSCA021 not resolved offline (remote URL or a profile name no
 * workspace file declares), TOSCA022 unknown repository, TOSCA023 the imported file is not a valid
 * TOSCA file (unknown or missing version), TOSCA024 import cycle, TOSCA025 duplicate import or
 * namespace prefix.
 */
import { alienDialect, simpleProfileOnly, type ToscaRule } from './context.js';
import { versionInfo } from '../../../model/tosca/versions.js';
import { CLOUDSHELL_IMPORT, coveredByDialect } from '../../../model/tosca/dialects.js';
import { didYouMean, suggestion } from '../../../util/suggest.js';
import { replaceWith } from '../../shared/fixData.js';

export const importsRule: ToscaRule = {
  codes: ['TOSCA020', 'TOSCA021', 'TOSCA022', 'TOSCA023', 'TOSCA024', 'TOSCA025', 'TOSCA026'],
  when: simpleProfileOnly,
  crossFile: true,
  check(ctx) {
    const { model } = ctx;
    const seenFiles = new Map<string, number>();
    const seenPrefixes = new Map<string, string>();
    for (const r of model.closure.rootImports) {
      const imp = r.imp;
      const span = imp.file?.span ?? imp.profile?.span ?? imp.span;
      const st = r.status;
      switch (st.kind) {
        case 'missing':
          // A CloudShell standard, which shellfoundry adds when it packs the shell: TOSCA108 under the dialect.
          if (ctx.options.dialect === 'cloudshell' && CLOUDSHELL_IMPORT.test(imp.file?.name ?? '')) break;
          ctx.report({
            code: 'TOSCA020',
            severity: 'error',
            span,
            message:
              `Imported file \`${imp.file?.name ?? ''}\` not found ` +
              (st.mapped ? `where the import map \`${st.mapped.prefix}\` puts it ` : '') +
              `(looked for ${st.tried.map((t) => `\`${t}\``).join(', ')}).` +
              (st.mapped ? '' : " Relative paths resolve against the importing file's folder."),
          });
          break;
        case 'remote':
          ctx.report({
            code: 'TOSCA021',
            severity: 'warning',
            span,
            message:
              `Remote import \`${st.url}\` is not resolved (the checker never downloads files), so types ` +
              `from it are unknown here and related checks are relaxed. ` +
              (st.tried?.length
                ? `It names this file's own repository, but the checkout has no \`${st.tried[0]}\` (another ` +
                  'branch may have it).'
                : 'To check against a local copy, map the URL to a folder with the `lmDescriptors.tosca.importMap` ' +
                  'setting (command line: `--import-map`).'),
          });
          break;
        case 'profile-unresolved':
          // Alien4Cloud's normative and base types are the dialect's library.
          if (coveredByDialect(ctx.options.dialect, r)) break;
          ctx.report({
            code: 'TOSCA021',
            severity: 'warning',
            span,
            message:
              (alienDialect(ctx)
                ? `Archive \`${st.name}\` is not in the workspace: no file of it declares that \`template_name\` ` +
                  'and `template_version` (Alien4Cloud imports archives from its catalog by name and exact version).'
                : `Profile \`${st.name}\` is not resolved: no file in the workspace declares \`namespace: ` +
                  `${st.name}\`.`) + ' Types from it are unknown here and related checks are relaxed.',
          });
          break;
        case 'unknown-repository': {
          // Unfurl's own repository of types exists without a `repositories` entry; its types are the dialect's.
          if (st.repository === 'unfurl' && ctx.options.dialect === 'unfurl') break;
          const known = model.summary.repositories.map((x) => x.name);
          const hint = didYouMean(st.repository, known);
          ctx.report({
            code: 'TOSCA022',
            severity: 'error',
            span: imp.repository?.span ?? span,
            message:
              `Import names repository \`${st.repository}\`, which \`repositories\` does not ` +
              `define${suggestion(hint, { label: 'defined', names: known })}.`,
            // The fix replaces the repository name only where it is written on its own.
            ...(imp.repository ? replaceWith(hint) : {}),
          });
          break;
        }
        case 'ok': {
          const loaded = model.closure.files.find((x) => x.path === st.path);
          const sum = loaded?.summary;
          if (st.viaAncestor) {
            ctx.report({
              code: 'TOSCA026',
              severity: 'information',
              span,
              message:
                `\`${imp.file?.name ?? ''}\` is not next to this file; it was found relative to a parent ` +
                `folder (\`${st.path}\`), as tosca-parser resolves nested imports. Other processors may not find it.`,
            });
          }
          if (sum && st.path !== model.path) {
            if (!sum.version) {
              // Judgement: tosca-parser accepts imported type files without a version; the spec requires one.
              ctx.report({
                code: 'TOSCA023',
                severity: 'warning',
                span,
                message:
                  `Imported file \`${imp.file?.name ?? st.path}\` has no \`tosca_definitions_version\`, which ` +
                  'TOSCA Simple Profile in YAML 1.2 §3.9.3.1 requires of every file; tosca-parser and most ' +
                  'processors load it all the same, in the version of this file.',
              });
            } else if (!versionInfo(sum.version.text)) {
              ctx.report({
                code: 'TOSCA023',
                severity: 'error',
                span,
                message:
                  `Imported file \`${imp.file?.name ?? st.path}\` declares an unknown TOSCA version ` +
                  `\`${sum.version.text}\`.`,
              });
            }
          }
          const prev = seenFiles.get(st.path);
          if (prev !== undefined) {
            ctx.report({
              code: 'TOSCA025',
              severity: 'warning',
              span,
              message:
                `\`${imp.file?.name ?? st.path}\` is already imported (entry ${prev + 1}); the second ` +
                `import adds nothing.`,
            });
          } else seenFiles.set(st.path, imp.index);
          break;
        }
        case 'no-file':
          break;
      }
      if (imp.namespacePrefix) {
        const p = imp.namespacePrefix.name;
        const other = seenPrefixes.get(p);
        const target = st.kind === 'ok' ? st.path : (imp.file?.name ?? '');
        if (other !== undefined && other !== target) {
          ctx.report({
            code: 'TOSCA025',
            severity: 'error',
            span: imp.namespacePrefix.span,
            message: `Namespace prefix \`${p}\` is already used by another import; prefixes must be unique.`,
          });
        } else seenPrefixes.set(p, target);
      }
    }
    const back = model.closure.cycles.find((r) => r.status.kind === 'ok' && r.status.path === model.path);
    const first = model.closure.rootImports[0];
    if (back && first) {
      const via =
        back.from === model.path
          ? 'This file imports itself'
          : `\`${back.from.slice(back.from.lastIndexOf('/') + 1)}\` imports this file back`;
      ctx.report({
        code: 'TOSCA024',
        severity: 'information',
        span: back.from === model.path ? back.imp.span : first.imp.span,
        message: `${via} (an import cycle); every file is loaded once, so it is harmless.`,
      });
    }
  },
};
