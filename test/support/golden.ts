/**
 * Golden files: the expected output lives next to the case. A missing golden is written on first
 * run; an existing one is rewritten only with UPDATE_GOLDEN=1, otherwise a difference fails.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export function assertGolden(file: string, actual: string): void {
  if (!existsSync(file) || process.env['UPDATE_GOLDEN'] === '1') {
    writeFileSync(file, actual);
    return;
  }
  assert.equal(
    actual,
    readFileSync(file, 'utf8'),
    `golden mismatch for ${file}; rerun with UPDATE_GOLDEN=1 if the change is intended`,
  );
}
