/**
 * Document links to other files: imports open the file they import (as the import resolution
 * found it), artifact `file`s and operation implementations (the short form, `primary` and
 * `dependencies`) open their file, found relative to the template or else to the CSAR root. Only
 * targets that exist get a link; remote URLs and files in a `repository` never do.
 */
import * as path from '../../util/path.js';
import { metaPathsOf } from '../../model/tosca/csar.js';
import { isRemote } from '../../model/tosca/imports.js';
import { INTERFACE_KEYNAMES, TYPE_SECTIONS } from '../../model/tosca/summary.js';
import { unquotedSpan } from '../../syntax/scalars.js';
import { asMap, getIn, getPair, walkScalars, type YNode } from '../../syntax/tree.js';
import type { DocumentLink, FeatureContext } from '../types.js';
import { toscaModelOf } from './model.js';

/** Keys (and list indexes) from the root to a scalar. */
type Path = readonly (string | number)[];

export function links(ctx: FeatureContext): DocumentLink[] {
  if (ctx.doc.kind !== 'tosca') return [];
  const { lines, text } = ctx.doc;
  const out: DocumentLink[] = [];
  for (const r of toscaModelOf(ctx).closure.rootImports) {
    const ref = r.imp.file ?? r.imp.profile;
    if (r.status.kind !== 'ok' || !ref) continue;
    out.push({ range: lines.rangeOf(unquotedSpan(text, ref.span)), targetPath: r.status.path });
  }
  const files = new FileFinder(ctx);
  walkScalars(ctx.doc.root, (s, p, isKey) => {
    if (isKey || s.value === null || s.style === 'literal' || s.style === 'folded' || !isFileRef(ctx.doc.root, p))
      return;
    const target = files.find(s.text.trim());
    if (target) out.push({ range: lines.rangeOf(unquotedSpan(text, s.span)), targetPath: target });
  });
  return out.sort(
    (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  );
}

/** Resolves file names the way TOSCA processors do: relative to the file, then to the CSAR root. */
class FileFinder {
  private csar: string | null | undefined;
  constructor(private readonly ctx: FeatureContext) {}

  find(file: string): string | undefined {
    if (!file || isRemote(file) || /^file:/i.test(file)) return undefined;
    const dir = path.posix.dirname(this.ctx.doc.path);
    const near = path.posix.resolve(dir, file);
    if (this.ctx.fileExists(near)) return near;
    const root = this.csarRoot();
    const inCsar = root ? path.posix.resolve(root, file.replace(/^\/+/, '')) : undefined;
    return inCsar && this.ctx.fileExists(inCsar) ? inCsar : undefined;
  }

  /** The nearest folder above the file holding a TOSCA.meta (as the import resolution looks for it). */
  private csarRoot(): string | undefined {
    if (this.csar !== undefined) return this.csar ?? undefined;
    this.csar = null;
    let dir = path.posix.dirname(this.ctx.doc.path);
    for (let i = 0; i < 6; i++) {
      if (metaPathsOf(dir).some((m) => this.ctx.fileExists(m))) {
        this.csar = dir;
        break;
      }
      const parent = path.posix.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
    return this.csar ?? undefined;
  }
}

const isTypeSection = (k: string | number | undefined) => typeof k === 'string' && Object.hasOwn(TYPE_SECTIONS, k);

/** True when the scalar at `p` names a file: an artifact's file or an operation's implementation. */
function isFileRef(root: YNode | null, p: Path): boolean {
  return isArtifactFile(root, p) || isImplementation(p);
}

/** `artifacts: {a: file}` or `artifacts: {a: {file: ...}}` of a type or a node template (not in a repository). */
function isArtifactFile(root: YNode | null, p: Path): boolean {
  const inType = isTypeSection(p[0]) && p[2] === 'artifacts';
  const inTemplate = p[0] === 'topology_template' && p[1] === 'node_templates' && p[3] === 'artifacts';
  const at = inType ? 3 : inTemplate ? 4 : -1;
  if (at < 0) return false;
  if (p.length === at + 1) return true;
  if (p.length !== at + 2 || p[at + 1] !== 'file') return false;
  const keys = p.slice(0, at + 1);
  if (!keys.every((k): k is string => typeof k === 'string')) return false;
  return !getPair(asMap(getIn(root, ...keys)), 'repository');
}

/**
 * An operation's implementation inside `interfaces` (or an interface type): `op: file` (the short
 * form), `implementation: file`, `primary: file`, `dependencies: [file]`, and 2.0's `{file: ...}` artifacts.
 */
function isImplementation(p: Path): boolean {
  const i = p.lastIndexOf('implementation');
  if (i > 0) {
    const rest = p.slice(i + 1);
    return isOperation(p.slice(0, i)) && IMPLEMENTATION_SHAPES.some((s) => fits(rest, s));
  }
  // The short form: the operation's value is the implementation.
  const op = p[p.length - 1];
  return typeof op === 'string' && !INTERFACE_KEYNAMES.has(op) && isOperation(p);
}

/** Where a file can sit below `implementation` (`#`: any list index). */
const IMPLEMENTATION_SHAPES: readonly (readonly string[])[] = [
  [],
  ['primary'],
  ['primary', 'file'],
  ['dependencies', '#'],
  ['dependencies', '#', 'file'],
];

const fits = (rest: Path, shape: readonly string[]) =>
  rest.length === shape.length && shape.every((x, k) => (x === '#' ? typeof rest[k] === 'number' : x === rest[k]));

/** True when `p` is the path of an operation: in an interface, directly or under `operations`/`notifications`. */
function isOperation(p: Path): boolean {
  const parent = p.slice(0, -1);
  const last = parent[parent.length - 1];
  return inInterface(last === 'operations' || last === 'notifications' ? parent.slice(0, -1) : parent);
}

/**
 * True when `p` is the path of an interface: an interface type, or an entry of the `interfaces` of a
 * type, a template or a relationship written in a requirement (not a property that happens to be
 * called `interfaces`).
 */
function inInterface(p: Path): boolean {
  if (p.length === 2 && p[0] === 'interface_types') return true;
  if (p.length < 4 || p[p.length - 2] !== 'interfaces' || typeof p[p.length - 1] !== 'string') return false;
  const owner = p.slice(0, -2);
  return (
    (owner.length === 2 && isTypeSection(owner[0])) ||
    (owner.length === 3 && owner[0] === 'topology_template') ||
    owner[owner.length - 1] === 'relationship'
  );
}
