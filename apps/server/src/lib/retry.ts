/**
 * Retries with exponential backoff for calls to outside systems made inside a request (an SMS send,
 * a WeCom token). Background calls should rather throw and let the job queue's retry policy
 * (`retry: { limit, delaySeconds, backoff }` in defineJob) run the attempt again later.
 */
export interface RetryOptions {
  /** Attempts in all, the first included. */
  attempts?: number;
  /** Delay before the second attempt; doubled each time, with up to 25 % jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Whether an error is worth another attempt (default: every error). */
  retryable?(err: unknown): boolean;
  signal?: AbortSignal;
  /** Injectable for tests. */
  sleep?(ms: number): Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const backoffDelay = (attempt: number, base: number, max: number, random = Math.random) =>
  Math.min(max, base * 2 ** attempt * (1 + random() * 0.25));

export const withRetry = async <T>(
  fn: (attempt: number) => Promise<T>,
  opts: RetryOptions = {},
): Promise<T> => {
  const attempts = Math.max(1, opts.attempts ?? 3);
  const sleep = opts.sleep ?? defaultSleep;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      const last = attempt + 1 >= attempts;
      if (last || opts.signal?.aborted || (opts.retryable && !opts.retryable(err))) throw err;
      await sleep(backoffDelay(attempt, opts.baseDelayMs ?? 200, opts.maxDelayMs ?? 5_000));
    }
  }
};
