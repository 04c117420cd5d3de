/**
 * The compact stored form of summaries (server/src/model/summaryCodec.ts): decoding what was encoded
 * gives what the plain JSON round trip gave, on every file of the real corpus and on each summary kind;
 * a text that does not fit its schema reads as no summary (the index then reads the file again); a value
 * the schema cannot hold is stored as plain JSON and still read back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summariseFile } from '../../server/src/model/document.js';
import type { FileSummary } from '../../server/src/model/summary.js';
import { decodeSummary, encodeSummary } from '../../server/src/model/summaryCodec.js';
import { TOSCA_SUMMARY_FORMAT } from '../../server/src/model/tosca/summary.js';

const corpus = join(fileURLToPath(new URL('../../..', import.meta.url)), 'shared', 'corpus');

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(full));
    else if (e.isFile() && /\.(ya?ml|json)$/i.test(e.name)) out.push(full);
  }
  return out;
}

/** The summary as the plain JSON form read it back. */
const viaJson = (s: FileSummary): unknown => JSON.parse(JSON.stringify(s));

function roundTrip(s: FileSummary): FileSummary | undefined {
  const text = encodeSummary(s);
  assert.ok(text.startsWith('['), `the compact form holds a ${s.kind} summary`);
  return decodeSummary(s.kind, text);
}

test('every file of the corpus: the compact form reads back as the plain JSON did', () => {
  const files = filesUnder(corpus);
  assert.ok(files.length > 1000, 'the corpus is there');
  const kinds = new Set<string>();
  for (const p of files) {
    const { summary } = summariseFile(p, readFileSync(p, 'utf8'));
    kinds.add(summary.kind);
    assert.deepStrictEqual(roundTrip(summary), viaJson(summary), p);
  }
  for (const k of ['tosca', 'assembly', 'resource', 'lmproject', 'other']) assert.ok(kinds.has(k), k);
});

test('behaviour files and hand-written summaries of every optional field round-trip', () => {
  const config = summariseFile(
    '/p/Behaviour/Configurations/c.json',
    '{"name": "c", "descriptorName": "assembly::a::1.0", "properties": {"x": 1, "y": "two"}}',
  ).summary;
  assert.equal(config.kind, 'behaviour');
  assert.deepStrictEqual(roundTrip(config), viaJson(config));
  const tosca = summariseFile(
    '/p/t.yaml',
    [
      'tosca_definitions_version: tosca_2_0',
      'profile: org.example.p:1.0',
      'functions:',
      '  f:',
      '    signatures:',
      '      - arguments: [integer, { type: string }]',
      '        result: integer',
      'data_types:',
      '  D:',
      '    derived_from: list',
      '    entry_schema: { type: integer, constraints: [{ greater_than: 0 }] }',
      '    properties:',
      '      p: { type: integer, required: false, default: 0, status: deprecated }',
      '      q: { type: map, value: null, key_schema: string, entry_schema: { type: list, entry_schema: integer } }',
      'node_types:',
      '  N:',
      '    requirements:',
      '      - r: { capability: C, occurrences: [0, UNBOUNDED] }',
      '',
    ].join('\n'),
  ).summary;
  assert.equal(tosca.kind, 'tosca');
  assert.deepStrictEqual(roundTrip(tosca), viaJson(tosca));
});

test('a text that does not fit its schema reads as no summary', () => {
  const s = summariseFile(
    '/p/t.yaml',
    'tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types:\n  N: {}\n',
  ).summary;
  const text = encodeSummary(s);
  const a = JSON.parse(text) as unknown[];
  assert.ok(decodeSummary('tosca', text));
  assert.equal(decodeSummary('resource', text), undefined, 'another kind');
  assert.equal(decodeSummary('tosca', JSON.stringify(['tosca', TOSCA_SUMMARY_FORMAT - 1, ...a.slice(2)])), undefined);
  assert.equal(decodeSummary('tosca', JSON.stringify([...a, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7])), undefined);
  assert.equal(decodeSummary('tosca', JSON.stringify(['tosca', 'four'])), undefined, 'a number as text');
  assert.equal(decodeSummary('tosca', JSON.stringify(['tosca', TOSCA_SUMMARY_FORMAT, 0, 0, 0, 0, 0, 0, 5])), undefined);
  assert.equal(decodeSummary('tosca', text.slice(0, -3)), undefined, 'truncated');
  assert.equal(decodeSummary('tosca', '{"kind":"tosca"}'), undefined, 'plain JSON of the wrong shape');
});

test('a value the schema cannot hold is stored as plain JSON and read back', () => {
  const s = summariseFile('/p/Definitions/lm/assembly.yaml', 'name: assembly::a::1.0\ndescription: A\n').summary;
  const odd = { ...s, description: 5 } as unknown as FileSummary;
  const text = encodeSummary(odd);
  assert.ok(text.startsWith('{'));
  assert.deepStrictEqual(decodeSummary('assembly', text), viaJson(odd));
});
