import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { auditRetentionJob } from '../../src/jobs/audit-retention';
import { runJobOnce } from '../../src/jobs/scheduler';
import { type AuditEntry, said, writeAudit } from '../../src/lib/audit';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('audit_log', () => {
  it('takes structured summaries only (a plain string is a type error)', () => {
    // Issue 16, item 11: a plain sentence reached every viewer in English. `npm run typecheck` fails
    // if AuditEntry.summary accepts a string again (the directive below becomes unused).
    const plain = (): AuditEntry => ({
      action: 'test.row',
      // @ts-expect-error a summary is said(text, params)
      summary: 'plain text',
    });
    const structured = (): AuditEntry => ({ action: 'test.row', summary: said('x', { n: 1 }) });
    expect(structured().summary).toEqual({ text: 'x', params: { n: 1 } });
    expect(typeof plain).toBe('function');
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await writeAudit(t.database.db, { action: 'test.row', summary: said('x', {}) });
    await expect(t.database.db.execute(sql`UPDATE audit_log SET summary = 'changed'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log`,
    );
    expect(row?.n).toBeGreaterThan(0);
  });

  it('the retention job deletes only rows past the retention and audits itself', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 400 * 86400_000);
    await t.database.db.execute(
      sql`INSERT INTO audit_log (at, action, summary) VALUES (${old}, 'test.old', 'old'), (${now}, 'test.new', 'new')`,
    );
    const counts = await runJobOnce(t.database.db, auditRetentionJob(365), now);
    expect(counts).toEqual({ deleted: 1 });
    const rows = await queryRows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM audit_log WHERE action IN ('test.old', 'test.new', 'audit.retention')`,
    );
    expect(rows.map((r) => r.action).sort()).toEqual(['audit.retention', 'test.new']);
    const [run] = await queryRows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM job_run WHERE job = 'audit-retention'`,
    );
    expect(run?.status).toBe('SUCCESS');
    // Outside the job the purge switch is off again.
    await expect(t.database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
  });
});

describe('export cleanup job', () => {
  it('drops expired export files only', async () => {
    const { exportCleanupJob } = await import('../../src/jobs/export-cleanup');
    const now = new Date();
    await t.database.db.execute(sql`INSERT INTO stored_file (id, kind, content_type, size, data, expires_at) VALUES
      ('00000000-0000-4000-8000-000000000001', 'export', 'x', 1, '\\x00', ${new Date(now.getTime() - 1000)}),
      ('00000000-0000-4000-8000-000000000002', 'export', 'x', 1, '\\x00', ${new Date(now.getTime() + 3600_000)}),
      ('00000000-0000-4000-8000-000000000003', 'avatar', 'image/png', 1, '\\x00', NULL)`);
    expect(await runJobOnce(t.database.db, exportCleanupJob(), now)).toEqual({ deleted: 1 });
    const left = await queryRows<{ id: string }>(t.database.db, sql`SELECT id FROM stored_file ORDER BY id`);
    expect(left.map((r) => r.id.slice(-1))).toEqual(['2', '3']);
  });
});
