/**
 * The hashes of package files (SOL004 manifest entries) on the Node host: the one place that starts
 * Node's incremental hashes and reads out their result, for the folder reader, the archive reader and
 * the background hashing of the package service.
 */
import type * as Crypto from 'node:crypto';
import type { Hash } from 'node:crypto';
import { lazyBuiltin } from './lazyBuiltin.js';
import type { HashAlgorithm } from '../model/tosca/package/files.js';

const crypto = lazyBuiltin<typeof Crypto>('node:crypto');

/** A new incremental hash of the manifest's algorithm (SHA-224/256/384/512). */
export function startHash(algorithm: HashAlgorithm): Hash {
  return crypto().createHash(algorithm);
}

/**
 * The finished hash as lowercase hex. A Node hash is also a stream: ending it makes its result the
 * one chunk there is to read.
 */
export function hexOf(h: Hash): string {
  h.end();
  return (h.read() as Buffer).toString('hex');
}
