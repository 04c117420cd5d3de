/** Small helpers shared by the benchmark phases. */

export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i]!;
}

export interface Dist {
  n: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

export function dist(xs: readonly number[]): Dist {
  return {
    n: xs.length,
    p50: percentile(xs, 50),
    p95: percentile(xs, 95),
    max: xs.length ? Math.max(...xs) : NaN,
    mean: xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN,
  };
}

export const ms = (x: number | undefined) =>
  x === undefined || Number.isNaN(x)
    ? 'n/a'
    : x >= 100
      ? `${Math.round(x).toLocaleString('en-US')} ms`
      : `${x.toFixed(1)} ms`;
export const mb = (bytes: number) => bytes / 1e6;
export const num = (x: number, d = 0) =>
  x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

export function log(msg: string): void {
  process.stderr.write(`[bench] ${msg}\n`);
}

export const sleep = (n: number) => new Promise<void>((r) => setTimeout(r, n));

/** Deterministic shuffle (so the request order does not follow the file order). */
export function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const a = xs.slice();
  let s = seed >>> 0;
  for (let i = a.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/**
 * The command line of an A/B script (`bench/ab*.ts`): `--name value` options, the builds compared (every other
 * argument) and the node flags of build `b` (`--flagsA "..."`, `--flagsB "..."`, ...; a build may repeat).
 */
export function abArgs(argv: readonly string[]) {
  const opt = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const builds = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
  const flagsOf = (b: number) => (opt(`flags${String.fromCharCode(65 + b)}`) ?? '').split(' ').filter(Boolean);
  return { opt, builds, flagsOf };
}
