/**
 * LM080, LM081, LM087, LM088: the resource `lifecycle` section (TNC-O "Resource descriptor" › lifecycle).
 * List form (legacy), transition names and case, transitions or operations no driver runs, and
 * resources without `Create`.
 */
import * as path from '../../../util/path.js';
import { RESOURCE_TRANSITIONS } from '../../../model/lm/vocabulary.js';
import { asMap, get, getPair, type YScalar } from '../../../syntax/tree.js';
import {
  brentPackageDir,
  defaultDriverTypes,
  effectiveDrivers,
  isBrentStyle,
  lifecycleOf,
  projectRm,
  rmLabel,
} from '../drivers.js';
import type { LmRule, LmRuleContext } from './context.js';
import { didYouMean } from '../../../util/suggest.js';
import { replaceWith, withFixes } from '../../shared/fixData.js';

/** `Update` exists only for the RESTCONF/NETCONF drivers (lmctl ships `Update.xml` templates for both). */
const UPDATE_DRIVERS = ['restconf', 'netconf'];

function checkName(ctx: LmRuleContext, key: YScalar, drivers: string[]): void {
  const name = key.text;
  if ((RESOURCE_TRANSITIONS as readonly string[]).includes(name)) return;
  const updateOk = drivers.some((d) => UPDATE_DRIVERS.includes(d));
  if (name === 'Update' && updateOk) return;
  const cased = [...RESOURCE_TRANSITIONS, 'Update'].find((t) => t.toLowerCase() === name.toLowerCase());
  if (cased && (cased !== 'Update' || updateOk)) {
    ctx.report({
      code: 'LM081',
      severity: 'error',
      span: key.span,
      message: `Transition names are case-sensitive: write \`${cased}\`, not \`${name}\`. LM never runs \`${name}\`.`,
      ...replaceWith(cased),
    });
    return;
  }
  if (cased === 'Update') {
    ctx.report({
      code: 'LM081',
      severity: 'warning',
      span: key.span,
      message:
        `\`Update\` is only a transition of the restconf and netconf drivers; this one is run by ` +
        `${drivers.length ? drivers.map((d) => `\`${d}\``).join(', ') : 'no driver'}.`,
    });
    return;
  }
  const sugg = didYouMean(name, RESOURCE_TRANSITIONS);
  ctx.report({
    code: 'LM081',
    severity: 'warning',
    span: key.span,
    message:
      `\`${name}\` is not a resource transition ` +
      (`(${RESOURCE_TRANSITIONS.join(', ')}).${sugg ? ` Did you mean \`${sugg}\`?` : ''} LM never triggers unknown ` +
        `transitions; use \`operations\` for actions called from relationships.`),
    ...replaceWith(sugg),
  });
}

export const lifecycleRule: LmRule = {
  codes: ['LM080', 'LM081', 'LM087', 'LM088'],
  kinds: ['resource'],
  crossFile: true,
  check(ctx) {
    const root = ctx.doc.root;
    const m = asMap(root);
    if (!m) return;
    const { rm, era } = projectRm(ctx.feature, ctx.doc.path);
    const lc = lifecycleOf(root);
    if (lc.list && lc.pair) {
      const brent22 = era === 'brent22';
      const brent = isBrentStyle(root, era) || era === 'brent21';
      ctx.report({
        code: 'LM080',
        severity: brent22 ? 'warning' : 'information',
        span: lc.pair.key.span,
        message: brent
          ? `Legacy list-form lifecycle. Brent resources list transitions as a map (\`Install: {}\`, or \`Install: ` +
            (`{drivers: ...}\`)${brent22 ? `, and this project uses Brent 2.2+ (${rmLabel(rm)})` : ''}; \`lmctl ` +
              `project validate --autocorrect\` converts it the same way as the quick fix.`)
          : 'Legacy list-form lifecycle, as the Ansible/Docker/UCD resource managers read it. Brent (2.1+) expects ' +
            ('a map of transitions (`Install: {}`); the quick fix converts it like `lmctl project validate ' +
              '--autocorrect`.'),
        ...withFixes({ fix: 'lifecycle-map' }),
      });
      for (const item of lc.list) checkName(ctx, item, []);
    }
    if (lc.map) {
      for (const t of lc.map.pairs) checkName(ctx, t.key, effectiveDrivers(t.value, root).types);
    }
    // Judged on the descriptor's own content: a file that wires no driver anywhere (a stub, or an RM-era descriptor) is
    // not checked.
    if (era === 'ansible' || !isBrentStyle(root, 'unknown')) return;
    // LM087: nothing runs the transition / operation. A pre-alpha Lifecycle/lifecycle.mf supplies the default driver
    // (LM104 reports it for Brent 2.2+).
    const pkg = brentPackageDir(ctx.doc.path);
    const manifest = pkg !== undefined && ctx.feature.fileExists(path.posix.join(pkg, 'Lifecycle', 'lifecycle.mf'));
    const hasDefault = defaultDriverTypes(root).length > 0;
    if (!hasDefault && !manifest) {
      for (const t of lc.map?.pairs ?? []) {
        if (effectiveDrivers(t.value, root).types.length === 0) {
          ctx.report({
            code: 'LM087',
            severity: 'error',
            span: t.key.span,
            message:
              `No driver runs \`${t.key.text}\`: it has no \`drivers\` and the resource has no ` +
              (`\`default-driver\`. Add \`drivers: {<type>: {selector: {infrastructure-type: ['*']}}}\` here or a ` +
                `\`default-driver\`.`),
          });
        }
      }
      for (const o of asMap(get(m, 'operations'))?.pairs ?? []) {
        if (getPair(asMap(o.value), 'drivers')) continue; // An empty `drivers` block is LM090's.
        ctx.report({
          code: 'LM087',
          severity: 'error',
          span: o.key.span,
          message:
            `No driver runs operation \`${o.key.text}\`: it has no \`drivers\` and the resource has no ` +
            `\`default-driver\`.`,
        });
      }
    }
    // LM088: docs say resources must support Create, real examples omit it (kubectltest), hence information only.
    if (lc.map && lc.pair && lc.map.pairs.length > 0 && !getPair(m, 'queries') && !getPair(lc.map, 'Create')) {
      ctx.report({
        code: 'LM088',
        severity: 'information',
        span: lc.pair.key.span,
        message:
          'The lifecycle has no `Create` transition. LM documents `Create` as required (it creates the ' +
          'infrastructure); without it the resource relies on infrastructure that already exists.',
      });
    }
  },
};
