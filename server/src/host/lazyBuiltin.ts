/**
 * Node built-in modules loaded on first use. Loading `node:crypto` or `node:zlib` costs several
 * milliseconds each (measured 8 ms apiece in a fresh process), which a check of a few dozen files
 * pays on every run although only package hashes and archives need them.
 */
import { createRequire } from 'node:module';

// Built-ins resolve the same from any base path: the file-system root exists everywhere.
const requireBuiltin = createRequire('/');

/** A getter for the built-in `id`, loading it the first time it is called. */
export function lazyBuiltin<T>(id: `node:${string}`): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireBuiltin(id) as T);
}
