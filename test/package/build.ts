/**
 * Small ETSI NFV packages for the package tests: a correct one (TOSCA.meta, a manifest with the
 * SHA-256 of every file, a VNFD naming its provider and product), written to a temp folder, then
 * changed one mistake at a time; and a minimal zip writer (stored and deflated entries) to compare
 * a folder with the same package as a `.csar`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { deflateRawSync } from 'node:zlib';

export const VNFD = `tosca_definitions_version: tosca_simple_yaml_1_3
description: Sample VNF
imports:
  - vnf_types.yaml
topology_template:
  node_templates:
    VNF:
      type: company.sample.VNF
      properties:
        flavour_description: simple
    VDU1:
      type: tosca.nodes.nfv.Vdu.Compute
      properties:
        name: VDU1
        description: VDU1
        vdu_profile:
          min_number_of_instances: 1
          max_number_of_instances: 1
      artifacts:
        image:
          type: tosca.artifacts.nfv.SwImage
          file: ../Files/images/disk.qcow2
`;

export const TYPES = `tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  company.sample.VNF:
    derived_from: tosca.nodes.nfv.VNF
    properties:
      provider:
        type: string
        constraints: [ valid_values: [ Company ] ]
        default: Company
      product_name:
        type: string
        default: Sample VNF
`;

export function sha256(s: string | Uint8Array): string {
  return createHash('sha256').update(s).digest('hex');
}

/** The files of the correct package (relative path -> content). */
export function goodPackage(): Record<string, string> {
  const files: Record<string, string> = {
    'Definitions/vnfd.yaml': VNFD,
    'Definitions/vnf_types.yaml': TYPES,
    'Files/images/disk.qcow2': 'not really an image\n',
    'Scripts/install.sh': '#!/bin/sh\necho installed\n',
    'ChangeLog.txt': 'v1.0: first release\n',
  };
  const entries = Object.keys(files)
    .sort()
    .map((f) => `Source: ${f}\nAlgorithm: SHA-256\nHash: ${sha256(files[f]!)}\n`);
  files['manifest.mf'] =
    'metadata:\n' +
    '  vnf_provider_id: Company\n' +
    '  vnf_product_name: Sample VNF\n' +
    '  vnf_release_date_time: 2024-01-31T10:00:00+01:00\n' +
    '  vnf_package_version: 1.0\n\n' +
    entries.join('\n');
  files['TOSCA-Metadata/TOSCA.meta'] =
    'TOSCA-Meta-File-Version: 1.0\n' +
    'CSAR-Version: 1.1\n' +
    'Created-By: Company\n' +
    'Entry-Definitions: Definitions/vnfd.yaml\n' +
    'ETSI-Entry-Manifest: manifest.mf\n' +
    'ETSI-Entry-Change-Log: ChangeLog.txt\n';
  return files;
}

export function writePackage(files: Record<string, string | Uint8Array>, dir?: string): string {
  const root = dir ?? mkdtempSync(path.join(tmpdir(), 'lmd-pkg-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

/**
 * A zip of the files: deflated when `deflate`, stored otherwise. With `zip64`, every size and offset is
 * given in ZIP64 form (APPNOTE 4.5.3 extra fields, the ZIP64 end record and its locator), as some writers do
 * for archives of any size.
 */
export function zipOf(files: Record<string, string | Uint8Array>, deflate = true, zip64 = false): Uint8Array {
  const locals: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  const FF = 0xffffffff;
  for (const [name, content] of Object.entries(files)) {
    const data = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    const body = deflate ? u8(deflateRawSync(data)) : data;
    const nameBuf = new TextEncoder().encode(name);
    const crc = crc32(data);
    const localExtra = zip64 ? extra64([data.length, body.length]) : new Uint8Array(0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(zip64 ? 45 : 20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(zip64 ? FF : body.length, 18);
    local.writeUInt32LE(zip64 ? FF : data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    local.writeUInt16LE(localExtra.length, 28);
    const cdExtra = zip64 ? extra64([data.length, body.length, offset]) : new Uint8Array(0);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(zip64 ? 45 : 20, 4);
    cd.writeUInt16LE(zip64 ? 45 : 20, 6);
    cd.writeUInt16LE(0x0800, 8);
    cd.writeUInt16LE(deflate ? 8 : 0, 10);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(zip64 ? FF : body.length, 20);
    cd.writeUInt32LE(zip64 ? FF : data.length, 24);
    cd.writeUInt16LE(nameBuf.length, 28);
    cd.writeUInt16LE(cdExtra.length, 30);
    cd.writeUInt32LE(zip64 ? FF : offset, 42);
    locals.push(u8(local), nameBuf, localExtra, body);
    central.push(u8(cd), nameBuf, cdExtra);
    offset += 30 + nameBuf.length + localExtra.length + body.length;
  }
  const cdBuf = concat(central);
  const count = Object.keys(files).length;
  const tail: Uint8Array[] = [];
  if (zip64) {
    const rec = Buffer.alloc(56);
    rec.writeUInt32LE(0x06064b50, 0);
    rec.writeBigUInt64LE(44n, 4);
    rec.writeUInt16LE(45, 12);
    rec.writeUInt16LE(45, 14);
    rec.writeBigUInt64LE(BigInt(count), 24);
    rec.writeBigUInt64LE(BigInt(count), 32);
    rec.writeBigUInt64LE(BigInt(cdBuf.length), 40);
    rec.writeBigUInt64LE(BigInt(offset), 48);
    const loc = Buffer.alloc(20);
    loc.writeUInt32LE(0x07064b50, 0);
    loc.writeBigUInt64LE(BigInt(offset + cdBuf.length), 8);
    loc.writeUInt32LE(1, 16);
    tail.push(u8(rec), u8(loc));
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : count, 8);
  end.writeUInt16LE(zip64 ? 0xffff : count, 10);
  end.writeUInt32LE(zip64 ? FF : cdBuf.length, 12);
  end.writeUInt32LE(zip64 ? FF : offset, 16);
  return concat([...locals, cdBuf, ...tail, u8(end)]);
}

/** A ZIP64 extended information extra field (id 1) holding these 8-byte values. */
function extra64(values: number[]): Uint8Array {
  const b = Buffer.alloc(4 + 8 * values.length);
  b.writeUInt16LE(1, 0);
  b.writeUInt16LE(8 * values.length, 2);
  values.forEach((n, i) => b.writeBigUInt64LE(BigInt(n), 4 + 8 * i));
  return u8(b);
}

function u8(b: Buffer): Uint8Array {
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const CRC = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

function crc32(b: Uint8Array): number {
  let c = -1;
  for (const x of b) c = CRC[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
