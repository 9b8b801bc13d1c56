import { backoffDelay } from '../lib/retry';
import { isDatabaseUnreachable } from './unreachable';

export interface WaitOptions {
  /** DATABASE_WAIT_SECONDS: give up once this long has passed (0: one attempt). */
  limitSeconds: number;
  /** Called before each wait: the attempt that failed (1, 2...), why, and the wait before the next. */
  onRetry(attempt: number, err: unknown, delayMs: number): void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 15_000;

/**
 * Connects to a database that may not be up yet (an orchestrator starts the server beside it, or
 * it is restarting): retries while it is unreachable, with backoff (1 s doubling, up to 15 s),
 * until `limitSeconds` have passed. Any other error (a wrong password, a missing database) fails
 * at once. Resolves with the attempts it took.
 */
export const waitForDatabase = async (connect: () => Promise<void>, opts: WaitOptions): Promise<number> => {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const deadline = now() + opts.limitSeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      await connect();
      return attempt;
    } catch (err) {
      const left = deadline - now();
      if (!isDatabaseUnreachable(err) || left <= 0) throw err;
      const delay = Math.min(left, backoffDelay(attempt - 1, FIRST_DELAY_MS, MAX_DELAY_MS));
      opts.onRetry(attempt, err, delay);
      await sleep(delay);
    }
  }
};
