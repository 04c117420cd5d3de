/** The YAML files under a folder, for the tests that sweep the examples or the shared corpus. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface YamlFileOptions {
  /** Files larger than this are left out. */
  maxBytes?: number;
  /** `.tosca` files too. */
  tosca?: boolean;
  /** At most this many, the first in name order. */
  max?: number;
}

/** Absolute paths of the `.yml` / `.yaml` files under `dir`, every folder's entries in name order. */
export function yamlFiles(dir: string, opts: YamlFileOptions = {}, out: string[] = []): string[] {
  const pattern = opts.tosca ? /\.(ya?ml|tosca)$/ : /\.ya?ml$/;
  for (const name of readdirSync(dir).sort()) {
    if (out.length >= (opts.max ?? Infinity)) break;
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) yamlFiles(p, opts, out);
    else if (pattern.test(name) && st.size <= (opts.maxBytes ?? Infinity)) out.push(p);
  }
  return out;
}
