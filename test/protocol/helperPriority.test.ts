/**
 * V8's helper threads (the optimising compiler, the concurrent collector) are lowered below the server's main thread
 * from the first open after `ready`, not only from the first edit (server.ts, host/threadPriority.ts): the opens right
 * after the first one met the compiler's work on the rules it ran. Read from `/proc/<pid>/task/<tid>/stat` (Linux).
 *
 * Needs `npm run build` first.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { LspClient, fileUri } from '../support/protocolClient.js';
import { ASSEMBLY, tempWorkspace, type TempWorkspace } from '../support/protocolWorkspace.js';
import { HELPER_NICE } from '../../server/src/host/threadPriority.js';

/** The nice value of each thread of `pid` but the main one, and the main thread's. */
function niceValues(pid: number): { main: number; helpers: number[] } {
  // The 19th field of stat, the 17th after the command name's closing parenthesis.
  const nice = (t: string) =>
    Number(readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8').split(')').pop()!.trim().split(' ')[16]);
  const tasks = readdirSync(`/proc/${pid}/task`);
  return { main: nice(String(pid)), helpers: tasks.filter((t) => t !== String(pid)).map(nice) };
}

describe(
  'the helper threads yield to the main thread from the first open',
  { skip: process.platform !== 'linux' },
  () => {
    let ws: TempWorkspace;
    let client: LspClient;

    before(
      async () => {
        ws = tempWorkspace('helper-priority');
        client = new LspClient();
        await client.initialize(ws.dir, { disableCache: true, settings: { diagnostics: { debounceMs: 0 } } });
        await client.waitForStatus('ready', 20000);
      },
      { timeout: 30000 },
    );

    after(async () => {
      await client?.shutdown();
      ws?.cleanup();
    });

    test(
      'none lowered at ready; lowered once a document is opened, the main thread never',
      { timeout: 30000 },
      async () => {
        const pid = client.proc.pid!;
        const atReady = niceValues(pid);
        assert.equal(atReady.main, 0);
        assert.deepEqual(
          atReady.helpers.filter((n) => n !== 0),
          [],
          'a cold build keeps its helpers at full speed until ready',
        );
        const uri = fileUri(ws.file(ASSEMBLY));
        client.open(uri, ws.read(ASSEMBLY));
        await client.waitForDiagnostics(uri, (_, p) => p.version === 1, 20000);
        const opened = niceValues(pid);
        assert.equal(opened.main, 0);
        // V8's workers exist from the start; a thread started later (libuv's pool) keeps the main thread's value.
        assert.ok(
          opened.helpers.filter((n) => n === HELPER_NICE).length >= 1,
          `helpers' nice values after the open: ${opened.helpers.join(', ')}`,
        );
      },
    );
  },
);
