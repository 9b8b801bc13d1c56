/**
 * How a stop signal (SIGTERM, SIGINT) is delivered more than once for one stop: `kill -- -PGID`,
 * systemd's KillMode=control-group and a terminal's Ctrl-C signal the whole process group, and each
 * launcher in it (npm, scripts/start.mjs, the Node re-exec of scripts/node-runtime.mjs) also
 * forwards what it received to its child. Copies arriving within this window are that same stop.
 */
export const SAME_STOP_MS = 2_000;

export interface StopSignalActions {
  /** The first signal: finish the requests in flight, then exit. */
  stop(signal: NodeJS.Signals): void;
  /** A signal after the window: an operator insisting; exit at once. */
  force(signal: NodeJS.Signals): void;
  /** A copy of the first signal (ignored). */
  repeated?(signal: NodeJS.Signals): void;
  now?: () => number;
}

/** The process's SIGTERM/SIGINT handler: one graceful stop however many copies of the signal arrive. */
export const stopSignalHandler = ({ stop, force, repeated, now = Date.now }: StopSignalActions) => {
  let firstAt: number | null = null;
  return (signal: NodeJS.Signals) => {
    if (firstAt === null) {
      firstAt = now();
      stop(signal);
    } else if (now() - firstAt < SAME_STOP_MS) {
      repeated?.(signal);
    } else {
      force(signal);
    }
  };
};
