/**
 * LM082-LM086, LM090: driver entries (`lifecycle.*.drivers`, `operations.*.drivers`,
 * `default-driver`, `queries.drivers`) and the Brent 2.1 layouts that Brent 2.2+ no longer reads
 * (TNC-O "Resource descriptor" › lifecycle, infrastructure; lmctl validation).
 *
 * Severity of the 2.1 layouts follows the project's resource manager: nothing for `brent2.1`; an
 * error for Brent 2.2+ when the descriptor already uses 2.2 shapes elsewhere (a `selector`,
 * `queries`), so the 2.1 piece is a slip; a warning when the whole descriptor is 2.1-style, because
 * real packages written for LM 2.1 still say `lm` (IBM's kubernetes-driver example resources do);
 * information or a warning when no lmctl project names a resource manager.
 */
import * as path from '../../../util/path.js';
import { KNOWN_DRIVERS } from '../../../model/lm/vocabulary.js';
import { asMap, asScalar, deref, get, getPair, type YNode, type YPair } from '../../../syntax/tree.js';
import type { Severity } from '../../types.js';
import {
  brentPackageDir,
  driverEntries,
  has22Shapes,
  infrastructureTypes,
  projectRm,
  rmLabel,
  type DriverEntry,
  type RmEra,
} from '../drivers.js';
import type { LmRule, LmRuleContext } from './context.js';
import { didYouMean } from '../../../util/suggest.js';
import { replaceWith, withFixes } from '../../shared/fixData.js';

/** Severity of a Brent 2.1 layout, or undefined when the project's resource manager accepts it. */
export function legacyLayoutSeverity(era: RmEra, mixed: boolean): Severity | undefined {
  if (era === 'brent21' || era === 'ansible') return undefined;
  if (era === 'brent22') return mixed ? 'error' : 'warning';
  return mixed ? 'warning' : 'information';
}

function legacyWhy(era: RmEra, rm: string | undefined, mixed: boolean): string {
  if (era === 'brent22') {
    return mixed
      ? ` This project uses Brent 2.2+ (${rmLabel(rm)}) and this descriptor already uses 2.2 shapes elsewhere; ` +
          `\`lmctl project validate\` rejects it.`
      : ` This project uses Brent 2.2+ (${rmLabel(rm)}), where \`lmctl project validate\` rejects it ` +
          (`(\`--autocorrect\` fixes it). A warning only because packages written for LM 2.1 often still say ` +
            `\`lm\`: if this one targets LM 2.1, set \`resource-manager: brent2.1\` instead.`);
  }
  return mixed
    ? ' The rest of this descriptor uses Brent 2.2+ shapes, which suggests it targets Brent 2.2+.'
    : ' Brent 2.2+ rejects it; fine for a Brent 2.1 package (no lmctl project says which).';
}

function checkTypes(ctx: LmRuleContext, e: DriverEntry, pair: YPair, declared: string[]): void {
  const inOp = e.place === 'operations';
  const v = deref(pair.value);
  const where = inOp ? ` (operation \`${e.owner}\`)` : '';
  if (!v || (v.kind === 'scalar' && v.value === null)) {
    ctx.report({
      code: inOp ? 'LM090' : 'LM084',
      severity: 'warning',
      span: pair.key.span,
      message:
        `\`infrastructure-type\` is empty${where}: list the infrastructure types this driver handles, e.g. ` +
        `\`['*']\`.`,
    });
    return;
  }
  const items: YNode[] = [];
  if (v.kind === 'scalar') {
    ctx.report({
      code: inOp ? 'LM090' : 'LM084',
      severity: 'warning',
      span: v.span,
      message: `\`infrastructure-type\` should be a list${where}: write \`[${v.text === '*' ? "'*'" : v.text}]\`.`,
    });
    items.push(v);
  } else if (v.kind === 'seq') {
    for (const it of v.items) {
      const s = asScalar(it);
      if (!s || s.value === null || typeof s.value !== 'string') {
        ctx.report({
          code: inOp ? 'LM090' : 'LM084',
          severity: 'warning',
          span: it.span,
          message: `\`infrastructure-type\` items must be infrastructure type names (strings) or \`'*'\`${where}.`,
        });
        continue;
      }
      items.push(s);
    }
  } else {
    ctx.report({
      code: inOp ? 'LM090' : 'LM084',
      severity: 'warning',
      span: v.span,
      message:
        `\`infrastructure-type\` must be a list of infrastructure types${where}, e.g. \`['*']\` or ` +
        `\`[Openstack]\`.`,
    });
    return;
  }
  // With no `infrastructure` section there is nothing to compare against: neither the TNC-O "Resource descriptor"
  // page nor lmctl requires the section (lmctl only reads it to move 2.1 templates), and IBM's own TNC-O example
  // resources omit it; the selector is then matched against the deployment location's type at run time.
  if (!declared.length) return;
  for (const it of items) {
    const s = asScalar(it)!;
    const t = s.text;
    if (t === '*' || declared.includes(t)) continue;
    const cased = declared.find((d) => d.toLowerCase() === t.toLowerCase());
    const sugg = cased ?? didYouMean(t, declared);
    ctx.report({
      code: inOp ? 'LM090' : 'LM085',
      severity: 'warning',
      span: s.span,
      message: cased
        ? `Infrastructure types are case-sensitive: \`infrastructure\` declares \`${cased}\`, not \`${t}\`${where}.`
        : `\`${t}\` is not declared under \`infrastructure\` ` +
          (`(${declared.map((d) => `\`${d}\``).join(', ')})${where}, so this driver is never ` +
            (`selected.${sugg ? ` Did you mean \`${sugg}\`?` : ''} Use \`'*'\` for the resource's default ` +
              `infrastructure.`)),
      ...replaceWith(sugg),
    });
  }
}

/** True when the resource package has a `Lifecycle/<name>/` folder. */
function hasLifecycleFolder(ctx: LmRuleContext, name: string): boolean {
  const pkg = brentPackageDir(ctx.doc.path);
  return pkg !== undefined && ctx.feature.fileExists(path.posix.join(pkg, 'Lifecycle', name));
}

/**
 * LM086 (LM090 in operations). A driver type must equal the type a driver was onboarded with, and Brent hands that
 * driver the package's `Lifecycle/<type>/` folder. IBM's drivers are onboarded in lower case, so anything else is a
 * likely slip (warning) — unless the package has a `Lifecycle/<type>/` folder spelt exactly like the key: the package
 * is then consistent with itself, only the orchestrator's list of onboarded drivers can tell (lmctl's own
 * autocorrect names driver types after infrastructure types other than Openstack and Kubernetes, capitals
 * included), so information only.
 */
function checkDriverType(ctx: LmRuleContext, e: DriverEntry): void {
  const t = e.pair.key.text;
  if ((KNOWN_DRIVERS as readonly string[]).includes(t)) return;
  const inOp = e.place === 'operations';
  const lower = t.toLowerCase();
  const where = inOp ? ` (operation \`${e.owner}\`)` : '';
  if (hasLifecycleFolder(ctx, t)) {
    const ibm = t !== lower && (KNOWN_DRIVERS as readonly string[]).includes(lower);
    ctx.report({
      code: inOp ? 'LM090' : 'LM086',
      severity: 'information',
      span: e.pair.key.span,
      message:
        `\`${t}\` is not a driver type IBM's drivers are onboarded with${where}, but the package keeps its files in ` +
        `\`Lifecycle/${t}/\`, so it is consistent: make sure a driver is onboarded under exactly \`${t}\`` +
        `${ibm ? ` (the IBM driver is \`${lower}\`)` : ''}.`,
    });
    return;
  }
  if (t !== lower) {
    const infra = (KNOWN_DRIVERS as readonly string[]).includes(lower)
      ? ` (\`${t}\` looks like the infrastructure type; the driver type is \`${lower}\`)`
      : '';
    ctx.report({
      code: inOp ? 'LM090' : 'LM086',
      severity: 'warning',
      span: e.pair.key.span,
      message:
        `Driver types are lower case, as onboarded: write \`${lower}\`${infra}${where}. They also name the ` +
        `\`Lifecycle/${lower}/\` folder${hasLifecycleFolder(ctx, lower) ? ', which this package has' : ''}.`,
      ...replaceWith(lower),
    });
    return;
  }
  const sugg = didYouMean(t, KNOWN_DRIVERS);
  ctx.report({
    code: inOp ? 'LM090' : 'LM086',
    severity: 'warning',
    span: e.pair.key.span,
    message:
      `\`${t}\` is not a known driver type ` +
      `(${KNOWN_DRIVERS.join(', ' + '')})${where}.${
        sugg
          ? ` Did you mean ` + `\`${sugg}\`?`
          : ' If it is a custom driver onboarded under this name, silence this with `# lm-disable-next-line LM086`.'
      }`,
    ...replaceWith(sugg),
  });
}

export const driversRule: LmRule = {
  codes: ['LM082', 'LM083', 'LM084', 'LM085', 'LM086', 'LM090'],
  kinds: ['resource'],
  crossFile: true,
  check(ctx) {
    const root = ctx.doc.root;
    const m = asMap(root);
    if (!m) return;
    const { rm, era } = projectRm(ctx.feature, ctx.doc.path);
    const mixed = has22Shapes(root);
    const legacySev = legacyLayoutSeverity(era, mixed);
    const declared = infrastructureTypes(root);
    for (const e of driverEntries(root)) {
      checkDriverType(ctx, e);
      const inOp = e.place === 'operations';
      const direct = getPair(e.body, 'infrastructure-type');
      if (direct) {
        if (legacySev) {
          const where =
            e.place === 'lifecycle'
              ? `\`lifecycle.${e.owner}\``
              : e.place === 'operations'
                ? `operation \`${e.owner}\``
                : `\`${e.place}\``;
          ctx.report({
            code: inOp ? 'LM090' : 'LM082',
            severity: legacySev,
            span: direct.key.span,
            message:
              `\`infrastructure-type\` directly under the \`${e.pair.key.text}\` driver of ${where} is the ` +
              `Brent 2.1 layout; Brent 2.2+ reads it only under \`selector:\`.${legacyWhy(era, rm, mixed)}`,
            ...withFixes({ fix: 'wrap-selector' }),
          });
        }
        checkTypes(ctx, e, direct, declared);
      }
      const sel = getPair(e.body, 'selector');
      const selType = getPair(asMap(sel?.value ?? null), 'infrastructure-type');
      if (selType) checkTypes(ctx, e, selType, declared);
    }
    // LM090: an operation with an empty `drivers` block and no default driver (no `drivers` at all is LM087).
    if (!asMap(get(m, 'default-driver'))?.pairs.length) {
      for (const o of asMap(get(m, 'operations'))?.pairs ?? []) {
        const d = getPair(asMap(o.value), 'drivers');
        if (d && !asMap(d.value)?.pairs.length) {
          ctx.report({
            code: 'LM090',
            severity: 'error',
            span: d.key.span,
            message:
              `Operation \`${o.key.text}\` has an empty \`drivers\` block and the resource has no ` +
              `\`default-driver\`: no driver runs it.`,
          });
        }
      }
    }
    // LM083: templates under `infrastructure.<T>` (Brent 2.1).
    if (legacySev) {
      for (const ip of asMap(get(m, 'infrastructure'))?.pairs ?? []) {
        for (const k of ['template', 'discover']) {
          const p = getPair(asMap(ip.value), k);
          if (!p) continue;
          ctx.report({
            code: 'LM083',
            severity: legacySev,
            span: p.key.span,
            message:
              `\`infrastructure.${ip.key.text}.${k}\` is the Brent 2.1 layout. Brent 2.2+ keeps ` +
              `${
                k === 'template'
                  ? 'the template in `Lifecycle/<driver>/` (openstack: `heat.yaml` or ' +
                    '`tosca.yaml`; kubernetes: `kegd.yaml`) and runs it from a `Create`/`Delete` driver'
                  : 'the discovery template in `Lifecycle/openstack/discover.yaml` and runs it from `queries`'
              }.${legacyWhy(era, rm, mixed)}`,
          });
        }
      }
    }
  },
};
