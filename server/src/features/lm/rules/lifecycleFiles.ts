/**
 * LM105: lifecycle files a Brent resource package needs for the drivers its descriptor names
 * (lmctl "Projects" › layout; ansible-lifecycle-driver docs/resource_package_structure.md):
 * - the ansible driver runs `Lifecycle/ansible/scripts/<Name>.yaml|yml` (or the name with its first
 *   letter in lower case, as the driver looks it up) for each transition or operation it handles;
 * - an openstack `Create` needs `Lifecycle/openstack/heat.yaml` or `tosca.yaml`;
 * - `queries` through openstack need `Lifecycle/openstack/discover.yaml`;
 * - the kubernetes driver needs `Lifecycle/kubernetes/kegd.yaml`.
 * Only checked when the package has a `Lifecycle/` folder at all (LM103 reports a missing one), and
 * template checks are skipped for Brent 2.1 projects, which keep templates in `Definitions/infrastructure/`.
 *
 * In the Brent 2.1 layout an `infrastructure.<T>.template` makes the infrastructure driver create and
 * delete the resource: lmctl's autocorrect (`brent_autocorrect.py`) turns such an entry into a
 * `<driver>` entry under both `Create` and `Delete` (openstack for Openstack, kubernetes for
 * Kubernetes). So a `Create` or `Delete` that names no driver of its own is not the ansible driver's,
 * and needs no Ansible script, even when the default driver is ansible.
 *
 * Errors: lmctl packages exactly these folders, and a driver given no script or template fails the
 * transition (the ansible driver answers "No playbook found to run for lifecycle …"), so a missing file
 * is certain to fail at deploy time.
 */
import * as path from '../../../util/path.js';
import { asMap, get, getPair, type YScalar } from '../../../syntax/tree.js';
import { brentPackageDir, effectiveDrivers, firstExisting, lifecycleOf, projectRm } from '../drivers.js';
import type { LmRule, LmRuleContext } from './context.js';

const yamlOrYml = (base: string) => [`${base}.yaml`, `${base}.yml`];

function checkScript(ctx: LmRuleContext, pkg: string, name: string, key: YScalar, what: string): void {
  // The driver tries `<Name>.yaml`, `<Name>.yml`, then the same with only the first letter lowered (`addBackend`).
  const lowered = name.charAt(0).toLowerCase() + name.slice(1);
  const candidates = [...yamlOrYml(name), ...(lowered !== name ? yamlOrYml(lowered) : [])];
  if (firstExisting(ctx.feature, path.posix.join(pkg, 'Lifecycle', 'ansible', 'scripts'), candidates)) return;
  ctx.report({
    code: 'LM105',
    severity: 'error',
    span: key.span,
    message:
      `The ansible driver runs ${what} \`${name}\` from \`Lifecycle/ansible/scripts/${name}.yaml\` (or ` +
      `\`.yml\`, or \`${lowered}\`), which does not exist: the transition fails.`,
  });
}

export const lifecycleFilesRule: LmRule = {
  codes: ['LM105'],
  kinds: ['resource'],
  crossFile: true,
  check(ctx) {
    const root = ctx.doc.root;
    const m = asMap(root);
    const pkg = brentPackageDir(ctx.doc.path);
    if (!m || pkg === undefined || !ctx.feature.fileExists(path.posix.join(pkg, 'Lifecycle'))) return;
    const { era } = projectRm(ctx.feature, ctx.doc.path);
    if (era === 'ansible') return;
    const templatesInDefinitions = era === 'brent21';
    const lc = lifecycleOf(root);
    let kubernetesKey: YScalar | undefined;
    const noteKubernetes = (types: string[], keys: YScalar[]) => {
      const i = types.indexOf('kubernetes');
      if (i >= 0 && !kubernetesKey) kubernetesKey = keys[i];
    };
    const infraTemplate = (asMap(get(m, 'infrastructure'))?.pairs ?? []).some((p) =>
      getPair(asMap(p.value), 'template'),
    );
    for (const t of lc.map?.pairs ?? []) {
      const d = effectiveDrivers(t.value, root);
      const byInfrastructure = infraTemplate && !d.own && (t.key.text === 'Create' || t.key.text === 'Delete');
      if (d.types.includes('ansible') && !byInfrastructure) checkScript(ctx, pkg, t.key.text, t.key, 'transition');
      if (t.key.text === 'Create' && d.types.includes('openstack') && !templatesInDefinitions) {
        if (
          !infraTemplate &&
          !firstExisting(ctx.feature, path.posix.join(pkg, 'Lifecycle', 'openstack'), [
            ...yamlOrYml('heat'),
            ...yamlOrYml('tosca'),
          ])
        ) {
          ctx.report({
            code: 'LM105',
            severity: 'error',
            span: t.key.span,
            message:
              '`Create` runs the openstack driver, but the package has no `Lifecycle/openstack/heat.yaml` or ' +
              '`tosca.yaml` for it to deploy.',
          });
        }
      }
      noteKubernetes(d.types, d.keys);
    }
    for (const o of asMap(get(m, 'operations'))?.pairs ?? []) {
      const d = effectiveDrivers(o.value, root);
      if (d.types.includes('ansible')) checkScript(ctx, pkg, o.key.text, o.key, 'operation');
      noteKubernetes(d.types, d.keys);
    }
    const dd = asMap(get(m, 'default-driver'));
    noteKubernetes(dd?.pairs.map((p) => p.key.text) ?? [], dd?.pairs.map((p) => p.key) ?? []);
    if (
      kubernetesKey &&
      !templatesInDefinitions &&
      !firstExisting(ctx.feature, path.posix.join(pkg, 'Lifecycle', 'kubernetes'), yamlOrYml('kegd'))
    ) {
      ctx.report({
        code: 'LM105',
        severity: 'error',
        span: kubernetesKey.span,
        message:
          'The kubernetes driver deploys what `Lifecycle/kubernetes/kegd.yaml` describes, and the package has no ' +
          'such file.',
      });
    }
    const q = getPair(asMap(get(asMap(get(m, 'queries')), 'drivers')), 'openstack');
    if (
      q &&
      !templatesInDefinitions &&
      !firstExisting(ctx.feature, path.posix.join(pkg, 'Lifecycle', 'openstack'), yamlOrYml('discover'))
    ) {
      ctx.report({
        code: 'LM105',
        severity: 'error',
        span: q.key.span,
        message:
          '`queries` runs the openstack driver, but the package has no `Lifecycle/openstack/discover.yaml` ' +
          'describing how to find the instance.',
      });
    }
  },
};
