/**
 * The checks of an ETSI NFV package (ETSI GS NFV-SOL 004): TOSCA.meta, the manifest and every
 * file it lists, with the hashes recomputed. Codes TOSCA300–TOSCA339 (docs/tosca-diagnostic-codes.md).
 *
 * Severity follows what Tacker, the main open-source VNFM, does at onboarding: what it refuses is
 * an error; what SOL004 asks for and Tacker onboards without is a warning naming both. Tacker
 * skips the hash of image files (`.qcow2`, `.img`, …), so their faults are warnings too.
 */
import type { Diagnostic, Severity } from '../../types.js';
import type { KvLine } from '../../../model/tosca/package/keyValue.js';
import {
  META_BLOCK0_KEYS,
  META_ETSI_KEYS,
  metaLine,
  parseManifest,
  parseMeta,
  type ArtifactEntry,
  type Manifest,
} from '../../../model/tosca/package/manifest.js';
import {
  hashAlgorithmOf,
  isUrl,
  packageLayout,
  packagePath,
  type HashAlgorithm,
  type PackageFiles,
} from '../../../model/tosca/package/files.js';
import { readVnfdFacts } from '../../../model/tosca/package/vnfd.js';
import { checkMetadata } from './metadata.js';
import { suggestion } from '../../../util/suggest.js';

export interface PackageFinding {
  /** Package-relative path of the file the finding is in. */
  file: string;
  diagnostic: Diagnostic;
}

/** The extensions Tacker treats as images and does not hash (tacker/common/csar_utils.py). */
const IMAGE_EXT = /\.(raw|vhd|vhdx|vmdk|vdi|iso|ploop|qcow2|aki|ari|ami|img)$/i;

export class Findings {
  readonly list: PackageFinding[] = [];
  constructor(private readonly lengths: (file: string) => number[] | undefined) {}

  at(file: string, line: number, start: number, end: number, severity: Severity, code: string, message: string) {
    const diagnostic: Diagnostic = {
      range: { start: { line, character: start }, end: { line, character: end } },
      severity,
      code,
      message,
      source: 'lm-descriptors',
    };
    this.list.push({ file, diagnostic });
    return diagnostic;
  }

  /** On a whole `Key: value` line. */
  line(file: string, l: KvLine, severity: Severity, code: string, message: string) {
    return this.at(file, l.line, l.keyStart, Math.max(l.valueEnd, l.keyEnd + 1), severity, code, message);
  }

  /** On the value of a line (the key when the value is empty). */
  value(file: string, l: KvLine, severity: Severity, code: string, message: string) {
    return l.value
      ? this.at(file, l.line, l.valueStart, l.valueEnd, severity, code, message)
      : this.line(file, l, severity, code, message);
  }

  /** On the first line of a file. */
  first(file: string, severity: Severity, code: string, message: string) {
    const len = this.lengths(file)?.[0] ?? 0;
    return this.at(file, 0, 0, len, severity, code, message);
  }
}

/** Every (file, algorithm) whose hash the checks will ask for: the host computes them first. */
export function hashRequests(pkg: PackageFiles): { file: string; algorithm: HashAlgorithm }[] {
  const out: { file: string; algorithm: HashAlgorithm }[] = [];
  const have = new Set(pkg.files);
  const take = (entries: ArtifactEntry[]) => {
    for (const e of entries) {
      const src = e.source && packagePath(e.source.value);
      const alg = e.algorithm && hashAlgorithmOf(e.algorithm.value);
      if (src && alg && have.has(src)) out.push({ file: src, algorithm: alg });
    }
  };
  const layout = packageLayout(pkg.files);
  if (!layout) return out;
  const ctx = readParts(pkg, layout);
  if (ctx.meta) take(ctx.meta.files);
  if (ctx.manifest) take(ctx.manifest.parsed.artifacts);
  return out;
}

interface Parts {
  meta?: ReturnType<typeof parseMeta>;
  metaPath?: string;
  entry?: string;
  manifest?: { path: string; parsed: Manifest };
}

function readParts(pkg: PackageFiles, layout: NonNullable<ReturnType<typeof packageLayout>>): Parts {
  const parts: Parts = {};
  if (layout.kind === 'meta') {
    const text = pkg.readText(layout.meta);
    if (text === undefined) return parts;
    parts.meta = parseMeta(text);
    parts.metaPath = layout.meta;
    const entry = metaLine(parts.meta, 'Entry-Definitions')?.value;
    if (entry) parts.entry = packagePath(entry);
    const mf = metaLine(parts.meta, 'ETSI-Entry-Manifest')?.value;
    const mfPath = mf ? packagePath(mf) : undefined;
    const mfText = mfPath ? pkg.readText(mfPath) : undefined;
    if (mfPath && mfText !== undefined) parts.manifest = { path: mfPath, parsed: parseManifest(mfText) };
  } else {
    parts.entry = layout.entry;
    const base = layout.entry.replace(/\.ya?ml$/i, '');
    const mf = layout.manifests.find((m) => m.slice(0, -3) === base);
    const text = mf ? pkg.readText(mf) : undefined;
    if (mf && text !== undefined) parts.manifest = { path: mf, parsed: parseManifest(text) };
  }
  return parts;
}

/** The findings of a package; [] when the files are no package. */
export function checkPackage(pkg: PackageFiles): PackageFinding[] {
  const layout = packageLayout(pkg.files);
  if (!layout) return [];
  const lengthsOf = new Map<string, number[]>();
  const out = new Findings((f) => lengthsOf.get(f));
  const have = new Set(pkg.files);
  const parts = readParts(pkg, layout);
  if (parts.meta) lengthsOf.set(parts.metaPath!, parts.meta.kv.lengths);
  if (parts.manifest) lengthsOf.set(parts.manifest.path, parts.manifest.parsed.kv.lengths);

  if (layout.kind === 'meta') checkMeta(pkg, parts, have, out);
  else checkSingle(layout, parts, out);

  const mf = parts.manifest;
  if (mf) {
    const facts = parts.entry && have.has(parts.entry) ? readVnfdFacts(parts.entry, (r) => pkg.readText(r)) : undefined;
    checkMetadata(mf.path, mf.parsed, facts, out);
    const listed = checkEntries(pkg, mf.path, mf.parsed.artifacts, have, out);
    if (parts.meta) checkEntries(pkg, parts.metaPath!, metaHashed(parts.meta.files), have, out);
    checkUnlisted(pkg, parts, listed, facts?.artifactFiles ?? [], out);
    checkNonMano(mf.path, mf.parsed, have, out);
    checkSignatures(mf.path, mf.parsed, parts, have, out);
    for (const l of mf.parsed.stray) {
      out.line(
        mf.path,
        l,
        'warning',
        'TOSCA320',
        `\`${l.key}\` is neither metadata, a non-MANO artifact set nor part of a file's entry (\`Source\`, ` +
          '`Algorithm`, `Hash`, `Signature`, `Certificate`): ETSI GS NFV-SOL 004 §4.3.2. Blank lines separate entries.',
      );
    }
    for (const p of mf.parsed.kv.problems) {
      out.at(mf.path, p.line, p.start, p.end, 'error', 'TOSCA320', notKeyValue(p.text, 'manifest', '§4.3.2'));
    }
  } else if (parts.meta) {
    checkEntries(pkg, parts.metaPath!, metaHashed(parts.meta.files), have, out);
  }
  return out.list;
}

function notKeyValue(text: string, what: string, clause: string): string {
  const shown = text.length > 40 ? text.slice(0, 40) + '…' : text;
  return (
    `\`${shown}\` is not a \`Name: value\` line: the ${what} is written as \`Key: value\` lines in blocks ` +
    `separated by blank lines (ETSI GS NFV-SOL 004 ${clause}). Tacker reads the file as YAML and refuses the package.`
  );
}

function checkMeta(pkg: PackageFiles, parts: Parts, have: Set<string>, out: Findings): void {
  const file = parts.metaPath;
  const meta = parts.meta;
  if (!file || !meta) return;
  for (const p of meta.kv.problems)
    out.at(file, p.line, p.start, p.end, 'error', 'TOSCA300', notKeyValue(p.text, 'TOSCA.meta file', '§4.2'));
  if (!meta.block0) {
    out.first(
      file,
      'error',
      'TOSCA302',
      'This TOSCA.meta file has no `Entry-Definitions`: write `Entry-Definitions: <path of the main service ' +
        'template>` (ETSI GS NFV-SOL 004 §4.2). Tacker refuses the package.',
    );
    return;
  }
  const firstLine = meta.block0.lines[0]!;
  for (const key of META_BLOCK0_KEYS) {
    const l = metaLine(meta, key);
    if (key === 'Entry-Definitions') {
      if (!l || !l.value) {
        (l ? out.line.bind(out, file, l) : out.line.bind(out, file, firstLine))(
          'error',
          'TOSCA302',
          'Block 0 of TOSCA.meta needs `Entry-Definitions: <path of the main service template>` ' +
            '(ETSI GS NFV-SOL 004 §4.2); Tacker refuses a package without it.',
        );
      } else {
        const p = packagePath(l.value);
        if (!p || !have.has(p)) {
          out.value(
            file,
            l,
            'error',
            'TOSCA302',
            `\`Entry-Definitions\` names \`${l.value}\`, which is not a file of the ` +
              `package${suggest(l.value, pkg.files)}. ` +
              'It must name the main service template (ETSI GS NFV-SOL 004 §4.2); Tacker refuses the package.',
          );
        }
      }
      continue;
    }
    if (!l) {
      out.line(
        file,
        firstLine,
        'warning',
        'TOSCA301',
        `Block 0 of TOSCA.meta has no \`${key}\`, which ETSI GS NFV-SOL 004 §4.2 requires (TOSCA-Meta-File-Version ` +
          '1.0, CSAR-Version 1.1, Created-By). Tacker onboards the package without it; other NFVOs may not.',
      );
    } else if (l.key !== key) {
      out.line(
        file,
        l,
        'warning',
        'TOSCA301',
        `ETSI GS NFV-SOL 004 §4.2 spells this key \`${key}\`; Tacker reads \`${l.key}\` too, other NFVOs may not.`,
      );
    } else if (key === 'CSAR-Version' && l.value && l.value !== '1.1' && l.value !== '2.0') {
      out.value(
        file,
        l,
        'warning',
        'TOSCA301',
        `ETSI GS NFV-SOL 004 §4.2 asks for \`CSAR-Version: 1.1\`; this says ${l.value}.`,
      );
    }
  }
  for (const key of META_ETSI_KEYS) {
    const l = metaLine(meta, key);
    if (!l) continue;
    if (!l.value) {
      out.line(
        file,
        l,
        key === 'ETSI-Entry-Manifest' ? 'error' : 'warning',
        'TOSCA303',
        `\`${key}\` names no file: give the path of the file in the package (ETSI GS NFV-SOL 004 §4.2).`,
      );
      continue;
    }
    const p = packagePath(l.value);
    const isDir = p !== undefined && pkg.files.some((f) => f.startsWith(p.replace(/\/$/, '') + '/'));
    // Licenses and tests may name a folder (ETSI GS NFV-SOL 004 §4.3.6, §4.3.4).
    const folderOk = key === 'ETSI-Entry-Licenses' || key === 'ETSI-Entry-Tests';
    // Tacker looks at the name before it reads the file: a manifest not named `.mf` is refused either way.
    if (key === 'ETSI-Entry-Manifest' && !/\.mf$/i.test(l.value)) {
      out.value(
        file,
        l,
        'error',
        'TOSCA304',
        `The manifest must be a \`.mf\` file (ETSI GS NFV-SOL 004 §4.3.2); \`${l.value}\` is not. Tacker ` +
          `refuses the package ("does not contain valid manifest").`,
      );
    }
    if (p && (have.has(p) || (folderOk && isDir))) continue;
    const manifest = key === 'ETSI-Entry-Manifest';
    out.value(
      file,
      l,
      manifest ? 'error' : 'warning',
      'TOSCA303',
      `\`${key}\` names \`${l.value}\`, which is not ${folderOk ? 'a file or folder' : 'a file'} of the ` +
        `package${suggest(l.value, pkg.files)} ` +
        `(ETSI GS NFV-SOL 004 §4.2). ` +
        (manifest
          ? 'Tacker refuses the package: it reads the manifest at onboarding.'
          : 'Tacker does not read it; SOL004 requires it to exist.'),
    );
  }
  if (!metaLine(meta, 'ETSI-Entry-Manifest')) {
    const loose = pkg.files.filter((f) => /\.mf$/i.test(f));
    out.line(
      file,
      firstLine,
      'warning',
      'TOSCA305',
      'TOSCA.meta names no manifest (`ETSI-Entry-Manifest`), so no file of the package is checked against a hash. ' +
        'ETSI GS NFV-SOL 004 §4.2 and §4.3.2 require one; Tacker onboards packages without it.' +
        (loose.length ? ` The package holds ${loose.map((f) => '`' + f + '`').join(', ')}: name it there.` : ''),
    );
  }
  if (!metaLine(meta, 'ETSI-Entry-Change-Log')) {
    out.line(
      file,
      firstLine,
      'warning',
      'TOSCA306',
      'TOSCA.meta names no change log (`ETSI-Entry-Change-Log`), which ETSI GS NFV-SOL 004 §4.3.3 requires in a ' +
        'VNF package; Tacker onboards packages without it.',
    );
  }
}

function checkSingle(layout: { entry: string; manifests: string[] }, parts: Parts, out: Findings): void {
  const base = layout.entry.replace(/\.ya?ml$/i, '');
  for (const m of layout.manifests) {
    if (m.slice(0, -3) === base) continue;
    out.at(
      m,
      0,
      0,
      0,
      'error',
      'TOSCA307',
      `A package without TOSCA-Metadata takes its manifest from the root YAML file's name: \`${base}.mf\` for ` +
        `\`${layout.entry}\` (ETSI GS NFV-SOL 004 §4.3.2). Tacker refuses \`${m}\` ("an invalid name").`,
    );
  }
  if (!parts.manifest) return;
}

function suggest(written: string, files: readonly string[]): string {
  const base = written.split('/').pop()!.toLowerCase();
  const near = files.find((f) => f.split('/').pop()!.toLowerCase() === base);
  return suggestion(near);
}

/** Checks the entries; returns the package paths they list. */
/**
 * The blocks of TOSCA.meta that give a hash: the others (`Name` with `Content-Type` only) are the
 * TOSCA CSAR's file descriptions, which neither SOL004 nor Tacker checks.
 */
function metaHashed(entries: ArtifactEntry[]): ArtifactEntry[] {
  return entries.filter((e) => e.algorithm || e.hash);
}

function checkEntries(
  pkg: PackageFiles,
  file: string,
  entries: ArtifactEntry[],
  have: Set<string>,
  out: Findings,
): Set<string> {
  const listed = new Map<string, KvLine>();
  for (const e of entries) {
    const first = e.lines[0]!;
    if (!e.source) {
      out.line(
        file,
        first,
        'error',
        'TOSCA312',
        'This entry names no file: each entry starts with `Source: <path>` (ETSI GS NFV-SOL 004 §4.3.2). Tacker ' +
          'refuses the package.',
      );
      continue;
    }
    const src = e.source.value;
    const image = IMAGE_EXT.test(src);
    const tackerHashes = !image;
    if (!src) {
      out.line(
        file,
        e.source,
        'error',
        'TOSCA312',
        `\`${e.source.key}\` has no value: give the path of the file (ETSI GS NFV-SOL 004 §4.3.2). Tacker ` +
          `refuses the package.`,
      );
      continue;
    }
    const p = isUrl(src) ? undefined : packagePath(src);
    if (p) {
      const before = listed.get(p);
      if (before)
        out.value(
          file,
          e.source,
          'warning',
          'TOSCA317',
          `\`${src}\` is listed twice (also on line ${before.line + 1}); list each file once (ETSI GS NFV-SOL ` +
            `004 §4.3.2).`,
        );
      else listed.set(p, e.source);
    }
    // Tacker checks an entry only when it has an Algorithm or a Hash, and then wants both.
    if (!e.algorithm && !e.hash) {
      out.line(
        file,
        e.source,
        'warning',
        'TOSCA312',
        `\`${src}\` has no \`Algorithm\` and \`Hash\`: ETSI GS NFV-SOL 004 §4.3.2 and §5 give every file a ` +
          `hash. Tacker onboards the entry without checking it.`,
      );
    } else {
      for (const [k, l] of [
        ['Algorithm', e.algorithm],
        ['Hash', e.hash],
      ] as const) {
        if (!l)
          out.line(
            file,
            e.source,
            'error',
            'TOSCA312',
            `The entry of \`${src}\` has no \`${k}\`: with \`${k === 'Hash' ? 'Algorithm' : 'Hash'}\` it needs ` +
              `both (ETSI GS NFV-SOL 004 §4.3.2). Tacker refuses the package.`,
          );
        else if (!l.value)
          out.line(
            file,
            l,
            'error',
            'TOSCA312',
            `\`${k}\` has no value (ETSI GS NFV-SOL 004 §4.3.2). Tacker refuses the package.`,
          );
      }
      for (const l of e.lines) {
        if (['Source', 'Name', 'Algorithm', 'Hash', 'Content-Type'].includes(l.key)) continue;
        if (l.key === 'Signature' || l.key === 'Certificate') {
          out.line(
            file,
            l,
            'warning',
            'TOSCA319',
            `ETSI GS NFV-SOL 004 §5 allows a \`${l.key}\` per file, but Tacker refuses an entry with keys other ` +
              `than Source, Algorithm and Hash ("may not have the key").`,
          );
        } else {
          out.line(
            file,
            l,
            'error',
            'TOSCA312',
            `\`${l.key}\` is not a key of a file's entry (Source, Algorithm, Hash, Signature, Certificate: ETSI ` +
              `GS NFV-SOL 004 §4.3.2). Tacker refuses the package.`,
          );
        }
      }
    }
    let alg: HashAlgorithm | undefined;
    if (e.algorithm?.value) {
      alg = hashAlgorithmOf(e.algorithm.value);
      if (!alg) {
        out.value(
          file,
          e.algorithm,
          tackerHashes ? 'error' : 'warning',
          'TOSCA313',
          `\`${e.algorithm.value}\` is not a hash algorithm of ETSI GS NFV-SOL 004 §5: use SHA-224, SHA-256, ` +
            `SHA-384 or SHA-512. ` +
            `${tackerHashes ? 'Tacker refuses the package.' : 'Tacker does not check the entries of images.'}`,
        );
      }
    }
    if (isUrl(src)) {
      out.value(
        file,
        e.source,
        'information',
        'TOSCA314',
        `\`${src}\` is outside the package: it is not fetched here, so its hash is not checked (Tacker downloads ` +
          `it at onboarding).`,
      );
      continue;
    }
    if (!p || !have.has(p)) {
      out.value(
        file,
        e.source,
        tackerHashes ? 'error' : 'warning',
        'TOSCA314',
        `\`${src}\` is not a file of the package${suggest(src, pkg.files)}: every entry names a file the package ` +
          `holds (ETSI GS NFV-SOL 004 §4.3.2). ` +
          (tackerHashes
            ? 'Tacker refuses the package ("an invalid value").'
            : 'Tacker does not check the entries of images.'),
      ).data = { fixes: [{ fix: 'package-remove-entry', file: src }] };
      continue;
    }
    if (!alg || !e.hash?.value) continue;
    const actual = pkg.hashOf(p, alg);
    if (actual === 'pending' || actual === undefined) continue;
    const written = e.hash.value;
    if (written === actual) continue;
    const caseOnly = written.toLowerCase() === actual;
    const d = out.value(
      file,
      e.hash,
      tackerHashes || caseOnly ? (tackerHashes ? 'error' : 'warning') : 'warning',
      'TOSCA315',
      caseOnly
        ? `This ${e.algorithm!.value} hash is written in upper case; Tacker compares it with the lowercase hex ` +
            'value and refuses the package. Write it in lower case (ETSI GS NFV-SOL 004 §5).'
        : `The ${e.algorithm!.value} hash of \`${src}\` is ${actual}, not this ` +
            '(ETSI GS NFV-SOL 004 §5: the manifest holds the hash of each file). ' +
            (tackerHashes
              ? 'Tacker refuses the package ("an invalid value").'
              : 'Tacker does not check the hashes of images; SOL004 does.'),
    );
    d.data = { fixes: [{ fix: 'package-hash', hash: actual }] };
  }
  return new Set(listed.keys());
}

function checkUnlisted(
  pkg: PackageFiles,
  parts: Parts,
  listed: Set<string>,
  artifacts: { file: string; from: string }[],
  out: Findings,
): void {
  const mf = parts.manifest!;
  const exempt = new Set([mf.path, parts.metaPath ?? '']);
  // The manifest's own certificate and signature files are not listed in it.
  const base = mf.path.replace(/\.mf$/i, '');
  for (const ext of ['.cert', '.crt', '.pem', '.sig', '.p7s', '.cms']) exempt.add(base + ext);
  const cert = parts.meta ? metaLine(parts.meta, 'ETSI-Entry-Certificate')?.value : undefined;
  if (cert) exempt.add(packagePath(cert) ?? '');
  for (const e of mf.parsed.artifacts) {
    for (const l of [e.signature, e.certificate]) if (l?.value) exempt.add(packagePath(l.value) ?? '');
  }
  const fromVnfd = new Map(artifacts.map((a) => [a.file, a.from]));
  for (const f of pkg.files) {
    if (listed.has(f) || exempt.has(f)) continue;
    const by = fromVnfd.get(f);
    out.at(
      mf.path,
      0,
      0,
      mf.parsed.kv.lengths[0] ?? 0,
      'warning',
      'TOSCA316',
      `\`${f}\` is in the package but not in the manifest${by ? ` (an artifact of \`${by}\`)` : ''}: ETSI GS ` +
        `NFV-SOL 004 §4.3.2 lists every file with its hash. Tacker onboards the package without it.`,
    ).data = { fixes: [{ fix: 'package-add-entries', files: [f] }] };
  }
}

function checkNonMano(file: string, mf: Manifest, have: Set<string>, out: Findings): void {
  const nm = mf.nonMano;
  if (!nm) return;
  if (nm.sets.length === 0)
    out.line(
      file,
      nm.header,
      'warning',
      'TOSCA318',
      '`non_mano_artifact_sets` holds no set: each set is a key with `Source:` lines under it (ETSI GS NFV-SOL ' +
        '004 §4.3.7).',
    );
  for (const l of nm.stray)
    out.line(
      file,
      l,
      'warning',
      'TOSCA318',
      `\`${l.key}\` is not under a set of \`non_mano_artifact_sets\` (ETSI GS NFV-SOL 004 §4.3.7).`,
    );
  const names = new Set<string>();
  for (const s of nm.sets) {
    if (names.has(s.name.key))
      out.line(
        file,
        s.name,
        'warning',
        'TOSCA318',
        `The set \`${s.name.key}\` is declared twice (ETSI GS NFV-SOL 004 §4.3.7).`,
      );
    names.add(s.name.key);
    if (s.sources.length === 0)
      out.line(
        file,
        s.name,
        'warning',
        'TOSCA318',
        `The set \`${s.name.key}\` lists no file: write \`Source: <path>\` lines under it (ETSI GS NFV-SOL 004 ` +
          `§4.3.7).`,
      );
    for (const l of s.others)
      out.line(
        file,
        l,
        'warning',
        'TOSCA318',
        `\`${l.key}\` is not \`Source\`: a non-MANO artifact set lists files as \`Source: <path>\` lines (ETSI ` +
          `GS NFV-SOL 004 §4.3.7).`,
      );
    for (const l of s.sources) {
      const p = packagePath(l.value);
      if (!l.value || (!isUrl(l.value) && (!p || !have.has(p)))) {
        out.value(
          file,
          l,
          'warning',
          'TOSCA318',
          `\`${l.value}\` is not a file of the package (ETSI GS NFV-SOL 004 §4.3.7). Tacker does not read the ` +
            `non-MANO artifact sets.`,
        );
      }
    }
  }
}

function checkSignatures(file: string, mf: Manifest, parts: Parts, have: Set<string>, out: Findings): void {
  for (const a of mf.kv.armour) {
    if (!a.closed) {
      out.at(
        file,
        a.start,
        0,
        mf.kv.lengths[a.start] ?? 0,
        'error',
        'TOSCA319',
        `\`-----BEGIN ${a.label}-----\` has no \`-----END ${a.label}-----\` line: the signature is cut short ` +
          `(ETSI GS NFV-SOL 004 §5).`,
      );
    } else if (a.label !== 'CMS' && a.label !== 'CERTIFICATE') {
      out.at(
        file,
        a.start,
        0,
        mf.kv.lengths[a.start] ?? 0,
        'warning',
        'TOSCA319',
        `The manifest's signature is a CMS structure (\`-----BEGIN CMS-----\`, ETSI GS NFV-SOL 004 §5); this is ` +
          `\`${a.label}\`.`,
      );
    }
  }
  for (const e of mf.artifacts) {
    for (const l of [e.signature, e.certificate]) {
      if (!l?.value) continue;
      const p = packagePath(l.value);
      if (!p || !have.has(p))
        out.value(
          file,
          l,
          'warning',
          'TOSCA319',
          `\`${l.value}\` is not a file of the package (ETSI GS NFV-SOL 004 §5).`,
        );
    }
  }
  // A signed manifest needs the certificate to verify it: inside the CMS or as a file (ETSI GS NFV-SOL 004 §5).
  const signed = mf.kv.armour.some((a) => a.label === 'CMS' && a.closed);
  const cert = parts.meta && metaLine(parts.meta, 'ETSI-Entry-Certificate');
  const certFile = [...have].some((f) => /\.(cert|crt|pem)$/i.test(f));
  if (signed && !cert && !certFile && !mf.kv.armour.some((a) => a.label === 'CERTIFICATE')) {
    const a = mf.kv.armour.find((x) => x.label === 'CMS')!;
    out.at(
      file,
      a.start,
      0,
      mf.kv.lengths[a.start] ?? 0,
      'information',
      'TOSCA319',
      "The manifest is signed; the signer's certificate must be in the CMS structure or in a certificate file " +
        'named by `ETSI-Entry-Certificate` (ETSI GS NFV-SOL 004 §5). Check that the CMS carries it.',
    );
  }
}
