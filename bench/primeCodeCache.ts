/**
 * One server session that writes the V8 code cache as a user's session would: the server on `root` (its own
 * index cache folder, removed after), `file` opened once ready, then 3 s for the cache write (serverBin.ts writes
 * it 1.5 s after the first check of a language pack it did not cover). The cache goes to `$XDG_CACHE_HOME`, so
 * the sessions after it (e.g. `bench/abToscaFirstOpen.ts` with the same `XDG_CACHE_HOME`) start as the bench's
 * `tosca` phase does, after its `server` phase:
 *
 *   XDG_CACHE_HOME=DIR node --import tsx bench/primeCodeCache.ts <dist/server.js> <root> <file>
 */
import { readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BenchClient } from './lspClient.js';

async function main(): Promise<void> {
  const [serverJs, root, file] = process.argv.slice(2);
  if (!serverJs || !root || !file) throw new Error('usage: primeCodeCache.ts <dist/server.js> <root> <file>');
  const cacheDir = path.join(os.tmpdir(), `lm-prime-${process.pid}`);
  const client = new BenchClient(serverJs, path.dirname(path.dirname(serverJs)), []);
  try {
    await client.initializeWorkspace(root, { initializationOptions: { cacheDir } });
    await client.waitFor(() => client.statuses.find((x) => x.state === 'ready'), 180_000, 'ready');
    const uri = pathToFileURL(file).href;
    client.notify('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text: readFileSync(file, 'utf8') },
    });
    await client.waitFor(() => client.publications.find((x) => x.uri === uri), 60_000, 'diagnostics');
    await new Promise((r) => setTimeout(r, 3000));
  } finally {
    await client.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}
void main();
