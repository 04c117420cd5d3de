/** Entry point of `dist/cli.js` (the `lm-descriptors` command). */
import { main } from './main.js';

// A reader that stops early (`lm-descriptors check | head`) closes the pipe: stop quietly, as
// other command-line tools do, instead of printing a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`lm-descriptors: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 2;
  },
);
