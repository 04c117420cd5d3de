/**
 * The files that import one TOSCA file, found without resolving every TOSCA file's imports. The importer map
 * (`ToscaModels.indexedImportersOf`) walks every TOSCA file of the index and resolves each of its imports: about
 * 1,050 resolutions and 6,000 edges on a 2,000-file TOSCA 2.0 workspace, 80–150 ms of CPU, which the first open of
 * a file paid when it came before the idle turn that builds the map. An import can only lead to a file whose path
 * ends with what it names (a relative or `/`-rooted path keeps its last segments wherever it is tried), or to a file
 * declaring the profile or namespace name it gives; so for one file only the imports that name its file name, or a
 * name it declares, are resolved, and the rest only have to be shown to stay inside the index (their first
 * candidate is an indexed TOSCA file, or no file of that name is in the folders they are tried in). Imports that
 * cannot be ruled out by their text are resolved, and the files they reach outside the index (type fragments,
 * files outside the roots) are followed as the walk follows them. The answer is the walk's
 * (`test/index/toscaImporterLookup.test.ts` compares both on the corpus and the bench's workspaces).
 */
import * as path from '../util/path.js';
import { isRemote, resolveImportTarget, type ImportStatus, type ToscaFileSource } from '../model/tosca/imports.js';
import { importSpecsOf, type ToscaImportFacts } from '../model/tosca/importFacts.js';
import { isBuiltinPath } from '../model/tosca/sol001/builtin.js';
import type { IndexEntry } from './workspace.js';

/** A walk over TOSCA files' imports: its source, and the imports it resolved by folder, version and import. */
export interface Walk {
  source: ToscaFileSource;
  resolved: Map<string, ImportStatus>;
}

/**
 * Import `i` of the indexed file `p` resolved through `walk`: where an import leads depends on the importing file's
 * folder (relative paths, CSAR root, checkout) and version (`/`-rooted paths, built-in fallbacks) only, so the files
 * of one folder resolve each distinct import once. `specs` holds the file's import specs once made.
 */
export function walkImport(
  p: string,
  facts: ToscaImportFacts,
  i: number,
  walk: Walk,
  specs: { of?: ReturnType<typeof importSpecsOf> } = {},
): ImportStatus {
  const f = facts.imports[i]!;
  const url = f.repository === undefined ? '' : (facts.repositories.find((r) => r.name === f.repository)?.url ?? '');
  const memo = `${path.posix.dirname(p)}\0${facts.version ?? ''}\0${f.file ?? ''}\0${f.profile ?? ''}\0${
    f.repository ?? ''
  }\0${url}`;
  let status = walk.resolved.get(memo);
  if (!status) {
    specs.of ??= importSpecsOf(facts);
    status = resolveImportTarget(p, specs.of.imports[i]!, specs.of.repositories, walk.source);
    walk.resolved.set(memo, status);
  }
  return status;
}

/** One import of an indexed file: the file, its facts and the import's place among them. */
interface ImportRef {
  path: string;
  facts: ToscaImportFacts;
  i: number;
}

/** What the lookup needs of the index and of the models. */
export interface LookupView {
  entries: Iterable<IndexEntry>;
  get(p: string): IndexEntry | undefined;
  walk: Walk;
  /** True when something is at `p` on the disk. */
  exists(p: string): boolean;
  readDir(dir: string): readonly { name: string }[];
  /** The workspace roots (folders under them are listed rather than stat'ed). */
  roots: readonly string[];
  /** The resolved imports of a file the index does not hold (as the walk resolves them). */
  edgesOf(p: string): readonly { path: string }[];
}

export class ImporterLookup {
  /** Imports not resolved, by the last segment of the name they give (and a profile import by its whole name). */
  private readonly byName = new Map<string, ImportRef[]>();
  /** Where the imports that were resolved lead: target → importing files. */
  private readonly resolvedTo = new Map<string, Set<string>>();
  /** What each import text written in a folder is: folder → text → verdict and the lists it adds to. */
  private readonly verdicts = new Map<string, Map<string, Slot>>();
  /** Import texts as written → the names they are looked up by, or a marker (see `verdictOf`). */
  private readonly texts = new Map<string, Verdict>();
  /** Paths found on the disk, or not, and the names in folders under the roots (see `isThere`). */
  private readonly onDisk = new Map<string, boolean>();
  private readonly listings = new Map<string, Set<string> | null>();
  private readonly none = new Map<string, boolean>();
  /** The import facts each indexed TOSCA file had when the lookup was built (see `carriesOver`). */
  private readonly factsOf = new Map<string, ToscaImportFacts>();
  /** False when an indexed TOSCA file has no import facts: the lookup cannot answer, the walk does. */
  readonly complete: boolean;

  constructor(private readonly view: LookupView) {
    this.complete = this.build();
  }

  /** The files that import `p` directly, sorted (the walk's `indexedImportersOf`); undefined: ask the walk. */
  importersOf(p: string): string[] | undefined {
    if (!this.complete || isBuiltinPath(p)) return undefined;
    const out = new Set(this.resolvedTo.get(p));
    const facts = this.view.get(p)?.toscaFacts;
    const declared = new Set([facts?.namespace, facts?.profile]);
    for (const name of new Set([path.posix.basename(p), ...declared])) {
      if (name === undefined) continue;
      for (const r of this.byName.get(name) ?? []) {
        if (out.has(r.path)) continue;
        // By its path the import cannot lead to `p`, and `p` declares no such name.
        if (!declared.has(name)) {
          const tail = tailOf((r.facts.imports[r.i]!.file ?? r.facts.imports[r.i]!.profile ?? '').trim());
          if (tail !== undefined && !p.endsWith(tail)) continue;
        }
        const st = walkImport(r.path, r.facts, r.i, this.view.walk);
        if (st.kind === 'ok' && st.path === p) out.add(r.path);
      }
    }
    return [...out].sort();
  }

  /**
   * True when the entries changed since the lookup was built (`changes`, no file having come or gone) leave its
   * answers as they are: each is a TOSCA file before and after whose import facts (imports, repositories, version,
   * declared names, stub) are those the lookup read. A keystroke that leaves `imports:` alone keeps the lookup.
   */
  carriesOver(changes: readonly { path: string; before?: string; after?: string }[]): boolean {
    for (const c of changes) {
      if (c.before !== 'tosca' || c.after !== 'tosca') return false;
      const was = this.factsOf.get(c.path);
      const now = this.view.get(c.path)?.toscaFacts;
      if (!was || !now || (was !== now && JSON.stringify(was) !== JSON.stringify(now))) return false;
    }
    return true;
  }

  private build(): boolean {
    const outside: string[] = [];
    const seen = new Set<string>();
    // Index paths are normalised (absolute, no trailing slash): a folder is the text before the last slash, and
    // the files of one folder mostly come one after another, so its verdicts are looked up once per run of them.
    let dir = '';
    let inDir: Map<string, Slot> | undefined;
    for (const e of this.view.entries) {
      if (e.kind !== 'tosca') continue;
      const facts = e.toscaFacts;
      if (!facts) return false;
      this.factsOf.set(e.path, facts);
      const cut = e.path.lastIndexOf('/');
      if (!inDir || cut !== dir.length || cut === e.path.length - 1 || !e.path.startsWith(dir)) {
        dir = path.posix.dirname(e.path);
        inDir = this.verdicts.get(dir);
        if (!inDir) this.verdicts.set(dir, (inDir = new Map()));
      }
      let specs: { of?: ReturnType<typeof importSpecsOf> } | undefined;
      for (let i = 0; i < facts.imports.length; i++) {
        const f = facts.imports[i]!;
        const text = f.file ?? f.profile;
        if (text === undefined) continue;
        let slot = f.repository === undefined ? inDir.get(text) : RESOLVE_SLOT;
        if (slot === undefined) inDir.set(text, (slot = this.slotOf(this.verdictOf(dir, text))));
        if (slot.v === NO_FILE) continue;
        if (slot.v !== RESOLVE) {
          const ref: ImportRef = { path: e.path, facts, i };
          slot.last!.push(ref);
          // A `profile:` import is also looked up by its whole name among declared names.
          if (f.profile !== undefined && slot.whole) slot.whole.push(ref);
          continue;
        }
        const st = walkImport(e.path, facts, i, this.view.walk, (specs ??= {}));
        if (st.kind !== 'ok') continue;
        this.record(st.path, e.path);
        if (this.isOutside(st.path) && !seen.has(st.path)) {
          seen.add(st.path);
          outside.push(st.path);
        }
      }
    }
    // Files outside the index that indexed files import: followed as the walk follows them.
    for (let k = 0; k < outside.length; k++) {
      const from = outside[k]!;
      for (const edge of this.view.edgesOf(from)) {
        this.record(edge.path, from);
        if (this.isOutside(edge.path) && !seen.has(edge.path)) {
          seen.add(edge.path);
          outside.push(edge.path);
        }
      }
    }
    return true;
  }

  /** A verdict with the `byName` lists its imports go to (`whole` only when it differs from `last`). */
  private slotOf(v: Verdict): Slot {
    if (typeof v === 'string') return v === RESOLVE ? RESOLVE_SLOT : NO_FILE_SLOT;
    return {
      v,
      last: listOf(this.byName, v.last),
      whole: v.whole !== v.last ? listOf(this.byName, v.whole) : undefined,
    };
  }

  private record(target: string, from: string): void {
    let set = this.resolvedTo.get(target);
    if (!set) this.resolvedTo.set(target, (set = new Set()));
    set.add(from);
  }

  /** A file the walk reaches that the index does not hold as TOSCA (built-in files import only each other). */
  private isOutside(p: string): boolean {
    return this.view.get(p)?.kind !== 'tosca' && !isBuiltinPath(p);
  }

  /** What a (repository-less) import text written in `dir` is: no file, to be resolved, or staying inside. */
  private verdictOf(dir: string, text: string): Verdict {
    let t = this.texts.get(text);
    if (t === undefined) {
      const s = text.trim();
      const last = s.slice(s.lastIndexOf('/') + 1);
      t = !s
        ? NO_FILE
        : (s.includes(':') && (isRemote(s) || /^file:/i.test(s))) || last === '' || last === '.' || last === '..'
          ? RESOLVE
          : { whole: s, last };
      this.texts.set(text, t);
    }
    return typeof t === 'string' || this.staysInside(dir, t.whole) ? t : RESOLVE;
  }

  /**
   * True when the plain import `s` of a file in `dir` can only lead to an indexed TOSCA file, a built-in file or
   * nowhere (`resolveImportTarget`): its first candidate, `dir/s`, is an indexed TOSCA file (tried first, so taken);
   * or `s` is one segment (a file or profile name) and no folder it is tried in (`dir`, the CSAR root and the
   * ancestors, all among `dir` and its ancestors) holds anything of that name but an indexed TOSCA file: then it
   * resolves through the indexed files' declared names, to a built-in file, or not at all. False: resolve it.
   */
  private staysInside(dir: string, s: string): boolean {
    if (!s.includes('/') && dir.startsWith('/')) {
      // One segment (never `.` or `..`: see `verdictOf`): `joined` is `dir/s`, and `noneFrom(dir, s)` is taken
      // apart here, as its first step asks about that same path (no memo of its own: each folder asks once per text).
      const p = dir === '/' ? `/${s}` : `${dir}/${s}`;
      if (this.isIndexedTosca(p)) return true;
      if (this.isThere(dir, s, p)) return false;
      const up = path.posix.dirname(dir);
      return up === dir || this.noneFrom(up, s);
    }
    if (this.isIndexedTosca(joined(dir, s))) return true;
    return !s.includes('/') && this.noneFrom(dir, s);
  }

  /** True when neither `d` nor any folder above it holds anything named `s` but an indexed TOSCA file. */
  private noneFrom(d: string, s: string): boolean {
    const key = `${d}\0${s}`;
    let yes = this.none.get(key);
    if (yes === undefined) {
      const p = d === '/' ? `/${s}` : `${d}/${s}`;
      const up = path.posix.dirname(d);
      yes = !(this.isThere(d, s, p) && !this.isIndexedTosca(p)) && (up === d || this.noneFrom(up, s));
      this.none.set(key, yes);
    }
    return yes;
  }

  /**
   * Whether something named `s` is in folder `d` (at `p`): a folder under a workspace root is listed once (the
   * 2,000 files of the bench's 2.0 workspace import 52 profile names from 20 folders), a path above the roots is
   * stat'ed once.
   */
  private isThere(d: string, s: string, p: string): boolean {
    let names = this.listings.get(d);
    if (names === undefined) {
      // Null: a folder above the roots, or an empty listing (not listable: it holds at least the importing file's
      // folder or file); both are stat'ed.
      names = null;
      if (this.view.roots.some((r) => d === r || d.startsWith(r + '/'))) {
        const list = this.view.readDir(d);
        if (list.length) names = new Set(list.map((x) => x.name));
      }
      this.listings.set(d, names);
    }
    if (names) return names.has(s);
    let there = this.onDisk.get(p);
    if (there === undefined) this.onDisk.set(p, (there = this.view.exists(p)));
    return there;
  }

  private isIndexedTosca(p: string): boolean {
    const e = this.view.get(p);
    return e?.kind === 'tosca' && e.toscaFacts !== undefined;
  }
}

/** An import text that stays inside the index, with the names it is looked up by; or one of the two markers. */
type Verdict = { whole: string; last: string } | typeof RESOLVE | typeof NO_FILE;
const RESOLVE = 'resolve';
const NO_FILE = 'no-file';

/** A verdict of one import text in one folder and the lists its imports are added to (see `slotOf`). */
interface Slot {
  readonly v: Verdict;
  last?: ImportRef[];
  whole?: ImportRef[] | undefined;
}
const RESOLVE_SLOT: Slot = { v: RESOLVE };
const NO_FILE_SLOT: Slot = { v: NO_FILE };

function listOf(map: Map<string, ImportRef[]>, key: string): ImportRef[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

/** `path.posix.resolve(dir, s)` for an absolute `dir`, without splitting for the usual `../x/y.yaml`. */
function joined(dir: string, s: string): string {
  let d = dir;
  let k = 0;
  for (;;) {
    if (s.startsWith('../', k)) {
      if (d === '/') break;
      d = path.posix.dirname(d);
      k += 3;
    } else if (s.startsWith('./', k)) k += 2;
    else break;
  }
  const rest = s.slice(k);
  if (s.startsWith('/') || /(^|\/)\.{0,2}(\/|$)/.test(rest) || !d.startsWith('/')) return path.posix.resolve(dir, s);
  return d === '/' ? `/${rest}` : `${d}/${rest}`;
}

/**
 * `/x/y.yaml` for `../x/y.yaml`, `./x/y.yaml`, `/x/y.yaml` or `x/y.yaml`: what every candidate path of the import
 * ends with (resolved against any folder). Undefined when a `.` or `..` segment comes after a name (or an empty one).
 */
function tailOf(s: string): string | undefined {
  const segs = s.split('/');
  let k = 0;
  while (k < segs.length - 1 && (segs[k] === '..' || segs[k] === '.' || (k === 0 && segs[k] === ''))) k++;
  const rest = segs.slice(k);
  if (rest.some((x) => x === '' || x === '.' || x === '..')) return undefined;
  return `/${rest.join('/')}`;
}
