/** The checker itself (`dist/cli-main.js`), which `dist/cli.js` (bin.ts) loads with V8's code cache. */
import { main } from './main.js';
import { write } from './output.js';

// For the loader (bin.ts): what this run checked.
export { coverage } from './main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    write(2, `lm-descriptors: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 2;
  },
);
