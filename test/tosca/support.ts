/**
 * Fixture helpers for the TOSCA rule tests: like `checkDiagnostics` (test/support/features.ts),
 * with TOSCA options and a default file path. Annotations: `# ^^^ CODE` under the flagged
 * columns (`#^^ CODE` for column 0); every diagnostic not in `ignore` must be annotated.
 */
import assert from 'node:assert/strict';
import { setup } from '../support/features.js';
import { computeDiagnostics, type DiagnosticOptions } from '../../server/src/features/diagnostics.js';
import type { Diagnostic } from '../../server/src/features/types.js';
import type { IndexOptions } from '../../server/src/index/workspace.js';

/**
 * Codes most fixtures do not care about: type-without-derived_from hints, unassigned-requirement
 * warnings, implementation scripts the fixture does not provide, TOSCA 2.0 lists and maps without
 * `entry_schema` (a judgement warning).
 */
export const NOISE = ['TOSCA037', 'TOSCA064', 'TOSCA103', 'TOSCA269'];

export async function checkTosca(
  src: string,
  opts: { ignore?: string[]; options?: DiagnosticOptions; index?: IndexOptions } = {},
): Promise<Diagnostic[]> {
  const text = /^\s*#- /.test(src) ? src : `#- /ws/service.yaml\n${src.replace(/^\n/, '')}`;
  const { fixture, ctx } = await setup(text, opts.index);
  const ignore = opts.ignore ?? NOISE;
  const diags = computeDiagnostics(ctx, opts.options).filter((d) => !ignore.includes(d.code));
  const path = ctx.doc.path;
  const want = fixture.annotations
    .filter((a) => a.path === path)
    .map((a) => `${a.line}:${a.startCol}-${a.endCol} ${a.label}`)
    .sort();
  const got = diags
    .map((d) => {
      const end = d.range.end.line === d.range.start.line ? d.range.end.character : 'L' + d.range.end.line;
      return `${d.range.start.line}:${d.range.start.character}-${end} ${d.code}`;
    })
    .sort();
  assert.deepEqual(
    got,
    want,
    `diagnostics differ:\n${diags
      .map((d) => `  ` + `${d.range.start.line}:${d.range.start.character} ${d.severity} ${d.code} ${d.message}`)
      .join('\n')}`,
  );
  return diags;
}

/** Asserts the file has no diagnostics at all (besides `ignore`). */
export async function checkClean(
  src: string,
  opts: { ignore?: string[]; options?: DiagnosticOptions } = {},
): Promise<void> {
  await checkTosca(src, opts);
}

export function severityOf(diags: Diagnostic[], code: string): string | undefined {
  return diags.find((d) => d.code === code)?.severity;
}

export function messageOf(diags: Diagnostic[], code: string): string {
  return diags.find((d) => d.code === code)?.message ?? '';
}
