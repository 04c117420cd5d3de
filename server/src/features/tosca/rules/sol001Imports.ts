/**
 * The ETSI GS NFV-SOL 001 type files a descriptor imports (see model/tosca/sol001/builtin.ts):
 * - TOSCA340 (warning): a SOL001 type file named by the descriptor but missing from the package;
 *   its types come from the built-in catalog so the descriptor is still checked, but Tacker and
 *   every other processor need the file (or its ETSI forge URL).
 * - TOSCA341 (warning): the imports bring SOL001 type files of different versions together
 *   (SOL001 publishes the files of one version as a set; types differ between versions), or files
 *   of a release written in another TOSCA version than the descriptor (2.x: 1.2, 3.x and 4.x: 1.3).
 */
import { builtinFile, builtinSol001Version } from '../../../model/tosca/sol001/builtin.js';
import { simpleProfileOnly, type ToscaRule } from './context.js';

export const sol001ImportsRule: ToscaRule = {
  codes: ['TOSCA340', 'TOSCA341'],
  when: simpleProfileOnly,
  crossFile: true,
  check(ctx) {
    const { model } = ctx;
    let first: { version: string; name: string } | undefined;
    for (const r of model.closure.rootImports) {
      const st = r.status;
      if (st.kind !== 'ok') continue;
      const version = builtinSol001Version(st.path);
      if (!version) continue;
      const name = r.imp.file?.name ?? '';
      const span = r.imp.file?.span ?? r.imp.span;
      if (st.builtinFallback) {
        const tried = st.builtinFallback.tried.map((t) => `\`${t}\``).join(', ');
        ctx.report({
          code: 'TOSCA340',
          severity: 'warning',
          span,
          message:
            `\`${name}\` is not in the package (looked for ${tried}); ` +
            `its types are taken from the built-in ETSI GS NFV-SOL 001 v${version} file, so this descriptor is ` +
            `checked, but Tacker and other processors need the file: add the SOL001 file of your version to the ` +
            `package (an ETSI GS NFV-SOL 004 package carries the files its descriptors import) or import it ` +
            `by its ETSI forge URL.`,
        });
      }
      if (!first) {
        first = { version, name };
        // SOL001 2.x type files are Simple Profile 1.2 files, 3.x and 4.x are 1.3 files.
        const theirs = builtinFile(st.path)?.summary.version?.text;
        const ours = model.summary.version?.text.trim();
        if (theirs && ours && /^tosca_simple_yaml_1_[23]$/.test(ours) && theirs !== ours) {
          ctx.report({
            code: 'TOSCA341',
            severity: 'warning',
            span,
            message:
              `The type files of ETSI GS NFV-SOL 001 v${version} are \`${theirs}\` files, this descriptor is ` +
              `\`${ours}\`: a VNFD is written in the TOSCA version of the SOL001 release it uses. Change ` +
              `\`tosca_definitions_version\` or import the SOL001 files of a matching version.`,
          });
        }
      } else if (first.version !== version) {
        ctx.report({
          code: 'TOSCA341',
          severity: 'warning',
          span,
          message:
            `This SOL001 type file is of version ${version}, \`${first.name}\` of version ${first.version}: the ` +
            `type files of ETSI GS NFV-SOL 001 are published as a set per version, and types differ between ` +
            `versions. Import the files of one version.`,
        });
      }
    }
  },
};
