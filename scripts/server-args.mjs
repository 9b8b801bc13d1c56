// The Node flags the server runs with: `npm start` (scripts/start.mjs), and the benchmarks and e2e
// tests that start the built server the way `npm start` does. Plain ESM for any Node.
//
// Both keep the server's memory within bench:api's targets on Node 24 (figures: bench/README.md):
// --max-semi-space-size=8: V8 13 (Node 24) sizes the young generation by the machine's memory, up to
//   3 x 64 MB here, and a busy server soon uses it all (heapTotal 185 MB against 77 MB at 8 MB); the
//   scavenges of an 8 MB semi-space stay well under a millisecond.
// --liftoff-only: PGlite is PostgreSQL compiled to WebAssembly. V8 re-compiles its hot functions with
//   the optimizing compiler in the background a few seconds after start, and that compilation of
//   PostgreSQL's largest functions takes ~500 MB for about a second (peak RSS at start-up 1,014-1,091
//   MB with it, 550-572 MB without). Liftoff, the baseline compiler, is what runs first anyway. No
//   effect on a server on PostgreSQL (no WebAssembly). PGLITE_WASM_OPTIMIZE=1 keeps the optimizing
//   compiler (faster SQL on PGlite for a machine with memory to spare).
// --max-old-space-size=1024: V8 lets the old generation grow to up to 4x what survived the last
//   full collection when the heap limit is large (here ~4 GB by default), and under load the
//   server's short-lived request objects promoted out of the 8 MB semi-space pile up there: heapTotal
//   ~250 MB for ~60 MB live on PostgreSQL, RSS 360-372 MB in bench:api. Below a 2 GB limit V8 uses a
//   smaller factor (1.6 at 1 GB), so it collects sooner: heapTotal ~100 MB, RSS ~215 MB under the
//   same load. 1 GB is 15x the live heap (exports and imports stream); a NODE_OPTIONS that sets
//   --max-old-space-size itself is left to decide.
export const serverNodeArgs = (env = process.env) => [
  '--max-semi-space-size=8',
  ...(/--max-old-space-size/.test(env.NODE_OPTIONS ?? '') ? [] : ['--max-old-space-size=1024']),
  ...(env.PGLITE_WASM_OPTIMIZE === '1' ? [] : ['--liftoff-only']),
];
