import { test } from 'node:test';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTree } from '../support/checkTree.js';
import { assertGolden } from '../support/golden.js';

const casesDir = fileURLToPath(new URL('../fixtures/diagnostics', import.meta.url));

for (const name of readdirSync(casesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)) {
  test(`diagnostics golden: ${name}`, async () => {
    const dir = join(casesDir, name);
    const results = await checkTree(dir);
    const lines: string[] = [];
    for (const r of results) {
      const sorted = [...r.diagnostics].sort(
        (a, b) =>
          a.range.start.line - b.range.start.line ||
          a.range.start.character - b.range.start.character ||
          a.code.localeCompare(b.code),
      );
      for (const d of sorted) {
        const start = `${d.range.start.line + 1}:${d.range.start.character + 1}`;
        const end = `${d.range.end.line + 1}:${d.range.end.character + 1}`;
        lines.push(`${relative(dir, r.path)}:${start}-${end} ${d.severity} ${d.code} ${d.message}`);
      }
    }
    assertGolden(join(dir, 'expected.golden.txt'), lines.join('\n') + '\n');
  });
}
