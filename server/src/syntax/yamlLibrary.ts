/**
 * The `yaml` package (eemeli/yaml), loaded the first time a text needs the full parser. The outline
 * scanner (outline.ts) reads most files without it: a check of xOpera's 41 files never calls it, yet
 * initialising its 72 modules took about 0.8 ms at every start of the checker and their code filled
 * a part of its code cache. The language server loads it at start (server.ts), as before.
 */
import type * as Yaml from 'yaml';

let loaded: typeof Yaml | undefined;

export function yamlLibrary(): typeof Yaml {
  // Resolved by the bundler like an import (the package is bundled; nothing is read at run time).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('yaml') as typeof Yaml);
}
