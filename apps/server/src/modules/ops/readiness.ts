import type { ReadinessCheck } from '@educrm/contract';

/**
 * Whether this instance should receive traffic: checks by name (the database, migrations; modules
 * add their own, e.g. the job queue: `app.ops.readiness.register('queue', async () => ...)`).
 * A check throws (or returns false) when not ready; a string it returns is shown as the detail.
 */
export type Check = () => Promise<unknown>;

const TIMEOUT_MS = 3000;

export class Readiness {
  private checks = new Map<string, Check>();

  register(name: string, check: Check) {
    this.checks.set(name, check);
  }

  async run(): Promise<{ ready: boolean; checks: ReadinessCheck[] }> {
    const checks = await Promise.all(
      [...this.checks].map(async ([name, check]): Promise<ReadinessCheck> => {
        let timer: NodeJS.Timeout | undefined;
        try {
          const out = await Promise.race([
            check(),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
            }),
          ]);
          if (out === false) return { name, ok: false, detail: 'not ready' };
          return { name, ok: true, detail: typeof out === 'string' ? out : 'ok' };
        } catch (err) {
          return { name, ok: false, detail: err instanceof Error ? err.message : String(err) };
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    return { ready: checks.every((c) => c.ok), checks };
  }
}
