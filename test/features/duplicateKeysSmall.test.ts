/**
 * The duplicate-key rule (LM009, TOSCA005) compares the keys of small mappings in place and uses a
 * Map for larger ones. Seeded random documents (flow and block mappings of 0 to 20 entries, nested,
 * keys repeated) give exactly the findings of a Map per mapping, the rule as it was.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { duplicateKeysRule } from '../../server/src/features/shared/duplicateKeys.js';
import type { Finding, RuleContextBase } from '../../server/src/features/shared/rule.js';
import type { DocumentModel } from '../../server/src/model/document.js';
import type { FeatureContext } from '../../server/src/features/types.js';
import { parseYaml } from '../../server/src/syntax/parse.js';
import { LineIndex } from '../../server/src/syntax/positions.js';
import type { YNode } from '../../server/src/syntax/tree.js';

/** The findings as a Map per mapping gives them: the span of each repeated key and where its first one is. */
function reference(root: YNode | null): string[] {
  const out: string[] = [];
  const visit = (n: YNode | null): void => {
    if (!n) return;
    if (n.kind === 'map') {
      const seen = new Map<string, number>();
      for (const p of n.pairs) {
        const prev = seen.get(p.key.text);
        if (prev !== undefined) out.push(`${p.key.span.start}-${p.key.span.end} first ${prev}`);
        else seen.set(p.key.text, p.key.span.start);
        visit(p.value);
      }
    } else if (n.kind === 'seq') for (const it of n.items) visit(it);
  };
  visit(root);
  return out;
}

test('duplicate keys in small and large mappings: the same findings as a Map per mapping', () => {
  let s = 5;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const key = () => ['a', 'b', 'c', 'type', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'][Math.floor(next() * 12)]!;
  const block = (indent: string, depth: number): string => {
    const n = Math.floor(next() * 21);
    let out = '';
    for (let i = 0; i < n; i++) {
      const k = key();
      const r = next();
      if (depth < 3 && r < 0.2) out += `${indent}${k}:\n${block(indent + '  ', depth + 1)}`;
      else if (r < 0.3) out += `${indent}${k}: { ${key()}: 1, ${key()}: 2, ${key()}: 3 }\n`;
      else out += `${indent}${k}: ${i}\n`;
    }
    return out || `${indent}z: 0\n`;
  };
  let found = 0;
  for (let t = 0; t < 300; t++) {
    const text = block('', 0);
    const parsed = parseYaml(text);
    const lines = new LineIndex(text);
    const got: string[] = [];
    const doc = { root: parsed.root, lines, text } as unknown as DocumentModel;
    const ctx: RuleContextBase = {
      feature: {} as FeatureContext,
      doc,
      report: (f: Finding) => {
        const first = /first on line (\d+)/.exec(f.message)![1]!;
        got.push(`${f.span.start}-${f.span.end} line ${first}`);
      },
    };
    duplicateKeysRule('X').check(ctx);
    const want = reference(parsed.root).map((r) => {
      const [span, , at] = r.split(' ');
      return `${span} line ${lines.positionAt(Number(at)).line + 1}`;
    });
    assert.deepEqual(got, want, text);
    found += want.length;
  }
  assert.ok(found > 500, `only ${found} duplicates generated`);
});
