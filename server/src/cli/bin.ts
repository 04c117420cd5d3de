/** Entry point of `dist/cli.js` (the `lm-descriptors` command). */
import { main } from './main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`lm-descriptors: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 2;
  },
);
