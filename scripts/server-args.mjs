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
export const serverNodeArgs = (env = process.env) => [
  '--max-semi-space-size=8',
  ...(env.PGLITE_WASM_OPTIMIZE === '1' ? [] : ['--liftoff-only']),
];
