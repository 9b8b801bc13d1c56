import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import type { Job } from './scheduler';

/** Hourly: drops export files past their expiry (the download links stopped working already). */
export const exportCleanupJob = (): Job => ({
  name: 'export-cleanup',
  lockKey: 7_200_002,
  intervalMs: 60 * 60 * 1000,
  async run(db, now) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`WITH d AS (DELETE FROM stored_file WHERE kind = 'export' AND expires_at < ${now} RETURNING id),
               j AS (UPDATE export_job SET file_id = NULL WHERE file_id IN (SELECT id FROM d) RETURNING 1)
          SELECT count(*)::int AS n FROM d`,
    );
    return { deleted: row?.n ?? 0 };
  },
});
