/** `npm run generate`: rewrites the generated files (see generated.ts) and says which changed. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from './generated.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
let changed = 0;
for (const [rel, text] of generatedFiles(repo)) {
  const file = path.join(repo, rel);
  if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote ${rel}`);
  changed++;
}
console.log(changed ? `${changed} file(s) regenerated` : 'generated files are up to date');
