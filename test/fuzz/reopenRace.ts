/**
 * A targeted probe (not part of `npm test`) for a race the random fuzzer cannot see on small files:
 * a document is closed and reopened with another text while the diagnostics of its old text are
 * still being computed (the rules run in 15 ms slices, and messages are handled in between). The
 * old run's result must be dropped; if it is published after the close, it carries version 1 of
 * the reopened document although it describes the old text.
 *
 *   npm run build && node --import tsx test/fuzz/reopenRace.ts [properties=3000] [delays=160,190,...]
 *
 * Exits 1 when a stale publication was seen. Which delays hit the window depends on the machine:
 * the probe tries several.
 */
import { LspClient, fileUri, type Diagnostic } from '../support/protocolClient.js';
import { fillerResource, tempWorkspace } from '../support/protocolWorkspace.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const signature = (ds: readonly Diagnostic[]) => ds.map((d) => `${String(d.code)}@${d.range.start.line}`).join(',');

async function main(): Promise<number> {
  const n = Number(process.argv[2] ?? 3000);
  const delays = (process.argv[3] ?? '100,130,160,190,220,250,280,310,340,370,400').split(',').map(Number);
  const ws = tempWorkspace('reopen-race');
  const rel = 'Contains/big/Definitions/lm/resource.yaml';
  // Many ${...} references, so that the rules (not only the parse) take several slices.
  const oldText = fillerResource(0, n).replace(
    /default: value-0-(\d+)/g,
    (_, k) => `default: \${prop${(Number(k) + 1) % n}}`,
  );
  const newText = oldText.replace('properties:\n', 'properties:\n  badProp:\n    type: strin\n    bogusKey: 1\n');
  ws.write(rel, oldText);
  const c = new LspClient();
  let stale = 0;
  try {
    await c.initialize(ws.dir, { disableCache: true, settings: { diagnostics: { debounceMs: 0 } } });
    await c.waitForStatus('ready');
    const uri = fileUri(ws.file(rel));
    c.open(uri, oldText);
    const oldSig = signature((await c.waitForDiagnostics(uri, () => true, 30000)).diagnostics);
    c.close(uri);
    await sleep(300);
    for (const delay of delays) {
      const m = c.mark();
      c.open(uri, oldText);
      await sleep(delay);
      c.close(uri);
      c.open(uri, newText);
      await sleep(2500);
      const pubs = c.diagnosticsFor(uri).filter((p) => p.seq > m);
      const closedAt = pubs.findIndex((p) => p.version === undefined);
      const bad = pubs.slice(closedAt + 1).filter((p) => signature(p.diagnostics) === oldSig);
      const shape = pubs
        .map((p) =>
          p.version === undefined ? 'close' : `v${p.version}:${signature(p.diagnostics) === oldSig ? 'old' : 'new'}`,
        )
        .join(' ');
      console.log(`delay ${delay} ms: ${shape}${bad.length ? '  <- old text published after the close as v1' : ''}`);
      stale += bad.length;
      c.close(uri);
      await sleep(300);
    }
  } finally {
    await c.shutdown();
    ws.cleanup();
  }
  console.log(stale ? `${stale} stale publication(s)` : 'no stale publication seen');
  return stale ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(2);
  },
);
