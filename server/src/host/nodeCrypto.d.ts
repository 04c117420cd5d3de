/**
 * `crypto.hash()`, node's one-shot hash of a string (node 20.12+ and 21.7+, see package.json
 * engines), which the pinned @types/node 20.9 does not declare yet.
 */
import 'node:crypto';

declare module 'node:crypto' {
  function hash(algorithm: 'sha1' | 'sha256', data: string, outputEncoding: 'hex' | 'base64url'): string;
}
