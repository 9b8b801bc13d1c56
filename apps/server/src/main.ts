import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { bootstrap } from './db/seed/bootstrap';
import { unreachableReason } from './db/unreachable';
import { waitForDatabase } from './db/wait';
import { auditRetentionJob } from './jobs/audit-retention';
import { exportCleanupJob } from './jobs/export-cleanup';
import {
  acquireDataDirLock,
  DataDirLockedError,
  looseDataDirWarning,
  randomSecret,
  readOrCreateSecretFile,
  updateDataDirLock,
} from './lib/data-dir';
import { createLogger, RecentErrors } from './lib/logging';
import { stopSignalHandler } from './lib/stop-signals';
import { callNumberHealthJob, smsNoReceiptJob, smsReviewSyncJob } from './modules/calls/jobs';
import { clientRecycleJob } from './modules/clients/jobs';
import { courseExpiryJob, liveScheduleJob } from './modules/courses/jobs';
import { ensureStats, statsNightlyJob } from './modules/data-centre/jobs';
import { wecomSyncJob } from './modules/wecom/jobs';

const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST = process.env.EDUCRM_WEB_DIST ?? path.resolve(here, '..', '..', 'web', 'dist');

const fail = (message: string): never => {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
};

/** How long a stopping server keeps answering (with `Connection: close`) before it closes. */
const DRAIN_MS = 2000;

const main = async () => {
  // What the server writes (data, secrets, backups, exports) is for its own account only.
  process.umask(0o077);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message);
    throw err;
  }

  const looseDataDir = looseDataDirWarning(config.dataDir);
  let releaseLock = () => {};
  if (!config.databaseUrl) {
    try {
      releaseLock = acquireDataDirLock(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) return fail(err.message);
      throw err;
    }
  }
  const secret = config.secretKey ?? readOrCreateSecretFile(config.dataDir, 'secret-key', randomSecret).value;

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
  if (database.kind === 'postgres') {
    await waitForDatabase(() => database.db.execute(sql`SELECT 1`).then(() => {}), {
      limitSeconds: config.databaseWaitSeconds,
      onRetry: (attempt, err, delayMs) =>
        process.stderr.write(
          `  The database is not reachable (attempt ${attempt}: ${unreachableReason(err)}); ` +
            `retrying in ${(delayMs / 1000).toFixed(1)} s (DATABASE_WAIT_SECONDS=${config.databaseWaitSeconds})\n`,
        ),
    });
  }
  await runMigrations(database);
  const report = await bootstrap(database, config);
  if (report.generatedAdminPassword) {
    process.stdout.write(
      `\n  First admin created: username "${config.adminUsername}", password "${report.generatedAdminPassword}"\n` +
        `  (shown once; also kept in ${path.join(config.dataDir, 'initial-admin-password')}, mode 0600)\n\n`,
    );
  }
  if (report.adminCreated && config.adminMfaDefault !== 'off') {
    process.stdout.write(
      '  The admin role requires two-step verification: the first sign-in shows a QR code for an\n' +
        '  authenticator app (System > Roles switches it off; ADMIN_MFA_DEFAULT=off starts without it)\n\n',
    );
  }
  if (report.adminMfaEnforced) {
    process.stdout.write(
      '  ADMIN_MFA_DEFAULT=enforce: the admin role now requires two-step verification (audited);\n' +
        '  its members enrol at their next sign-in\n\n',
    );
  }
  if (report.demoPasswordGenerated) {
    process.stdout.write(
      `  Demo staff (siyu1-siyu7, chakan1, zhongtai1) created with password "${report.demoPasswordGenerated}"\n` +
        `  (shown once; also kept in ${path.join(config.dataDir, 'demo-password')}, mode 0600)\n\n`,
    );
  }

  const recentErrors = new RecentErrors();
  const backupToken = config.databaseUrl ? undefined : randomSecret();
  const app = await buildApp({
    config,
    database,
    secretKey: secret,
    webDistDir: WEB_DIST,
    loggerInstance: createLogger({ level: config.logLevel, format: config.logFormat, recentErrors }),
    recentErrors,
    backupToken,
  });
  if (looseDataDir) app.log.warn({ dataDir: config.dataDir }, looseDataDir);
  // Scheduled work runs on the durable job queue (cron in Asia/Shanghai, once per tick across servers).
  const scheduler = app.deps.queue;
  scheduler.add(auditRetentionJob(config.auditRetentionDays));
  scheduler.add(exportCleanupJob());
  scheduler.add(clientRecycleJob());
  scheduler.add(callNumberHealthJob(secret));
  scheduler.add(smsReviewSyncJob(secret));
  scheduler.add(smsNoReceiptJob(secret));
  scheduler.add(wecomSyncJob(app.wecomWorker));
  scheduler.add(courseExpiryJob());
  scheduler.add(liveScheduleJob(secret));
  scheduler.add(statsNightlyJob);

  await scheduler.start();
  await ensureStats(database.db, scheduler);

  app.addHook('onClose', async () => {
    await scheduler.stop();
    await database.close();
    releaseLock();
  });

  // SIGTERM and SIGINT are handled below (one stop however many copies arrive); close-with-grace
  // handles the other signals and uncaught errors, and bounds the drain to 10 s.
  const graceful = closeWithGrace({ delay: 10_000, skip: ['SIGTERM', 'SIGINT'] }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else if (signal) app.log.info({ signal }, 'shutting down: finishing requests in flight');
    await app.close();
  });
  const onStopSignal = stopSignalHandler({
    stop: (signal) => {
      app.log.info({ signal }, 'shutting down: finishing requests in flight');
      // Keep serving a moment with `Connection: close`, so clients leave their keep-alive sockets
      // before the idle ones are closed under them (app.ops.startDraining).
      app.ops.startDraining();
      setTimeout(() => void graceful.close(), DRAIN_MS).unref();
    },
    repeated: (signal) => app.log.info({ signal }, 'already shutting down'),
    force: (signal) => {
      app.log.error({ signal }, `second ${signal}, exiting`);
      process.exit(1);
    },
  });
  process.on('SIGTERM', onStopSignal);
  process.on('SIGINT', onStopSignal);

  await app.listen({ port: config.port, host: config.host });
  if (backupToken) {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
    updateDataDirLock(config.dataDir, {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      backupToken,
    });
  }
  process.stdout.write(`  EduCRM is serving on http://${config.host}:${config.port} (${database.kind})\n`);
};

main().catch((err) => {
  process.stderr.write(`\nEduCRM failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
