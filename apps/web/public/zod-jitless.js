// Runs before the console's modules (a classic script ahead of the entry module in index.html):
// zod reads its config from this global when it first loads. Jitless, zod never probes whether
// `new Function` works; under our CSP (script-src 'self', no 'unsafe-eval') the probe itself is
// reported as a violation. The console parses small forms: the interpreter is fast enough.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
