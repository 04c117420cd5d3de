/**
 * Component and reference properties against the component's own descriptor (CP4NA
 * "Assembly descriptors" › composition, references; TNC-O "Resource descriptor" › properties):
 * - LM035 a value mapped into a property the descriptor marks `read-only` (LM ignores it);
 * - LM048 a required property of the descriptor (no default, no value) that the component leaves unmapped;
 * - LM049 no `deploymentLocation` / `resourceManager` mapping;
 * - LM050 a property the descriptor does not declare (deploymentLocation/resourceManager exempt:
 *   real examples map them without declaring them);
 * - LM051 `required` on a component-level property (only the top-level assembly's matters).
 */
import { SPECIAL_PROPERTIES } from '../../../model/lm/vocabulary.js';
import { asMap, get, getPair, type YMap, type YPair } from '../../../syntax/tree.js';
import { componentTarget, type ComponentTarget } from '../resolve.js';
import type { LmRule, LmRuleContext } from './context.js';
import { entryFindings, regionKey } from '../../shared/regions.js';
import type { Finding } from '../../shared/rule.js';
import { didYouMean } from '../../../util/suggest.js';
import { replaceWith, withFixes } from '../../shared/fixData.js';

const REGION_FINDINGS = regionKey('lm.componentMappingFindings');

export const componentMappingsRule: LmRule = {
  codes: ['LM035', 'LM048', 'LM049', 'LM050', 'LM051'],
  kinds: ['assembly'],
  crossFile: true,
  check(ctx) {
    const root = asMap(ctx.doc.root);
    const gen = ctx.feature.index.resolutionGeneration;
    for (const section of ['composition', 'references'] as const) {
      for (const cp of asMap(get(root, section))?.pairs ?? []) {
        const body = asMap(cp.value);
        if (!body) continue;
        // What is reported follows from the entry's subtree and its component's resolution alone: kept per region.
        const t = componentTarget(ctx.feature, ctx.summary, cp.key.text);
        const inputs = t
          ? `${gen}\u0001${t.component.section}\u0001${t.component.type ?? ''}\u0001${t.descriptor?.path ?? ''}`
          : `${gen}`;
        entryFindings(ctx.doc, REGION_FINDINGS, cp, inputs, ctx.report, (report) =>
          checkComponent(ctx, section, cp, body, t, report),
        );
      }
    }
  },
};

/** LM035, LM048-LM051 for one component or reference entry. */
function checkComponent(
  ctx: LmRuleContext,
  section: 'composition' | 'references',
  cp: YPair,
  body: YMap,
  t: ComponentTarget | undefined,
  report: (f: Finding) => void,
): void {
  const name = cp.key.text;
  const what = section === 'composition' ? 'Component' : 'Reference';
  const props = asMap(get(body, 'properties'));
  const mapped = new Set(props?.pairs.map((p) => p.key.text) ?? []);

  // LM049: placement and resource manager must be passed down.
  const missing = SPECIAL_PROPERTIES.filter((sp) => {
    const pb = asMap(get(props, sp));
    return !pb || (!getPair(pb, 'value')?.value && !getPair(pb, 'default')?.value);
  });
  if (missing.length) {
    const absent = missing.filter((m) => !mapped.has(m));
    report({
      code: 'LM049',
      severity: 'warning',
      span: cp.key.span,
      message:
        `${what} \`${name}\` does not map ${missing.map((m) => `\`${m}\``).join(' or ')}: LM needs ` +
        (`${missing.length > 1 ? 'both' : 'it'} to ` +
          (`${section === 'composition' ? 'place the instance' : 'find the existing instance'}. Add ` +
            `${missing.map((m) => `\`${m}: {value: \${${m}}}\``).join(' and ')} under its \`properties\`.`)),
      ...withFixes(
        absent.length ? { fix: 'add-placement-mapping', section, component: name, properties: absent } : undefined,
      ),
    });
  }

  // LM051: `required` at component level.
  for (const p of props?.pairs ?? []) {
    const req = getPair(asMap(p.value), 'required');
    if (req)
      report({
        code: 'LM051',
        severity: 'information',
        span: req.key.span,
        message:
          `\`required\` on ${section === 'composition' ? 'component' : 'reference'} property ` +
          (`\`${p.key.text}\` has no effect: only the top-level assembly's \`required\` is enforced. Map a ` +
            `value instead.`),
      });
  }

  const desc = t?.descriptor;
  if (!desc || t.component.section !== section) return;
  const s = desc.summary;
  const descName = ctx.feature.index.effectiveName(desc.path) ?? desc.path;
  const declared = [...s.properties, ...s.privateProperties];

  for (const p of props?.pairs ?? []) {
    const pname = p.key.text;
    const decl = declared.find((d) => d.name === pname);
    // LM050: undeclared property.
    if (!decl) {
      if ((SPECIAL_PROPERTIES as readonly string[]).includes(pname)) continue;
      if (section === 'references' && pname === 'name') continue; // a reference may be looked up by instance name
      const sugg = didYouMean(
        pname,
        declared.map((d) => d.name),
      );
      report({
        code: 'LM050',
        // Near a declared name: a likely slip (warning). Else often deliberate (the same values are passed
        // to every component), and LM ignores it without failing (information).
        severity: sugg ? 'warning' : 'information',
        span: p.key.span,
        message: `\`${descName}\` declares no property \`${pname}\`, so this value reaches nothing.${
          sugg
            ? ` Did you mean \`${sugg}\`?`
            : declared.length
              ? ` It declares: ${declared
                  .map((d) => d.name)
                  .slice(0, 8)
                  .join(', ')}${declared.length > 8 ? ', …' : ''}.`
              : ''
        }`,
        ...replaceWith(sugg),
      });
      continue;
    }
    // LM035: value into a read-only output.
    const val = getPair(asMap(p.value), 'value');
    if (
      section === 'composition' &&
      decl.readOnly &&
      val?.value &&
      !(val.value.kind === 'scalar' && val.value.value === null)
    ) {
      report({
        code: 'LM035',
        severity: 'warning',
        span: p.key.span,
        message:
          `\`${pname}\` is \`read-only\` in \`${descName}\`: it is an output, and LM ignores values ` +
          `mapped into it. Remove the \`value\`; read the output with \`\${${name}.${pname}}\` instead.`,
      });
    }
  }

  // LM048: required inputs nobody supplies.
  if (section !== 'composition') return;
  for (const d of s.properties) {
    if (!d.required || d.readOnly || d.default !== undefined || d.value !== undefined) continue;
    if ((SPECIAL_PROPERTIES as readonly string[]).includes(d.name) || mapped.has(d.name)) continue;
    report({
      code: 'LM048',
      severity: 'warning',
      span: cp.key.span,
      message:
        `\`${d.name}\` is required by \`${descName}\` and has no default, but component \`${name}\` ` +
        `does not map it. Add \`${d.name}: {value: ...}\` under its \`properties\`.`,
      ...withFixes({ fix: 'map-required-property', section, component: name, properties: [d.name] }),
    });
  }
}
