/**
 * TOSCA103: files that artifacts and operation implementations name and that do not exist.
 *
 * Checked: artifact `file`s (node types and templates) and operation `implementation`s, short
 * form, `primary` and `dependencies` (1.3 also writes them as artifact definitions with a `file`),
 * in types and templates, inline relationships included. A relative path resolves against the
 * folder of the file it is written in, inside a CSAR against the archive's root, and in a type
 * file against the folders of the templates importing it (processors read a type file's paths
 * from the template they load). Left alone: URLs and other schemes (`https:`, AMP's
 * `classpath:`), absolute paths (the orchestrator's file system), templated paths, function calls,
 * artifacts with a `repository`, and names that are not paths (no `/`, no extension: an artifact's
 * name, which 1.3 allows in `implementation`).
 *
 * Container images (artifact types named `…Docker…` / `…Container…`, e.g.
 * `tosca.artifacts.Deployment.Image.Container.Docker`) name an image in a registry, not a file.
 *
 * A warning (judgement): the orchestrator cannot run what is not there, but scripts and images are
 * often added to the package when it is built, and templates are checked without them (test
 * fixtures, the spec's examples), so whether the template is deployed as it is is not known here.
 */
import * as path from '../../../util/path.js';
import {
  asMap,
  asScalar,
  asSeq,
  deref,
  entries,
  getIn,
  getPair,
  type YNode,
  type YPair,
  type YScalar,
} from '../../../syntax/tree.js';
import { INTERFACE_KEYNAMES, TYPE_SECTIONS } from '../../../model/tosca/summary.js';
import { isDialectLibraryPath } from '../../../model/tosca/dialects.js';
import type { ToscaType } from '../../../model/tosca/typeTable.js';
import { simpleProfileOnly, type ToscaRule, type ToscaRuleContext } from './context.js';

export const artifactFilesRule: ToscaRule = {
  codes: ['TOSCA103'],
  // It reads the file system.
  crossFile: true,
  when: (ctx) => simpleProfileOnly(ctx) && ctx.doc.path.startsWith('/'),
  check(ctx) {
    const model = ctx.model;
    const types = model.types;
    for (const section of ctx.root?.pairs ?? []) {
      const kind = TYPE_SECTIONS[section.key.text];
      if (kind !== 'node' && kind !== 'relationship' && kind !== 'group') continue;
      for (const tp of entries(section.value)) {
        // The artifact names an implementation may name instead of a file: asked only when one is a candidate (most
        // entries have none, and this runs on every keystroke).
        const names = lazy(() => {
          const d = model.summary.types.find((x) => x.kind === kind && x.name === tp.key.text);
          const t = d ? model.declared(d) : undefined;
          return t ? artifactNames(ctx, t) : new Set<string>();
        });
        for (const a of entries(getIn(tp.value, 'artifacts'))) checkArtifact(ctx, a);
        checkInterfaces(ctx, getIn(tp.value, 'interfaces'), names);
        for (const r of entries(getIn(tp.value, 'requirements')))
          checkInterfaces(ctx, getIn(r.value, 'relationship', 'interfaces'), names);
      }
    }
    const topo = getIn(ctx.root, ctx.grammar.topologyKey);
    for (const p of entries(getIn(topo, 'node_templates'))) {
      const names = lazy(() => {
        const tpl = model.nodeTemplates.get(p.key.text);
        const t = types.resolve(tpl?.type?.name, 'node');
        return new Set([...(t ? artifactNames(ctx, t) : []), ...(tpl?.artifacts.map((a) => a.name) ?? [])]);
      });
      for (const a of entries(getIn(p.value, 'artifacts'))) checkArtifact(ctx, a);
      checkInterfaces(ctx, getIn(p.value, 'interfaces'), names);
      for (const r of entries(getIn(p.value, 'requirements')))
        checkInterfaces(ctx, getIn(r.value, 'relationship', 'interfaces'), names);
    }
    const none = () => NO_NAMES;
    for (const p of entries(getIn(topo, 'relationship_templates')))
      checkInterfaces(ctx, getIn(p.value, 'interfaces'), none);
    for (const p of entries(getIn(topo, 'groups'))) checkInterfaces(ctx, getIn(p.value, 'interfaces'), none);
  },
};

/** The artifact names of an entry, made on first use. */
type Names = () => ReadonlySet<string>;

const NO_NAMES: ReadonlySet<string> = new Set();

function lazy(make: () => ReadonlySet<string>): Names {
  let made: ReadonlySet<string> | undefined;
  return () => (made ??= make());
}

function artifactNames(ctx: ToscaRuleContext, t: ToscaType): Set<string> {
  return t.kind === 'node' ? new Set(ctx.model.types.artifacts(t).keys()) : new Set();
}

/** `name: file` or `name: { file, type, repository }`. */
function checkArtifact(ctx: ToscaRuleContext, a: YPair): void {
  const v = deref(a.value);
  if (v?.kind === 'scalar') {
    checkFile(ctx, v, `artifact \`${a.key.text}\``);
    return;
  }
  const m = asMap(v);
  if (!m || getPair(m, 'repository') || containerImage(ctx, asScalar(getPair(m, 'type')?.value)?.text)) return;
  checkFile(ctx, getPair(m, 'file')?.value ?? null, `artifact \`${a.key.text}\``);
}

/** True for a container image type: its `file` is an image reference (`repository/name:tag`). */
function containerImage(ctx: ToscaRuleContext, typeName: string | undefined): boolean {
  if (!typeName) return false;
  const t = ctx.model.types.resolve(typeName, 'artifact');
  const names = t ? [t, ...ctx.model.types.ancestors(t)].map((x) => x.name) : [typeName];
  return names.some((n) => /docker|container/i.test(n));
}

/** Interface definitions or assignments: their operations' implementations. */
function checkInterfaces(ctx: ToscaRuleContext, interfaces: YNode | null, artifacts: Names): void {
  for (const i of entries(interfaces)) {
    const m = asMap(i.value);
    for (const q of m?.pairs ?? []) {
      if (q.key.text === 'operations' || q.key.text === 'notifications')
        for (const op of entries(q.value)) checkOperation(ctx, op, artifacts);
      else if (!INTERFACE_KEYNAMES.has(q.key.text) && !q.key.text.startsWith('_')) checkOperation(ctx, q, artifacts);
    }
  }
}

function checkOperation(ctx: ToscaRuleContext, op: YPair, artifacts: Names): void {
  const what = `operation \`${op.key.text}\``;
  const v = deref(op.value);
  if (v?.kind === 'scalar') {
    checkImplementation(ctx, v, artifacts, what);
    return;
  }
  const impl = deref(getPair(asMap(v), 'implementation')?.value ?? null);
  if (impl?.kind === 'scalar') {
    checkImplementation(ctx, impl, artifacts, what);
    return;
  }
  const m = asMap(impl);
  if (!m) return;
  checkImplementation(ctx, getPair(m, 'primary')?.value ?? null, artifacts, what);
  for (const dep of asSeq(getPair(m, 'dependencies')?.value)?.items ?? [])
    checkImplementation(ctx, dep, artifacts, `a dependency of ${what}`);
}

/** A file name, or (1.3) an artifact definition with a `file`. */
function checkImplementation(ctx: ToscaRuleContext, n: YNode | null, artifacts: Names, what: string): void {
  const v = deref(n);
  if (v?.kind === 'map') {
    if (!getPair(v, 'repository')) checkFile(ctx, getPair(v, 'file')?.value ?? null, `the implementation of ${what}`);
    return;
  }
  const s = asScalar(v);
  if (!s || localPath(s) === undefined || artifacts().has(s.text)) return;
  checkFile(ctx, s, `the implementation of ${what}`);
}

/** URLs, other schemes (`classpath:`, `file:`), absolute paths and templated paths are not checked. */
const NOT_LOCAL = /^[a-z][a-z0-9+.-]*:|^\/|^[a-zA-Z]:[\\/]|\{\{|\$\{/i;

/** The relative path a scalar names, or undefined: not a string, not local, or not a path. */
function localPath(s: YScalar): string | undefined {
  if (typeof s.value !== 'string') return undefined;
  const ref = s.text.trim();
  // Not a path: an artifact name (1.3 allows it in `implementation`) or a symbolic implementation.
  if (!ref || NOT_LOCAL.test(ref) || (!ref.includes('/') && !/\.[A-Za-z0-9]+$/.test(ref))) return undefined;
  return ref;
}

function checkFile(ctx: ToscaRuleContext, n: YNode | null, what: string): void {
  const s = asScalar(n);
  const ref = s && localPath(s);
  if (!s || !ref) return;
  const csar = ctx.model.csar?.root;
  // A type file's paths are read from the template that loads it (ARIA, tosca-parser): the folders
  // of the files importing this one count too.
  // The context holds the dialect's library too (model/tosca/dialects.ts), which is no file importing this one.
  const importers = ctx.model.contextFiles
    .filter((f) => !isDialectLibraryPath(f.path))
    .map((f) => path.posix.dirname(f.path));
  const dirs = [...new Set([path.posix.dirname(ctx.doc.path), ...(csar ? [csar] : []), ...importers])];
  const tried = dirs.map((d) => path.posix.join(d, ref));
  if (tried.some((p) => ctx.feature.fileExists(p))) return;
  const shown = tried.slice(0, 3).map((p) => `\`${p}\``);
  ctx.report({
    code: 'TOSCA103',
    severity: 'warning',
    span: s.span,
    message:
      `The file \`${ref}\` of ${what} does not exist (looked for ${shown.join(', ')}` +
      `${tried.length > 3 ? ` and ${tried.length - 3} more` : ''}). Relative paths resolve against this file's ` +
      `folder${csar ? ', the CSAR root' : ''}${importers.length ? ' or the folder of a file importing it' : ''}.`,
  });
}
