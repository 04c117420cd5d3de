/**
 * Software images of VDUs (ETSI GS NFV-SOL 001, TOSCA347): a node template with more than one
 * artifact of type tosca.artifacts.nfv.SwImage (error: a VDU or virtual storage has at most one
 * software image); and, where the node's type declares `sw_image_data` (SOL001 2.x: the image's
 * facts are a property of the VDU, from 3.3.1 on they are properties of the artifact), a SwImage
 * artifact without `sw_image_data` (warning: optional in the type, Tacker rejects the package).
 */
import { asMap, entries, get, getIn, scalarText } from '../../../syntax/tree.js';
import { sol001Cite } from './sol001Cite.js';
import { simpleProfileOnly, type ToscaRule } from './context.js';

const SW_IMAGE = 'tosca.artifacts.nfv.SwImage';

export const sol001SwImageRule: ToscaRule = {
  codes: ['TOSCA347'],
  when: simpleProfileOnly,
  check(ctx) {
    const types = ctx.model.types;
    // Every type of the table is known by its own name (TypeTable), so when SwImage does not resolve here no
    // chain holds it, and only the name itself counts: most files, saved a resolve per artifact.
    const known = !!types.resolve(SW_IMAGE, 'artifact');
    const isSwImage = (name: string | undefined) => {
      if (name === SW_IMAGE) return true;
      const t = known && name ? types.resolve(name, 'artifact') : undefined;
      return !!t && [t, ...types.ancestors(t)].some((x) => x.name === SW_IMAGE);
    };
    for (const p of entries(getIn(ctx.root, 'topology_template', 'node_templates'))) {
      const body = asMap(p.value);
      const images = entries(get(body, 'artifacts')).filter((a) => isSwImage(scalarText(get(asMap(a.value), 'type'))));
      if (!images.length) continue;
      for (const extra of images.slice(1)) {
        ctx.report({
          code: 'TOSCA347',
          severity: 'error',
          span: extra.key.span,
          message:
            `Node template \`${p.key.text}\` has a second software image (\`${extra.key.text}\`; the first is ` +
            `\`${images[0]!.key.text}\`): a VDU has at most one artifact of type ${SW_IMAGE} ` +
            `(${sol001Cite(ctx, SW_IMAGE, 'artifact')}). Tacker rejects the package.`,
        });
      }
      const t = ctx.model.typeOf('node', scalarText(get(body, 'type')));
      if (!t || !types.properties(t).has('sw_image_data')) continue;
      if (get(asMap(get(body, 'properties')), 'sw_image_data')) continue;
      // A warning (judgement): SOL001 declares the property optional; Tacker requires it, other processors do not.
      ctx.report({
        code: 'TOSCA347',
        severity: 'warning',
        span: images[0]!.key.span,
        message:
          `Node template \`${p.key.text}\` has the software image \`${images[0]!.key.text}\` but no ` +
          `\`sw_image_data\` property, which describes it in this version of ` +
          `${sol001Cite(ctx, 'tosca.nodes.nfv.Vdu.Compute')} (checksum, ` +
          `formats, sizes); the type leaves it optional, but Tacker rejects the package without it.`,
      });
    }
  },
};
