/** The bundled source of layoutWorker.ts, as text (an esbuild virtual module, see esbuild.mjs). */
declare module 'plan-layout-worker' {
  const source: string;
  export default source;
}
