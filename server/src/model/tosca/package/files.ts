/**
 * A package as the checks see it: its file list and a way to read and hash its files. The host
 * layer gives one for a folder and the checker one for a `.csar`/`.zip` read in place, so the
 * package checks stay free of the file system and of node's crypto.
 */
import * as path from '../../../util/path.js';

export type HashAlgorithm = 'sha224' | 'sha256' | 'sha384' | 'sha512';

/** `SHA-256` (any case, ETSI GS NFV-SOL 004 writes them so) to the algorithm, or undefined. */
export function hashAlgorithmOf(name: string): HashAlgorithm | undefined {
  const m = /^sha-?(224|256|384|512)$/i.exec(name.trim());
  return m ? (`sha${m[1]}` as HashAlgorithm) : undefined;
}

export interface PackageFiles {
  /** Every file of the package, relative to its root, `/`-separated. */
  readonly files: readonly string[];
  /** The text of a (small) file, or undefined when it is missing or too large. */
  readText(rel: string): string | undefined;
  /**
   * The lowercase hex hash of a file; undefined when it cannot be read; 'pending' while the host
   * computes it off the request path (the editor asks again when it is ready).
   */
  hashOf(rel: string, algorithm: HashAlgorithm): string | undefined | 'pending';
}

export const META_PATH = 'TOSCA-Metadata/TOSCA.meta';

export type PackageLayout =
  | { kind: 'meta'; meta: string }
  /** ETSI GS NFV-SOL 004 option 2: one YAML file at the root, its manifest of the same base name. */
  | { kind: 'single'; entry: string; manifests: string[] };

/**
 * How a set of files is a package: `TOSCA-Metadata/TOSCA.meta`, or a single root YAML file with a
 * `.mf` beside it. A folder with neither is not a package (undefined).
 */
export function packageLayout(files: readonly string[]): PackageLayout | undefined {
  if (files.includes(META_PATH)) return { kind: 'meta', meta: META_PATH };
  const root = files.filter((f) => !f.includes('/'));
  const yaml = root.filter((f) => /\.ya?ml$/i.test(f));
  const manifests = root.filter((f) => /\.mf$/i.test(f));
  if (yaml.length === 1 && manifests.length > 0) return { kind: 'single', entry: yaml[0]!, manifests };
  return undefined;
}

/** A package-relative path as written in TOSCA.meta or a manifest (`./a`, `a//b`) in the form of `files`. */
export function packagePath(written: string): string | undefined {
  const p = path.normalize(written.trim().replace(/\\/g, '/'));
  if (!p || p.startsWith('/') || p === '..' || p.startsWith('../')) return undefined;
  return p.replace(/^\.\//, '');
}

/** A source that is a URL (fetched by some orchestrators at onboarding; never by us). */
export function isUrl(s: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(s.trim());
}
