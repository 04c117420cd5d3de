/**
 * The checker reads the files it checks itself, as bytes, so it can tell text that is not UTF-8
 * from text that is: the index decodes leniently (a stray Latin-1 byte becomes U+FFFD and the
 * rest of the file still indexes), which would let a file saved in another encoding pass silently.
 */
import { readRegular } from '../host/nodeFileSystem.js';

export type ReadResult =
  | { ok: true; text: string; invalidUtf8?: InvalidUtf8 }
  | { ok: false; reason: 'unreadable' | 'not-a-file' | 'too-large'; size?: number };

export interface InvalidUtf8 {
  /** Offset in the decoded text (U+FFFD stands there). */
  offset: number;
  /** The first byte that starts no valid sequence. */
  byte: number;
  /** The file starts with a UTF-16 byte order mark. */
  utf16: boolean;
}

/** Reads a regular file of at most `maxBytes` bytes without blocking on FIFOs or devices. */
export function readChecked(path: string, maxBytes: number): ReadResult {
  const r = readRegular(path, maxBytes);
  if (!r) return { ok: false, reason: 'unreadable' };
  if (!r.isFile) return { ok: false, reason: 'not-a-file' };
  if (!r.bytes) return { ok: false, reason: 'too-large', size: r.size };
  return decode(r.bytes);
}

/** Stateless between calls (no `stream` option): one of each serves every file. */
const LENIENT = new TextDecoder();
const STRICT = new TextDecoder('utf-8', { fatal: true });

/** Decodes UTF-8 as the index does, and says where the bytes first stop being UTF-8. */
export function decode(bytes: Uint8Array): { ok: true; text: string; invalidUtf8?: InvalidUtf8 } {
  // Valid UTF-8 (nearly every file) decodes the same either way: one pass, the strict one.
  try {
    return { ok: true, text: STRICT.decode(bytes) };
  } catch {
    const text = LENIENT.decode(bytes);
    const at = firstInvalidByte(bytes);
    // The prefix before `at` is valid UTF-8, so its decoded length is the offset in `text`.
    const offset = LENIENT.decode(bytes.subarray(0, at)).length;
    const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
    return { ok: true, text, invalidUtf8: { offset, byte: bytes[at] ?? 0, utf16 } };
  }
}

/** Index of the first byte that does not belong to a well-formed UTF-8 sequence (RFC 3629). */
export function firstInvalidByte(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0; // no overlong forms
      if (c === 0xed) hi = 0x9f; // no surrogates
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f; // nothing above U+10FFFF
    } else return i;
    for (let k = 1; k <= need; k++) {
      const x = b[i + k];
      if (x === undefined) return i;
      if (k === 1 ? x < lo || x > hi : x < 0x80 || x > 0xbf) return i;
    }
    i += need + 1;
  }
  return b.length;
}
