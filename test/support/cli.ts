/** Runs the bundled checker (dist/cli.js) as a user would, with a hard time limit. */
import { spawn } from 'node:child_process';
import { CLI_JS, REPO_ROOT } from './protocolClient.js';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  opts: { cwd?: string; timeoutMs?: number; command?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<CliRun> {
  const [cmd, ...pre] = opts.command ?? [process.execPath, CLI_JS];
  return new Promise((resolve, reject) => {
    const p = spawn(cmd!, [...pre, ...args], {
      cwd: opts.cwd ?? REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: opts.env ?? process.env,
    });
    let stdout = '';
    let stderr = '';
    p.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    p.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      p.kill('SIGKILL');
      reject(new Error(`${[cmd, ...pre, ...args].join(' ')} did not finish in time; stderr: ${stderr}`));
    }, opts.timeoutMs ?? 20000);
    p.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    p.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
