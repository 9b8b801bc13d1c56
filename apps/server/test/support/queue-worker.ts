/**
 * A second server process for the queue tests (PostgreSQL): the whole app on DATABASE_URL with its
 * queue working, plus the test job `test.slow`. Prints "ready <port>" when its workers run and it serves HTTP; the test
 * kills it with SIGKILL mid-job.
 */
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { slowJob } from './queue-jobs';

const main = async () => {
  const config = loadConfig({
    DATA_DIR: process.env.WORKER_DATA_DIR ?? '/tmp',
    DATABASE_URL: process.env.DATABASE_URL,
    JOB_POLL_SECONDS: '1',
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 5 });
  const app = await buildApp({
    config,
    database,
    secretKey: process.env.WORKER_SECRET ?? 'x'.repeat(43),
  });
  app.deps.queue.register(slowJob);
  await app.deps.queue.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`ready ${typeof address === 'object' && address ? address.port : 0}\n`);
};

main().catch((err) => {
  process.stderr.write(String(err?.stack ?? err));
  process.exit(1);
});
