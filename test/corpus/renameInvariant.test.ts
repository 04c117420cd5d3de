/**
 * The rename invariant: after any rename, `check` reports nothing it did not report before. On the
 * example workspace and the LM corpus (read in place, copied into memory), every property,
 * component, operation, capability, requirement, metric and descriptor of the first files (about
 * 200 renames in all) is renamed in a copy; the diagnostics (code and message) of every affected
 * file must be the same as before, except that messages mention the new name.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from '../../server/src/host/session.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { isDescriptorKind } from '../../server/src/model/kinds.js';
import type { DocumentModel } from '../../server/src/model/document.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { prepareRename, rename } from '../../server/src/features/rename.js';
import { applyEdits } from '../support/navigation.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLE = join(repo, 'examples', 'video-streamer');
const CORPUS = join(repo, '..', 'shared', 'corpus', 'lm');
/** Sites per run and per file: about 200 renames in all, so the whole test stays well under 30 s. */
const BUDGET = { example: { total: 100, perFile: 100 }, corpus: { total: 200, perFile: 6 } };
/** Inserted after the old name, so the new name contains the old one and messages can be mapped back. */
const MARK = 'Rn';

function readTree(root: string, out: Record<string, string> = {}): Record<string, string> {
  for (const name of readdirSync(root).sort()) {
    const p = join(root, name);
    const st = statSync(p);
    if (st.isDirectory()) readTree(p, out);
    else if (st.isFile() && st.size < 1024 * 1024) out[p] = readFileSync(p, 'utf8');
  }
  return out;
}

interface Site {
  path: string;
  offset: number;
  what: string;
}

/** Offsets of the names to rename in one file: declarations, and descriptor names at their type uses. */
function sitesOf(doc: DocumentModel): Site[] {
  const s = doc.summary;
  const out: Site[] = [];
  const add = (what: string, span: { start: number } | undefined) => {
    if (span) out.push({ path: doc.path, offset: span.start + 1, what });
  };
  if (s.kind === 'lmproject') {
    add('project', s.nameSpan);
    const visit = (level: typeof s.contains) => {
      for (const sp of level) {
        if (sp.name) add('subproject', sp.keySpan);
        visit(sp.contains);
      }
    };
    visit(s.contains);
    return out.slice(0, 2);
  }
  if (!('components' in s)) return out;
  add('descriptor', s.explicitName?.span);
  for (const p of [...s.properties, ...s.privateProperties]) add('property', p.keySpan);
  for (const c of s.components) {
    add('component', c.keySpan);
    add('descriptor', c.typeSpan);
  }
  for (const d of [...s.operations, ...s.capabilities, ...s.requirements, ...s.metrics]) add('member', d.keySpan);
  return roundRobin(out);
}

/** Sites of one file alternating between kinds, so a per-file cap still samples every kind. */
function roundRobin(sites: Site[]): Site[] {
  // Members first: they are the rarest in the corpus.
  const byKind = new Map<string, Site[]>(['member', 'property', 'component', 'descriptor'].map((k) => [k, []]));
  for (const s of sites) byKind.set(s.what, [...(byKind.get(s.what) ?? []), s]);
  const out: Site[] = [];
  for (let i = 0; out.length < sites.length; i++) for (const list of byKind.values()) if (list[i]) out.push(list[i]!);
  return out;
}

/** The new name: `MARK` right after the part that names the symbol, and the old -> new token for messages. */
function newNameFor(placeholder: string, session: Session, site: Site): { name: string; token: [string, string] } {
  if (site.what !== 'descriptor') return { name: placeholder + MARK, token: [placeholder, placeholder + MARK] };
  const [type, name, version] = placeholder.split('::') as [string, string, string];
  const file = session.index.lookup(placeholder)[0]?.path;
  const pc = file ? session.index.projectContext(file) : undefined;
  const sub = pc?.derivedName === placeholder ? pc.chain[pc.chain.length - 1]?.name : undefined;
  const old = sub ?? name;
  const neu = old + MARK;
  return { name: `${type}::${neu}${name.slice(old.length)}::${version}`, token: [old, neu] };
}

/** A name that was already too long stays too long, with its new length in the message (LM106). */
const normalise = (line: string) => line.replace(/it is \d+ characters long/, 'it is … characters long');

async function runInvariant(
  root: string,
  budget: { total: number; perFile: number },
): Promise<{ applied: Map<string, number>; refused: Map<string, number> }> {
  const texts = readTree(root);
  const session = new Session(new MemoryFileSystem(texts));
  session.index.addRoot(root);
  await session.index.build();
  const paths = [...session.index.allEntries()]
    .filter((e) => isDescriptorKind(e.kind) || e.kind === 'lmproject')
    .map((e) => e.path)
    .sort();
  let version = 1;
  for (const p of paths) session.openDocument(p, texts[p]!, version++);
  const check = (files: Iterable<string>): string[] =>
    [...files]
      .sort()
      .flatMap((p) =>
        computeDiagnostics(session.context(session.getOpen(p)!)).map(
          (d) => `${path.relative(root, p)} ${d.code} ${d.message}`,
        ),
      )
      .sort();
  // Spread over the files: the first site of every file, then the second..., up to the budget.
  const perFile = paths.map((p) => sitesOf(session.getOpen(p)!).slice(0, budget.perFile));
  const sites: Site[] = [];
  for (let i = 0; i < budget.perFile && sites.length < budget.total; i++)
    for (const list of perFile) if (list[i] && sites.length < budget.total) sites.push(list[i]!);
  const applied = new Map<string, number>();
  const refused = new Map<string, number>();
  const seenDescriptors = new Set<string>();
  for (const site of sites) {
    const ctx = session.context(session.getOpen(site.path)!);
    const place = prepareRename(ctx, site.offset);
    if (!place || 'error' in place) {
      const why = place ? place.error.replace(/`[^`]*`/g, '…') : 'nothing';
      refused.set(why, (refused.get(why) ?? 0) + 1);
      continue;
    }
    if (site.what === 'descriptor') {
      if (seenDescriptors.has(place.placeholder)) continue;
      seenDescriptors.add(place.placeholder);
    }
    const { name, token } = newNameFor(place.placeholder, session, site);
    const r = rename(ctx, site.offset, name);
    if ('error' in r) {
      const why = r.error.replace(/`[^`]*`/g, '…');
      refused.set(why, (refused.get(why) ?? 0) + 1);
      continue;
    }
    const changed = Object.keys(r.edit.changes);
    assert.ok(changed.length > 0, `${site.path}@${site.offset}: renaming ${place.placeholder} changed nothing`);
    const affected = affectedBy(session, changed, root);
    const before = check(affected).map(normalise);
    const old = new Map(changed.map((p) => [p, session.getOpen(p)!.text]));
    for (const p of changed) session.openDocument(p, applyEdits(old.get(p)!, r.edit.changes[p]!), version++);
    const after = check(affected).map((l) => normalise(l.split(token[1]).join(token[0])));
    for (const p of changed) session.openDocument(p, old.get(p)!, version++);
    assert.deepEqual(after, before, `renaming ${place.placeholder} to ${name} (${site.what} in ${site.path})`);
    applied.set(site.what, (applied.get(site.what) ?? 0) + 1);
  }
  return { applied, refused };
}

/** The changed files, every file of their lmctl projects, and the files on either side of their type edges. */
function affectedBy(session: Session, changed: string[], root: string): Set<string> {
  const out = new Set<string>();
  const index = session.index;
  for (const p of changed) {
    out.add(p);
    for (const d of index.dependentsOf(p)) out.add(d);
    for (const n of index.referencesOf(p)) for (const e of index.lookup(n)) out.add(e.path);
    const project = index.get(p)?.kind === 'lmproject' ? p : index.projectContext(p)?.projectFile;
    const dir = project ? path.dirname(project) : undefined;
    if (!dir) continue;
    for (const e of index.allEntries())
      if (
        (isDescriptorKind(e.kind) || e.kind === 'lmproject') &&
        e.path.startsWith(dir + '/') &&
        e.path.startsWith(root)
      )
        out.add(e.path);
  }
  return out;
}

const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

function report(t: { diagnostic(s: string): void }, applied: Map<string, number>, refused: Map<string, number>) {
  t.diagnostic(`renames applied: ${total(applied)} ${JSON.stringify(Object.fromEntries(applied))}`);
  for (const [why, n] of refused) t.diagnostic(`refused ${n}x: ${why}`);
}

test('renames in the example workspace change no finding', async (t) => {
  const { applied, refused } = await runInvariant(EXAMPLE, BUDGET.example);
  report(t, applied, refused);
  assert.ok(total(applied) >= 60, `only ${total(applied)} renames applied`);
  for (const what of ['property', 'component', 'member', 'descriptor', 'subproject', 'project'])
    assert.ok(applied.get(what), `no ${what} renamed`);
});

test('renames in the LM corpus change no finding', async (t) => {
  if (!existsSync(CORPUS)) {
    t.skip(`no LM corpus at ${CORPUS}`);
    return;
  }
  const { applied, refused } = await runInvariant(CORPUS, BUDGET.corpus);
  report(t, applied, refused);
  assert.ok(total(applied) >= 60, `only ${total(applied)} renames applied`);
});
