/**
 * The package phase of `npm run bench`: a 200 MB ETSI NFV package (a 150 MB image, ten 5 MB
 * charts, a VNFD, a manifest with the SHA-256 of every file) generated in a temp folder, as a
 * folder and as a deflated `.csar`. It times `lm-descriptors check` on each (a fresh process) and
 * node's own SHA-256 of the same bytes, read from disk the same way, so the checker's hashing rate
 * is seen against what node can do at all.
 */
import { spawn } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { deflateRawSync } from 'node:zlib';

export interface PackageFigures {
  mb: number;
  imageMB: number;
  /** node's own SHA-256 of every file, read in 1 MiB chunks. */
  nodeSha256MBs: number;
  folderMs: number;
  folderMBs: number;
  archiveMs: number;
  archiveMBs: number;
  archiveMB: number;
  /** The checker's summary lines (errors would mean the generated package is wrong). */
  folderSummary?: string;
  archiveSummary?: string;
}

const MiB = 1024 * 1024;

function pseudoRandom(bytes: number, seed: number): Uint8Array {
  const b = new Uint8Array(bytes);
  // Random bytes do not compress: the archive's deflate work is the worst case.
  randomFillSync(b);
  b[0] = seed & 0xff;
  return b;
}

function sha256(b: Uint8Array): string {
  return createHash('sha256').update(b).digest('hex');
}

/** Writes the package; returns its files (relative path -> bytes). */
function generate(dir: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const enc = new TextEncoder();
  files.set('Files/images/image.qcow2', pseudoRandom(150 * MiB, 1));
  for (let i = 0; i < 10; i++) files.set(`Files/charts/chart${i}.tgz`, pseudoRandom(5 * MiB, i + 2));
  files.set(
    'Definitions/vnfd.yaml',
    enc.encode(
      'tosca_definitions_version: tosca_simple_yaml_1_3\ndescription: bench VNF\ntopology_template:\n' +
        '  node_templates:\n    VDU1:\n      type: tosca.nodes.Compute\n      artifacts:\n        image:\n' +
        '          file: ../Files/images/image.qcow2\n',
    ),
  );
  files.set('ChangeLog.txt', enc.encode('1.0: bench\n'));
  const entries = [...files.keys()]
    .sort()
    .map((f) => `Source: ${f}\nAlgorithm: SHA-256\nHash: ${sha256(files.get(f)!)}\n`);
  files.set(
    'manifest.mf',
    enc.encode(
      'metadata:\n  vnf_provider_id: Bench\n  vnf_product_name: Bench VNF\n' +
        '  vnf_release_date_time: 2024-01-31T10:00:00Z\n  vnf_package_version: 1.0\n\n' +
        entries.join('\n'),
    ),
  );
  files.set(
    'TOSCA-Metadata/TOSCA.meta',
    enc.encode(
      'TOSCA-Meta-File-Version: 1.0\nCSAR-Version: 1.1\nCreated-By: bench\nEntry-Definitions: Definitions/vnfd.yaml\n' +
        'ETSI-Entry-Manifest: manifest.mf\nETSI-Entry-Change-Log: ChangeLog.txt\n',
    ),
  );
  for (const [rel, b] of files) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), b);
  }
  return files;
}

/** A deflated zip (level 1), written entry by entry. */
function writeZip(file: string, files: Map<string, Uint8Array>): void {
  const fd = openSync(file, 'w');
  const central: Uint8Array[] = [];
  let offset = 0;
  const put = (b: Uint8Array) => {
    writeSync(fd, b);
    offset += b.length;
  };
  for (const [name, data] of files) {
    const body = deflateRawSync(data, { level: 1 });
    const nameBuf = new TextEncoder().encode(name);
    const head = (size: number) => new DataView(new ArrayBuffer(size));
    const local = head(30);
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, 0x0800, true);
    local.setUint16(8, 8, true);
    local.setUint32(18, body.length, true);
    local.setUint32(22, data.length, true);
    local.setUint16(26, nameBuf.length, true);
    const cd = head(46);
    cd.setUint32(0, 0x02014b50, true);
    cd.setUint16(4, 20, true);
    cd.setUint16(6, 20, true);
    cd.setUint16(8, 0x0800, true);
    cd.setUint16(10, 8, true);
    cd.setUint32(20, body.length, true);
    cd.setUint32(24, data.length, true);
    cd.setUint16(28, nameBuf.length, true);
    cd.setUint32(42, offset, true);
    central.push(new Uint8Array(cd.buffer), nameBuf);
    put(new Uint8Array(local.buffer));
    put(nameBuf);
    put(new Uint8Array(body.buffer, body.byteOffset, body.length));
  }
  const cdStart = offset;
  for (const c of central) put(c);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, files.size, true);
  end.setUint16(10, files.size, true);
  end.setUint32(12, offset - cdStart, true);
  end.setUint32(16, cdStart, true);
  put(new Uint8Array(end.buffer));
  closeSync(fd);
}

function nodeSha256(dir: string, files: Iterable<string>): number {
  const t0 = performance.now();
  const buf = new Uint8Array(MiB);
  for (const rel of files) {
    const fd = openSync(path.join(dir, rel), 'r');
    const h = createHash('sha256');
    for (let pos = 0; ;) {
      const n = readSync(fd, buf, 0, MiB, pos);
      if (n <= 0) break;
      h.update(buf.subarray(0, n));
      pos += n;
    }
    h.digest('hex');
    closeSync(fd);
  }
  return performance.now() - t0;
}

function timeCheck(
  cliJs: string,
  nodeFlags: string[],
  target: string,
  cwd: string,
): Promise<{ ms: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(process.execPath, [...nodeFlags, cliJs, 'check', '--no-cache', target], {
      cwd,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    p.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
    const timer = setTimeout(() => p.kill('SIGKILL'), 300_000);
    p.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0 || code === 1) resolve({ ms: performance.now() - t0, stderr });
      else reject(new Error(`exit ${code}: ${stderr}`));
    });
  });
}

export async function packagePhase(
  cliJs: string,
  nodeFlags: string[],
  log: (s: string) => void,
): Promise<PackageFigures> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'lm-bench-pkg-'));
  try {
    const dir = path.join(work, 'pkg');
    const files = generate(dir);
    const bytes = [...files.values()].reduce((n, b) => n + b.length, 0);
    const csar = path.join(work, 'pkg.csar');
    writeZip(csar, files);
    const archiveBytes = statSync(csar).size;
    files.clear();
    const mb = bytes / MiB;
    // Warm the page cache once (not counted), then measure.
    nodeSha256(dir, HASHED);
    const shaMs = nodeSha256(dir, HASHED);
    const folder = await timeCheck(cliJs, nodeFlags, 'pkg', work);
    const archive = await timeCheck(cliJs, nodeFlags, 'pkg.csar', work);
    const summary = (s: string) => /(\d+) files? checked: [^\n]*/.exec(s)?.[0];
    const fig: PackageFigures = {
      mb,
      imageMB: 150,
      nodeSha256MBs: mb / (shaMs / 1000),
      folderMs: folder.ms,
      folderMBs: mb / (folder.ms / 1000),
      archiveMs: archive.ms,
      archiveMBs: mb / (archive.ms / 1000),
      archiveMB: archiveBytes / MiB,
    };
    const fs = summary(folder.stderr);
    const as = summary(archive.stderr);
    if (fs) fig.folderSummary = fs;
    if (as) fig.archiveSummary = as;
    log(
      `package of ${mb.toFixed(0)} MB: node SHA-256 ${fig.nodeSha256MBs.toFixed(0)} MB/s; check folder ` +
        `${(folder.ms / 1000).toFixed(2)} s (${fig.folderMBs.toFixed(0)} MB/s), check .csar ` +
        `${(archive.ms / 1000).toFixed(2)} s (${fig.archiveMBs.toFixed(0)} MB/s, inflate included)`,
    );
    return fig;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The files the manifest lists (the hashed bytes). */
const HASHED = [
  'Files/images/image.qcow2',
  ...Array.from({ length: 10 }, (_, i) => `Files/charts/chart${i}.tgz`),
  'Definitions/vnfd.yaml',
  'ChangeLog.txt',
];
