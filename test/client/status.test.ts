/** The status bar item: descriptors and TOSCA files counted, and a tooltip that says what was indexed. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statusView } from '../../client/src/status.js';

const ready = (descriptors: number, toscaFiles: number, total = 40) =>
  statusView({ state: 'ready', done: total, total, descriptors, toscaFiles });

test('the text counts LM descriptors and TOSCA files', () => {
  assert.equal(ready(3, 12).text, '$(check) LM: 3 descriptors · 12 TOSCA');
  assert.equal(ready(6, 0).text, '$(check) LM: 6 descriptors');
  assert.equal(ready(1, 0).text, '$(check) LM: 1 descriptor');
  // A TOSCA workspace is not "0 descriptors".
  assert.equal(ready(0, 5).text, '$(check) LM: 5 TOSCA');
  assert.equal(ready(0, 0).text, '$(check) LM: 0 descriptors');
});

test('the tooltip says what was indexed among how many files', () => {
  assert.equal(
    ready(3, 1, 35).tooltip,
    'LM Descriptors & TOSCA: indexed 3 LM descriptors (assemblies, resources, templates, types) and 1 TOSCA file ' +
      "among the workspace's 35 YAML files. Click to show the output.",
  );
  const indexing = statusView({ state: 'indexing', done: 5, total: 10, descriptors: 0, toscaFiles: 0 });
  assert.equal(indexing.text, '$(sync~spin) LM: indexing 5/10');
});
