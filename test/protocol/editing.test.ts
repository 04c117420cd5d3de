/**
 * What the protocol carries for editing help: completion items whose value has a list of its own
 * re-open completion with the client's command (VS Code names `editor.action.triggerSuggest` in its
 * initialization options), and the "map required property" fix goes out as a snippet edit to clients
 * that apply them (LSP 3.18 `snippetEditSupport`), as plain text to the others.
 *
 * Needs `npm run build` first.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LspClient, fileUri, positionOf } from '../support/protocolClient.js';
import { tempWorkspace, type TempWorkspace } from '../support/protocolWorkspace.js';

const T = { timeout: 30000 };

const RESOURCE = `name: resource::fw::1.0
properties:
  zone:
    type: string
    required: true
lifecycle:
  Create: {}
`;
const ASSEMBLY = `name: assembly::edge::1.0
composition:
  fw:
    type: resource::fw::1.0
    properties:
      deploymentLocation:
        value: dl
      resourceManager:
        value: brent
  other:
    ty
`;

interface Action {
  title: string;
  edit: {
    changes?: Record<string, { newText: string }[]>;
    documentChanges?: {
      textDocument: { uri: string };
      edits: ({ newText: string } | { snippet: { value: string } })[];
    }[];
  };
}

async function session(ws: TempWorkspace, snippets: boolean): Promise<LspClient> {
  const client = new LspClient();
  await client.initialize(
    ws.dir,
    { disableCache: true, settings: { diagnostics: { debounceMs: 0 } }, triggerSuggestCommand: 'my.suggest' },
    snippets
      ? {
          workspace: {
            configuration: false,
            workspaceFolders: true,
            workspaceEdit: { documentChanges: true, snippetEditSupport: true },
          },
        }
      : {},
  );
  await client.waitForStatus('ready', 20000);
  return client;
}

describe('editing help over the protocol', () => {
  let ws: TempWorkspace;
  before(() => {
    ws = tempWorkspace('editing', null);
    ws.write('fw/Definitions/lm/resource.yaml', RESOURCE);
    ws.write('edge/Descriptor/assembly.yml', ASSEMBLY);
  });
  after(() => ws?.cleanup());

  for (const snippets of [true, false]) {
    test(
      `completion re-opens after \`type\`; the LM048 fix ${snippets ? 'is a snippet edit' : 'is plain text'}`,
      T,
      async () => {
        const client = await session(ws, snippets);
        try {
          const uri = fileUri(ws.file('edge/Descriptor/assembly.yml'));
          client.open(uri, ASSEMBLY);
          const items = await client.completion(uri, positionOf(ASSEMBLY, '    ty\n', 6));
          const type = items.find((i) => i.label === 'type');
          assert.deepEqual(type?.command, { title: 'Suggest', command: 'my.suggest' });
          assert.equal(items.find((i) => i.label === 'quantity')?.command, undefined);
          assert.ok(!items.some((i) => 'retrigger' in i), 'the internal marker stays in the server');
          const at = positionOf(ASSEMBLY, '  fw:', 2);
          const actions = await client.request<Action[]>('textDocument/codeAction', {
            textDocument: { uri },
            range: { start: at, end: at },
            context: { diagnostics: [] },
          });
          const fix = actions.find((a) => a.title === 'Map required property `zone`');
          assert.ok(fix, JSON.stringify(actions.map((a) => a.title)));
          if (snippets) {
            const edit = fix.edit.documentChanges?.[0]?.edits[0];
            assert.deepEqual(edit && 'snippet' in edit ? edit.snippet : undefined, {
              kind: 'snippet',
              value: '      zone:\n        value: $1\n',
            });
          } else {
            assert.equal(fix.edit.changes?.[uri]?.[0]?.newText, '      zone:\n        value: \n');
          }
        } finally {
          await client.shutdown();
        }
      },
    );
  }
});
