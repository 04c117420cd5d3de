/**
 * Sanity sweep of TOSCA hover / completion / definition over real files of the corpus
 * (../shared/corpus/tosca): at every type name position (template types, derived_from, property,
 * capability, requirement, interface, artifact types...) every request must not throw, hovers must
 * be non-empty for names the type table resolves, and definitions must land somewhere for them. Every
 * other scalar of those files gets a hover, completion and definition request too, which must not throw.
 * The request times are reported, not asserted: speed is measured by `npm run bench`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from '../../server/src/host/session.js';
import { complete } from '../../server/src/features/completion.js';
import { definition } from '../../server/src/features/definition.js';
import { hover } from '../../server/src/features/hover.js';
import { toscaModelOf } from '../../server/src/features/tosca/model.js';
import { refAt } from '../../server/src/features/tosca/refs.js';
import { NormativeViews } from '../../server/src/model/tosca/normativeView.js';

const normative = new NormativeViews();
import { primitiveOf } from '../../server/src/model/tosca/primitives.js';
import { TYPE_SECTIONS, type ToscaSummary } from '../../server/src/model/tosca/summary.js';
import { walkScalars } from '../../server/src/syntax/tree.js';
import type { Span } from '../../server/src/syntax/positions.js';
import type { TypeKind } from '../../server/src/model/tosca/catalog/index.js';
import { yamlFiles } from '../support/yamlFiles.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const CORPUS = join(REPO, '..', 'shared', 'corpus', 'tosca');

/** Source folder -> how many of its Simple Profile files to sweep (30 in all). */
const SOURCES: [string, number][] = [
  ['xlab-si__xopera-examples', 12],
  ['SODALITE-EU__iac-modules', 6],
  ['tliron__go-puccini', 4],
  ['Orange-OpenSource__Cloudnet-TOSCA-toolbox', 4],
  ['oasis-open__tosca-community-contributions', 4],
];

function pick(dir: string, n: number): string[] {
  const all = yamlFiles(dir).filter((f) =>
    /^tosca_definitions_version:\s*tosca_simple_yaml_1_[0-3]\s*$/m.test(readFileSync(f, 'utf8')),
  );
  if (all.length <= n) return all;
  const step = all.length / n;
  return Array.from({ length: n }, (_, i) => all[Math.floor(i * step)]!);
}

interface Position {
  span: Span;
  name: string;
  /** Kinds the name may denote (undefined: do not require a hover). */
  kinds?: TypeKind[];
}

/** Type name positions: grammar positions holding type names, plus declared type names. */
function typePositions(root: Parameters<typeof walkScalars>[0], summary: ToscaSummary): Position[] {
  const out: Position[] = [];
  walkScalars(root, (s, path, isKey) => {
    if (isKey) {
      if (path.length === 2 && typeof path[0] === 'string' && TYPE_SECTIONS[path[0]])
        out.push({ span: s.span, name: s.text, kinds: [TYPE_SECTIONS[path[0]]!] });
      return;
    }
    const site = refAt([...path]);
    if (site?.spec.ref === 'type' && s.text.trim())
      out.push({ span: s.span, name: s.text.trim(), kinds: site.spec.kinds });
  });
  // Independently of the grammar table: template types from the summary.
  for (const n of summary.topology?.nodeTemplates ?? [])
    if (n.type) out.push({ span: n.type.span, name: n.type.name, kinds: ['node'] });
  for (const t of summary.types)
    if (t.derivedFrom) out.push({ span: t.derivedFrom.span, name: t.derivedFrom.name, kinds: [t.kind] });
  return out;
}

test(
  'TOSCA features sweep: hover, completion and definition at every type name of 30 corpus files',
  { timeout: 300_000 },
  async (t) => {
    if (!existsSync(CORPUS)) {
      t.skip('corpus not present');
      return;
    }
    const files = SOURCES.flatMap(([dir, n]) => pick(join(CORPUS, dir), n));
    assert.ok(files.length >= 28, `only ${files.length} files picked`);
    let positions = 0;
    let resolved = 0;
    let scalars = 0;
    const times: number[] = [];
    const failures: string[] = [];
    for (const [dir] of SOURCES) {
      const mine = files.filter((f) => f.startsWith(join(CORPUS, dir) + '/'));
      if (!mine.length) continue;
      const session = new Session();
      session.index.addRoot(join(CORPUS, dir));
      await session.index.build();
      for (const file of mine) {
        const doc = session.openDocument(file, readFileSync(file, 'utf8'), 1);
        assert.equal(doc.kind, 'tosca', file);
        const ctx = session.context(doc);
        const model = toscaModelOf(ctx);
        const rel = file.slice(CORPUS.length + 1);
        for (const pos of typePositions(doc.root, doc.summary as ToscaSummary)) {
          positions++;
          for (const offset of [pos.span.start, pos.span.end]) {
            let h;
            try {
              const t0 = performance.now();
              h = hover(ctx, offset);
              times.push(performance.now() - t0);
              const t1 = performance.now();
              complete(ctx, offset);
              times.push(performance.now() - t1);
              const t2 = performance.now();
              const links = definition(ctx, offset);
              times.push(performance.now() - t2);
              const kinds = pos.kinds ?? [];
              const type = kinds.map((k) => model.types.resolve(pos.name, k)).find((x) => x);
              const isPrimitive = kinds.includes('data') && primitiveOf(pos.name);
              if (type || isPrimitive) {
                if (!h || !h.contents.value.trim()) failures.push(`${rel}: empty hover on ${pos.name}`);
                if (type && offset === pos.span.start) resolved++;
                if (type && !links.length && !(type.path === doc.path && type.decl?.keySpan.start === pos.span.start))
                  failures.push(`${rel}: no definition for ${pos.name}`);
                for (const l of links)
                  if (l.targetPath.startsWith('tosca-normative:') && !normative.sourceForUri(l.targetPath))
                    failures.push(`${rel}: no normative view for ${l.targetPath}`);
              }
            } catch (e) {
              failures.push(`${rel}: ${pos.name} @${offset} threw ${e instanceof Error ? e.stack : String(e)}`);
            }
          }
        }
        // Every other scalar (keys, values, function arguments): nothing throws.
        walkScalars(doc.root, (s) => {
          scalars++;
          try {
            hover(ctx, s.span.start + 1);
            complete(ctx, s.span.end);
            definition(ctx, s.span.start);
          } catch (e) {
            failures.push(
              `${rel}: scalar ${s.text.slice(0, 30)} @${s.span.start} threw ` +
                `${e instanceof Error ? e.stack : String(e)}`,
            );
          }
        });
      }
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)] ?? 0;
    const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
    t.diagnostic(
      `${files.length} files, ${positions} type positions (${resolved} resolved), ${scalars} scalars, ` +
        (`${times.length} requests: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ` +
          `${(times[times.length - 1] ?? 0).toFixed(1)} ms`),
    );
    assert.deepEqual(failures, []);
    assert.ok(positions > 200, `only ${positions} positions`);
    assert.ok(resolved > positions / 2, `only ${resolved} of ${positions} positions resolved`);
  },
);
