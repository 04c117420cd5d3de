/**
 * The generated files stay in step with their sources (`npm run generate` rewrites them): the rule
 * help the checker bundles (from docs/*-codes.md) and the JSON Schemas (from the LM grammar). The
 * schemas accept the example workspace and reject what the grammar rule rejects.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../support/protocolClient.js';
import { validator } from '../support/jsonSchema.js';
import { generatedFiles } from '../../scripts/generated.js';
import { LM_RULES } from '../../server/src/features/lm/rules/index.js';
import { TOSCA_RULES } from '../../server/src/features/tosca/rules/index.js';
import { knownCodes, ruleInfo } from '../../server/src/cli/rules.js';
import { SCHEMA_KINDS, jsonSchemaFor, type SchemaKind } from '../../server/src/cli/schema.js';
import { kindFromPath } from '../../server/src/model/kinds.js';

const INTERNAL = /\bseeds?\b|\bdigest\b|\bcorpus\b|EXPECTED\.md|§/i;

test('the committed generated files equal what `npm run generate` produces', () => {
  const stale: string[] = [];
  for (const [rel, text] of generatedFiles(REPO_ROOT)) {
    const file = path.join(REPO_ROOT, rel);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) stale.push(rel);
  }
  assert.deepEqual(stale, [], 'run `npm run generate` and commit the result');
});

test('every code a rule declares is documented, with public help text', () => {
  const help = JSON.parse(readFileSync(path.join(REPO_ROOT, 'server/src/cli/rule-help.json'), 'utf8')) as object;
  const documented = new Set(Object.keys(help));
  const missing = [...LM_RULES, ...TOSCA_RULES].flatMap((r) => r.codes).filter((c) => !documented.has(c));
  assert.deepEqual(missing, [], 'add a row to docs/diagnostic-codes.md or docs/tosca-diagnostic-codes.md');
  for (const code of knownCodes()) {
    const info = ruleInfo(code);
    assert.ok(!INTERNAL.test(info.markdown), `${code}: ${info.markdown}`);
    assert.ok(info.short.length > 3 && info.short.length <= info.text.length, code);
  }
});

/** The LM files of a folder by schema kind (by the path roles the server uses). */
function lmFiles(dir: string, out: [SchemaKind, string][] = []): [SchemaKind, string][] {
  for (const n of readdirSync(dir).sort()) {
    const p = path.join(dir, n);
    if (statSync(p).isDirectory()) lmFiles(p, out);
    else {
      const k = kindFromPath(p);
      if (k === 'assembly' || k === 'resource' || k === 'lmproject' || k === 'assembly-template') out.push([k, p]);
    }
  }
  return out;
}

function compile(kind: SchemaKind) {
  const ajv = validator();
  ajv.addKeyword('markdownEnumDescriptions');
  return ajv.compile(jsonSchemaFor(kind));
}

test('the schemas are valid draft-07 and accept every LM file of the example workspace', () => {
  const validators = Object.fromEntries(
    (Object.keys(SCHEMA_KINDS) as SchemaKind[]).map((k) => [k, compile(k)]),
  ) as Record<SchemaKind, ReturnType<typeof compile>>;
  const files = lmFiles(path.join(REPO_ROOT, 'examples/video-streamer'));
  assert.equal(files.length, 7);
  for (const [kind, file] of files) {
    const v = validators[kind];
    assert.ok(v(parse(readFileSync(file, 'utf8'))), `${file}: ${JSON.stringify(v.errors?.slice(0, 3))}`);
  }
});

test('the schemas flag what the grammar rule flags: unknown keys, wrong shapes, missing required keys', () => {
  const assembly = compile('assembly');
  const ok = {
    name: 'assembly::a::1.0',
    properties: { p: { type: 'myType', default: 3 }, q: null },
    'data-types': { myType: { properties: { x: { type: 'string' } } } },
    composition: { c: { type: 'resource::r::1.0', properties: { p: { value: '${p}' } } } },
  };
  assert.ok(assembly(ok), JSON.stringify(assembly.errors));
  for (const bad of [
    { ...ok, compositon: {} },
    { ...ok, properties: ['p'] },
    { ...ok, composition: { c: { properties: {} } } },
    { ...ok, properties: { p: { read_only: true } } },
  ]) {
    assert.equal(assembly(bad), false, JSON.stringify(bad));
  }
  const lmproject = compile('lmproject');
  assert.equal(lmproject({ name: 'x' }), false, 'schema, name and version are required');
});

test('the schemas accept the descriptors of the IBM driver packages (shared LM corpus)', (t) => {
  const corpus = path.join(REPO_ROOT, '..', 'shared', 'corpus', 'lm');
  if (!existsSync(corpus)) return t.skip(`corpus not found at ${corpus}`);
  const failures: string[] = [];
  let n = 0;
  for (const pkg of ['IBM__kubernetes-driver', 'IBM__openstack-vim-driver', 'IBM__ansible-lifecycle-driver']) {
    if (!existsSync(path.join(corpus, pkg))) continue;
    for (const [kind, file] of lmFiles(path.join(corpus, pkg))) {
      n++;
      const v = compile(kind);
      if (!v(parse(readFileSync(file, 'utf8')))) {
        failures.push(`${path.relative(corpus, file)}: ${JSON.stringify(v.errors?.slice(0, 3))}`);
      }
    }
  }
  assert.ok(n > 0);
  assert.deepEqual(failures, []);
});
