/**
 * Rename must not change what the checker says. On a deterministic sample of the TOSCA corpus
 * (../shared/corpus/tosca, read in place into an in-memory copy), each rename of a type, template,
 * input or property is applied to the copy, and the diagnostics of every file it edits (and of the
 * files importing those) must stay the same: same codes, same messages once the new name is read
 * as the old one. "Did you mean" hints are left out of the comparison: they are chosen from the
 * names in scope, which a rename changes by design.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from '../../server/src/host/session.js';
import { MemoryFileSystem } from '../../server/src/index/fileSystem.js';
import { computeDiagnostics } from '../../server/src/features/diagnostics.js';
import { prepareRename, rename } from '../../server/src/features/rename.js';
import { NORMATIVE_TYPES } from '../../server/src/model/tosca/catalog/index.js';
import type { ToscaSummary } from '../../server/src/model/tosca/summary.js';
import { applyEdits } from '../support/navigation.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const CORPUS = join(REPO, '..', 'shared', 'corpus', 'tosca');
const MAX_FILES = 40;
const MAX_RENAMES = 150;
const PER_FILE = 4;

function readCorpus(dir: string, out: Record<string, string>): void {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) readCorpus(p, out);
    else if (/\.(ya?ml|meta)$/i.test(name) && st.size < 1_000_000) out[p] = readFileSync(p, 'utf8');
  }
}

/** Places to rename from: declared types, templates, an input, a use of a workspace type, a property. */
function placesOf(s: ToscaSummary): { offset: number; kind: string }[] {
  const out: { offset: number; kind: string }[] = [];
  const own = s.types.filter((t) => !isNormativeName(t.name));
  for (const t of own.slice(0, 2)) out.push({ offset: t.keySpan.start, kind: 'type' });
  const topo = s.topology;
  const node = topo?.nodeTemplates[0];
  if (node) out.push({ offset: node.keySpan.start, kind: 'node template' });
  const input = topo?.inputs[0];
  if (input) out.push({ offset: input.keySpan.start, kind: 'input' });
  const rel = topo?.relationshipTemplates[0];
  if (rel) out.push({ offset: rel.keySpan.start, kind: 'relationship template' });
  const use = topo?.nodeTemplates.find((n) => n.type && !n.type.name.startsWith('tosca'))?.type;
  if (use) out.push({ offset: use.span.start, kind: 'type use' });
  const prop = own.find((t) => t.kind !== 'data' && t.properties.length)?.properties[0];
  if (prop) out.push({ offset: prop.keySpan.start, kind: 'property' });
  return out;
}

/** Profile files write the normative types out; rename refuses those names (tested elsewhere). */
function isNormativeName(name: string): boolean {
  return NORMATIVE_TYPES.some((n) => n.name === name);
}

function normalised(messages: string[], oldName: string, newName: string): string[] {
  return messages
    .map((m) =>
      m
        .split(newName)
        .join(oldName)
        .replace(/ \(did you mean [^)]*\)/g, ''),
    )
    .sort();
}

test(
  'TOSCA rename keeps the diagnostics of the files it edits and of their importers',
  { timeout: 120_000 },
  async (t) => {
    if (!existsSync(CORPUS)) {
      t.skip(`corpus not found at ${CORPUS}`);
      return;
    }
    const files: Record<string, string> = {};
    readCorpus(CORPUS, files);
    const fs = new MemoryFileSystem(files);
    const session = new Session(fs);
    session.index.addRoot(CORPUS);
    await session.index.build();

    // A deterministic spread over the Simple Profile 1.x files that declare or use something.
    const pool: string[] = [];
    for (const e of session.index.allEntries()) {
      const s = e.summary as ToscaSummary;
      if (e.kind !== 'tosca' || !/^tosca_simple_yaml_1_[0-3]$/.test(s.version?.text ?? '')) continue;
      const own = s.types.filter((x) => !isNormativeName(x.name)).length;
      if (own + (s.topology?.nodeTemplates.length ?? 0) >= 2) pool.push(e.path);
    }
    pool.sort();
    const stride = Math.max(1, Math.ceil(pool.length / MAX_FILES));
    const chosen = pool.filter((_, i) => i % stride === 0).slice(0, MAX_FILES);

    let version = 1;
    const texts = new Map<string, string>();
    const before = new Map<string, string[]>();
    const diagnosticsOf = (path: string): string[] => {
      const doc = session.getOpen(path) ?? session.openDocument(path, fs.files.get(path)!.text, version++);
      return computeDiagnostics(session.context(doc)).map((d) => `${d.code} ${d.message}`);
    };
    const original = (path: string): string => {
      if (!texts.has(path)) texts.set(path, fs.files.get(path)!.text);
      return texts.get(path)!;
    };
    const failures: string[] = [];
    const timings: number[] = [];
    let renamed = 0;
    let refused = 0;
    const byKind = new Map<string, number>();
    for (const path of chosen) {
      let inFile = 0;
      for (const place of placesOf(session.index.get(path)!.summary as ToscaSummary)) {
        if (renamed >= MAX_RENAMES || inFile >= PER_FILE) break;
        const doc = session.openDocument(path, original(path), version++);
        const ctx = session.context(doc);
        const prep = prepareRename(ctx, place.offset);
        if (!prep || 'error' in prep) {
          refused++;
          continue;
        }
        const oldName = prep.placeholder;
        const newName = place.kind.includes('type') ? `${oldName}Rn` : `${oldName}_rn`;
        const t0 = performance.now();
        const r = rename(ctx, place.offset, newName);
        timings.push(performance.now() - t0);
        if ('error' in r) {
          refused++;
          continue;
        }
        renamed++;
        inFile++;
        byKind.set(place.kind, (byKind.get(place.kind) ?? 0) + 1);
        const edited = Object.keys(r.edit.changes).sort();
        // The files it edits, and the files that import them (which see the renamed types).
        const importers = edited.flatMap((p) => session.index.tosca.importersOf(p));
        const watch = [...new Set([...edited, ...importers])].filter((p) => fs.files.has(p));
        for (const p of watch) if (!before.has(p)) before.set(p, diagnosticsOf(p));
        for (const p of edited) session.openDocument(p, applyEdits(original(p), r.edit.changes[p]!), version++);
        for (const p of watch) {
          const was = normalised(before.get(p)!, oldName, newName);
          const now = normalised(diagnosticsOf(p), oldName, newName);
          if (JSON.stringify(was) !== JSON.stringify(now))
            failures.push(
              `${place.kind} \`${oldName}\` -> \`${newName}\` from ${path.slice(CORPUS.length + 1)} changed ` +
                `${p.slice(CORPUS.length + 1)}:\n  before: ${JSON.stringify(was)}\n  after:  ${JSON.stringify(now)}`,
            );
        }
        for (const p of edited) session.openDocument(p, original(p), version++);
      }
    }
    timings.sort((a, b) => a - b);
    const p95 = timings[Math.floor(timings.length * 0.95)] ?? 0;
    t.diagnostic(
      `${chosen.length} files, ${renamed} renames applied, ${refused} refused; rename p95 ${p95.toFixed(1)} ms, ` +
        `max ${(timings[timings.length - 1] ?? 0).toFixed(1)} ms ` +
        `(${[...byKind].map(([k, n]) => `${n} ${k}`).join(', ')})`,
    );
    assert.ok(renamed >= 60, `only ${renamed} renames applied`);
    assert.deepEqual(failures, []);
  },
);
