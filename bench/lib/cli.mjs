// Tiny flag parser shared by the benchmarks: --name value, --name=value and boolean --flag.
export const parseFlags = (argv, spec) => {
  const out = {};
  for (const [name, def] of Object.entries(spec)) out[name] = def.default;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      out.help = true;
      continue;
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    const def = match && spec[match[1]];
    if (!match || !def) throw new Error(`unknown argument ${arg}`);
    const name = match[1];
    if (def.type === 'boolean') {
      out[name] = match[2] === undefined ? true : !/^(0|false|no)$/i.test(match[2]);
      continue;
    }
    const raw = match[2] ?? argv[++i];
    if (raw === undefined) throw new Error(`--${name} needs a value`);
    if (def.type === 'number') {
      const value = Number(raw);
      if (!Number.isFinite(value) || value < (def.min ?? 0) || value > (def.max ?? Number.MAX_SAFE_INTEGER)) {
        throw new Error(
          `--${name} must be a number between ${def.min ?? 0} and ${def.max ?? 'any'}, got ${raw}`,
        );
      }
      out[name] = value;
    } else {
      out[name] = raw;
    }
  }
  return out;
};

export const usage = (title, spec) =>
  [
    title,
    '',
    ...Object.entries(spec).map(
      ([name, def]) =>
        `  --${name}${def.type === 'boolean' ? '' : ' N'}`.padEnd(22) +
        `${def.help}${def.default !== undefined && def.type !== 'boolean' ? ` (default ${def.default})` : ''}`,
    ),
  ].join('\n');

/** Decimal units throughout, as Vite prints sizes: 1 kB = 1000 bytes, 1 MB = 1,000,000 bytes. */
export const KB = 1000;
export const MB = 1000 * 1000;
export const fmtBytes = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
export const fmtMB = (bytes) => `${(bytes / MB).toFixed(1)} MB`;
export const verdict = (ok) => (ok ? 'PASS' : 'FAIL');

export const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** { median, min, max, n } of the finite numbers in `values`, rounded to whole ms. */
export const spread = (values) => {
  const finite = values.filter((v) => typeof v === 'number' && Number.isFinite(v));
  if (finite.length === 0) return { median: null, min: null, max: null, n: 0 };
  return {
    median: Math.round(median(finite)),
    min: Math.round(Math.min(...finite)),
    max: Math.round(Math.max(...finite)),
    n: finite.length,
  };
};
