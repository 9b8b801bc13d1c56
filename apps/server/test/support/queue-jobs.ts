import { defineJob } from '../../src/jobs/queue';

/** A job that hangs on its first attempt (the worker is killed meanwhile) and succeeds on a retry. */
export const slowJob = defineJob<{ tag: string }>({
  name: 'test.slow',
  retry: { limit: 2, delaySeconds: 1 },
  async run({ attempt, data }) {
    if (attempt === 0) await new Promise((r) => setTimeout(r, 120_000));
    return { attempt, tagged: data.tag ? 1 : 0 };
  },
});
