// The start-up every benchmark shares: flags (exit 2 on a bad one, usage on --help), cleanups run
// once in reverse order (on success, failure, Ctrl-C, SIGTERM or the watchdog), and the exit code.
import os from 'node:os';
import { parseFlags, usage } from './cli.mjs';

/**
 * Parses the command line against `spec` and arms the cleanup machinery.
 * `watchdogSeconds(flags)` bounds the whole run; `what` names the benchmark in messages.
 * Returns { flags, onCleanup(fn), cleanup(), bail(message, code), run(main) }: `run` awaits
 * main() (true = every target passed), cleans up and exits 0 / 1.
 */
export const startBench = ({ what, spec, usageLine, watchdogSeconds }) => {
  let flags;
  try {
    flags = parseFlags(process.argv.slice(2), spec);
  } catch (err) {
    console.error(`${err.message}\n\n${usage(`Usage: npm run ${what} -- [flags]`, spec)}`);
    process.exit(2);
  }
  if (flags.help) {
    console.log(usage(`Usage: npm run ${what} -- [flags]${usageLine ? `   ${usageLine}` : ''}`, spec));
    process.exit(0);
  }

  const cleanups = [];
  let cleaning;
  const cleanup = () => {
    cleaning ??= (async () => {
      for (const fn of cleanups.reverse()) {
        try {
          await fn();
        } catch (err) {
          console.error(`cleanup: ${err instanceof Error ? err.message : err}`);
        }
      }
    })();
    return cleaning;
  };
  const bail = async (message, code) => {
    console.error(message);
    await cleanup();
    process.exit(code);
  };
  process.once('SIGINT', () => bail('\ninterrupted: stopping the server and cleaning up', 130));
  process.once('SIGTERM', () => bail('\nterminated: stopping the server and cleaning up', 143));
  const watchdogMs = Math.round(watchdogSeconds(flags) * 1000);
  const watchdog = setTimeout(
    () => bail(`${what} did not finish within ${Math.round(watchdogMs / 1000)} s; giving up`, 1),
    watchdogMs,
  );

  const run = async (main) => {
    let ok = false;
    try {
      ok = Boolean(await main());
    } catch (err) {
      console.error(`\n${what} failed: ${err instanceof Error ? (err.stack ?? err.message) : err}`);
    }
    clearTimeout(watchdog);
    await cleanup();
    process.exit(ok ? 0 : 1);
  };

  return { flags, onCleanup: (fn) => cleanups.push(fn), cleanup, bail, run };
};

/** "0.52 0.61 0.40": the 1, 5 and 15 minute load averages, for every report header. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
