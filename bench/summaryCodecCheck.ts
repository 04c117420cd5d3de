/**
 * The compact summary form (server/src/model/summaryCodec.ts) against plain JSON, over real files:
 *
 *   node --import tsx bench/summaryCodecCheck.ts <root>... [--rounds N]
 *
 * summarises every YAML and JSON file under the roots as the index does (`summariseFile`, then what the
 * index keeps), and checks that decoding the compact form gives what `JSON.parse(JSON.stringify(summary))`
 * gave: one hash of every summary each way (keys in sorted order), the files that differ, the files the
 * compact form could not hold (stored as plain JSON), and the sizes. It also compares the summary object itself
 * (what a cold build keeps until its idle encoding, `LazySummary.kept`) with its decoded form, strictly: a key set
 * to `undefined` is not an absent key, a non-finite number is not `null`. With `--rounds N`, the CPU time of
 * N rounds of each way (stringify / parse against encode / decode) in this process. For TOSCA files and descriptors,
 * the header a cold build reads of a file it holds (`toscaTreeHeader` from the tree; `summariseDescriptorHeadline`)
 * against the summary's.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { descriptorHeaderOf, headerOf, toscaTreeHeader } from '../server/src/index/cache.js';
import { summariseFile, summaryTree } from '../server/src/model/document.js';
import { isDescriptorKind } from '../server/src/model/kinds.js';
import { summariseDescriptorHeadline } from '../server/src/model/lm/summary.js';
import type { FileSummary } from '../server/src/model/summary.js';
import { decodeSummary, encodeSummary } from '../server/src/model/summaryCodec.js';

const args = process.argv.slice(2);
const ri = args.indexOf('--rounds');
const rounds = ri >= 0 ? Number(args[ri + 1]) : 0;
const roots = args.filter((a, i) => !a.startsWith('--') && (ri < 0 || i !== ri + 1));

/** The YAML and JSON files under `root`, sorted. */
function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile() && /\.(ya?ml|json)$/i.test(e.name)) out.push(full);
    }
  };
  walk(root);
  return out.sort();
}

/** The same value with every object's keys sorted: the hash compares content, whatever the key order. */
const canon = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canon)
    : v !== null && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, canon((v as Record<string, unknown>)[k])]),
        )
      : v;

/** As `canon`, but what JSON would blur stays apart: `undefined` (kept as a key), NaN, infinities. */
const strict = (v: unknown): unknown =>
  v === undefined
    ? { $undefined: true }
    : typeof v === 'number' && !Number.isFinite(v)
      ? { $number: String(v) }
      : Array.isArray(v)
        ? v.map(strict)
        : v !== null && typeof v === 'object'
          ? Object.fromEntries(
              Object.keys(v)
                .sort()
                .map((k) => [k, strict((v as Record<string, unknown>)[k])]),
            )
          : v;

const summaries: { p: string; s: FileSummary }[] = [];
/** TOSCA files and descriptors whose header from the headline (what a cold build reads of a file it holds) differs. */
let headlines = 0;
let headlineDiffer = 0;
for (const root of roots)
  for (const p of listFiles(root)) {
    const text = readFileSync(p, 'utf8');
    const { summary } = summariseFile(p, text);
    summaries.push({ p, s: summary });
    if (summary.kind !== 'tosca' && !isDescriptorKind(summary.kind)) continue;
    headlines++;
    const root = summaryTree(p, text).root;
    const headline =
      summary.kind === 'tosca' ? toscaTreeHeader(root) : descriptorHeaderOf(summariseDescriptorHeadline(root));
    if (JSON.stringify(strict(headline)) !== JSON.stringify(strict(headerOf(summary)))) {
      headlineDiffer++;
      if (headlineDiffer <= 5) console.log(`the headline's header differs: ${p}`);
    }
  }
console.log(`${headlines} TOSCA files and descriptors: ${headlineDiffer} whose headline gives another header`);

const plainHash = createHash('sha256');
const compactHash = createHash('sha256');
let differ = 0;
/** Same content, keys in another order (the decoder writes them in schema order). */
let keyOrder = 0;
let plainForm = 0;
/** The summary object and its decoded compact form differ (strictly, see `strict`). */
let keptDiffer = 0;
let plainBytes = 0;
let compactBytes = 0;
const kinds = new Map<string, number>();
for (const { p, s } of summaries) {
  const json = JSON.stringify(s);
  const text = encodeSummary(s);
  plainBytes += json.length;
  compactBytes += text.length;
  kinds.set(s.kind, (kinds.get(s.kind) ?? 0) + 1);
  if (!text.startsWith('[')) {
    plainForm++;
    console.log(`plain JSON: ${p}`);
  }
  const a = JSON.stringify(canon(JSON.parse(json)));
  const b = JSON.stringify(canon(decodeSummary(s.kind, text)));
  plainHash.update(a + '\n');
  compactHash.update(b + '\n');
  if (JSON.stringify(strict(s)) !== JSON.stringify(strict(decodeSummary(s.kind, text)))) {
    keptDiffer++;
    if (keptDiffer <= 5) console.log(`the object differs from its decoded form: ${p}`);
  }
  if (a !== b) {
    differ++;
    if (differ <= 5) console.log(`differs: ${p}`);
  } else if (JSON.stringify(decodeSummary(s.kind, text)) !== json) {
    keyOrder++;
    if (keyOrder <= 3) console.log(`keys in another order: ${p}`);
  }
}
console.log(
  `${summaries.length} files (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}): ${differ} differ, ` +
    `${keyOrder} with keys in another order, ${plainForm} kept as plain JSON, ` +
    `${keptDiffer} whose object differs from its decoded form; ` +
    `JSON ${(plainBytes / 1e6).toFixed(2)} MB, ` +
    `compact ${(compactBytes / 1e6).toFixed(2)} MB`,
);
console.log(`hash of the JSON round trip ${plainHash.digest('hex').slice(0, 16)}`);
console.log(`hash of the compact round trip ${compactHash.digest('hex').slice(0, 16)}`);

const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
for (let r = 0; r < rounds; r++) {
  let t = cpu();
  const jsons = summaries.map(({ s }) => JSON.stringify(s));
  const stringify = cpu() - t;
  t = cpu();
  for (const j of jsons) JSON.parse(j);
  const parse = cpu() - t;
  t = cpu();
  const texts = summaries.map(({ s }) => encodeSummary(s));
  const encode = cpu() - t;
  t = cpu();
  for (let i = 0; i < texts.length; i++) decodeSummary(summaries[i]!.s.kind, texts[i]!);
  const decode = cpu() - t;
  const f = (x: number) => x.toFixed(0);
  console.log(
    `round ${r + 1}: stringify ${f(stringify)} / parse ${f(parse)} ms; encode ${f(encode)} / decode ${f(decode)} ms`,
  );
}
