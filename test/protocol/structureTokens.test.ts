/**
 * Semantic tokens, folding ranges and selection ranges through the real server (dist/server.js
 * --stdio): the legend it announces, the relative encoding of `textDocument/semanticTokens/full`
 * decoded back to tokens, and the protocol shapes of `textDocument/foldingRange` and
 * `textDocument/selectionRange`.
 *
 * Needs `npm run build` first.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type {
  FoldingRange,
  SelectionRange,
  SemanticTokens,
  SemanticTokensLegend,
} from 'vscode-languageserver-protocol';
import { LspClient, fileUri, positionOf } from '../support/protocolClient.js';
import { ASSEMBLY, tempWorkspace, type TempWorkspace } from '../support/protocolWorkspace.js';

const T = { timeout: 30000 };

interface Decoded {
  line: number;
  character: number;
  text: string;
  type: string;
  modifiers: string[];
}

/** Undoes the relative encoding: five numbers per token, line and start relative to the previous token. */
function decode(text: string, tokens: SemanticTokens, legend: SemanticTokensLegend): Decoded[] {
  const lines = text.split(/\r?\n/);
  const out: Decoded[] = [];
  let line = 0;
  let character = 0;
  const d = tokens.data;
  assert.equal(d.length % 5, 0, 'five numbers per token');
  for (let i = 0; i < d.length; i += 5) {
    const [dl, dc, length, type, mods] = d.slice(i, i + 5) as [number, number, number, number, number];
    line += dl;
    character = dl === 0 ? character + dc : dc;
    assert.ok(length > 0, 'tokens are not empty');
    const modifiers = legend.tokenModifiers.filter((_, bit) => (mods & (1 << bit)) !== 0);
    const type_ = legend.tokenTypes[type];
    assert.ok(type_, `token type ${type} is in the legend`);
    out.push({ line, character, text: lines[line]!.slice(character, character + length), type: type_, modifiers });
  }
  return out;
}

describe('semantic tokens, folding and selection over stdio', () => {
  let ws: TempWorkspace;
  let client: LspClient;
  let legend: SemanticTokensLegend;

  before(async () => {
    ws = tempWorkspace('tokens');
    client = new LspClient();
    const init = await client.initialize(ws.dir);
    const provider = init.capabilities.semanticTokensProvider;
    assert.ok(provider && 'legend' in provider && provider.full, 'semantic tokens (full) are offered');
    legend = provider.legend;
    assert.equal(init.capabilities.foldingRangeProvider, true);
    assert.equal(init.capabilities.selectionRangeProvider, true);
    await client.waitForStatus('ready', 20000);
  }, T);

  after(async () => {
    await client?.shutdown();
    ws?.cleanup();
  });

  test('an assembly: references decoded from the relative encoding', T, async () => {
    const text = ws.read(ASSEMBLY);
    const uri = fileUri(ws.file(ASSEMBLY));
    client.open(uri, text);
    const tokens = await client.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri } });
    const got = decode(text, tokens, legend);
    const at = (needle: string, delta: number) => {
      const p = positionOf(text, needle, delta);
      return got.find((t) => t.line === p.line && t.character === p.character);
    };
    assert.deepEqual(at('${balancer.publicIp}', 2), {
      ...positionOf(text, '${balancer.publicIp}', 2),
      text: 'balancer',
      type: 'namespace',
      modifiers: [],
    });
    assert.equal(at('${balancer.publicIp}', 11)?.type, 'property');
    assert.deepEqual(at("'${instance.name}-lb'", 3), {
      ...positionOf(text, "'${instance.name}-lb'", 3),
      text: 'instance',
      type: 'variable',
      modifiers: ['defaultLibrary'],
    });
    assert.equal(at('${deploymentLocation}', 2)?.text, 'deploymentLocation');
    assert.equal(at('$lmctl:/contains:/balancer', 0)?.type, 'keyword');
    assert.equal(at('$lmctl:/contains:/balancer', 18)?.type, 'namespace');
    // Tokens come in document order, one per position.
    for (let i = 1; i < got.length; i++) {
      const a = got[i - 1]!;
      const b = got[i]!;
      assert.ok(a.line < b.line || (a.line === b.line && a.character + a.text.length <= b.character), 'ordered');
    }
  });

  test('a TOSCA template: function names and entity keywords', T, async () => {
    const text = `tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  inputs:
    cpus:
      type: integer
  node_templates:
    server:
      type: tosca.nodes.Compute
      capabilities:
        host:
          properties:
            num_cpus: { get_input: cpus }
  outputs:
    ip:
      value: { get_attribute: [ server, private_address ] }
    self:
      value: { get_attribute: [ SELF, private_address ] }
`;
    const uri = fileUri(ws.file('service.yaml'));
    client.open(uri, text);
    const tokens = await client.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri } });
    assert.deepEqual(
      decode(text, tokens, legend).map(
        (t) => `${t.line}:${t.character} ${t.text} ${[t.type, ...t.modifiers].join('+')}`,
      ),
      [
        '11:24 get_input function+defaultLibrary',
        '11:35 cpus parameter',
        '14:15 get_attribute function+defaultLibrary',
        '16:15 get_attribute function+defaultLibrary',
        '16:32 SELF keyword',
      ],
    );
  });

  test('folding ranges and a selection range chain', T, async () => {
    const text = ws.read(ASSEMBLY);
    const uri = fileUri(ws.file(ASSEMBLY));
    const folds = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
    const props = positionOf(text, '\nproperties:', 1).line;
    const last = positionOf(text, 'value: ${balancer.publicIp}').line;
    assert.ok(
      folds.some((f) => f.startLine === props && f.endLine === last),
      `properties: folds from line ${props} to ${last}: ${JSON.stringify(folds.slice(0, 5))}`,
    );
    assert.ok(folds.some((f) => f.startLine === 0 && f.endLine === 1 && f.kind === 'comment'));

    const position = positionOf(text, '${balancer.publicIp}', 13);
    const [chain] = await client.request<SelectionRange[]>('textDocument/selectionRange', {
      textDocument: { uri },
      positions: [position],
    });
    assert.ok(chain);
    const lines = text.split('\n');
    const slice = (r: SelectionRange['range']) =>
      r.start.line === r.end.line ? lines[r.start.line]!.slice(r.start.character, r.end.character) : '(lines)';
    assert.equal(slice(chain.range), 'publicIp');
    assert.equal(slice(chain.parent!.range), '${balancer.publicIp}');
    let depth = 0;
    for (let r: SelectionRange | undefined = chain; r; r = r.parent) depth++;
    assert.ok(depth >= 6, `the chain reaches the document (${depth} ranges)`);
  });
});
