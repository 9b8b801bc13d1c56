import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { seedDemoOutboundHistory } from '../../src/db/seed/demo-outbound-history';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/app';

/** DEMO_DATA=1 outbound history (issue 11): ~90 days of calls and SMS, as the console writes them. */
let t: TestApp;
let admin: string;
let seeded: { calls: number; sms: number };
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0] as T;
const now = new Date();

beforeAll(async () => {
  // DEMO_COMMERCE=0 in tests leaves the history out; seeded here on the demo clients and numbers.
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM call_record`);
  expect(before.n).toBe(0);
  seeded = await seedDemoOutboundHistory(t.database.db, now);
});
afterAll(async () => t.close());

describe('demo outbound history', () => {
  it('spreads calls and SMS over ~90 days on the demo clients, and runs once', async () => {
    expect(seeded.calls).toBeGreaterThan(1000);
    expect(seeded.sms).toBeGreaterThan(200);
    const span = await one<{ days: number; first: number; clients: number }>(
      sql`SELECT extract(epoch FROM max(started_at) - min(started_at))::int / 86400 AS days,
                 extract(epoch FROM ${now}::timestamptz - min(started_at))::int / 86400 AS first,
                 count(DISTINCT client_id)::int AS clients FROM call_record`,
    );
    expect(span.days).toBeGreaterThanOrEqual(80);
    expect(span.first).toBeLessThanOrEqual(91);
    expect(span.clients).toBeGreaterThan(300);
    expect(await seedDemoOutboundHistory(t.database.db, now)).toEqual({ calls: 0, sms: 0 });
  });

  it('every call ended with its CALL follow-up, linked both ways; >= 30 s counts as a contact (Decision 5)', async () => {
    const bad = await one<{ unlinked: number; mismatch: number; contact: number; orphans: number }>(
      sql`SELECT
            (SELECT count(*)::int FROM call_record c WHERE c.follow_up_id IS NULL OR c.status <> 'ENDED') AS unlinked,
            (SELECT count(*)::int FROM call_record c JOIN follow_up f ON f.id = c.follow_up_id
              WHERE f.call_record_id <> c.id OR f.client_id <> c.client_id OR f.type <> 'CALL' OR f.source <> 'CALL'
                 OR f.talk_seconds <> c.talk_seconds OR f.created_by <> c.user_id OR f.created_at <> c.ended_at) AS mismatch,
            (SELECT count(*)::int FROM follow_up f WHERE f.source = 'CALL' AND f.counts_as_contact <> (f.talk_seconds >= 30)) AS contact,
            (SELECT count(*)::int FROM follow_up f WHERE f.source = 'CALL'
              AND NOT EXISTS (SELECT 1 FROM call_record c WHERE c.id = f.call_record_id)) AS orphans`,
    );
    expect(bad).toEqual({ unlinked: 0, mismatch: 0, contact: 0, orphans: 0 });
    const answered = await one<{ rate: number }>(
      sql`SELECT avg((answered_at IS NOT NULL)::int)::float8 AS rate FROM call_record`,
    );
    expect(answered.rate).toBeGreaterThan(0.2);
    expect(answered.rate).toBeLessThan(0.6);
  });

  it('dials by the owner on a number they may use, inside its window; never a do-not-call client', async () => {
    const bad = await one<{ owner: number; usable: number; window: number; dnc: number; disabled: number }>(
      sql`SELECT
            count(*) FILTER (WHERE c.user_id <> cl.owner_user_id)::int AS owner,
            count(*) FILTER (WHERE NOT (n.assigned_user_ids @> ARRAY[c.user_id]
                OR n.assigned_dept_ids && (SELECT array_append(d.ancestors, d.id) FROM department d WHERE d.id = c.dept_id)
                OR (cardinality(n.assigned_user_ids) = 0 AND cardinality(n.assigned_dept_ids) = 0)))::int AS usable,
            count(*) FILTER (WHERE to_char(c.started_at AT TIME ZONE 'Asia/Shanghai', 'HH24:MI') < n.call_window_start
                OR to_char(c.started_at AT TIME ZONE 'Asia/Shanghai', 'HH24:MI') >= n.call_window_end)::int AS window,
            count(*) FILTER (WHERE cl.do_not_call)::int AS dnc,
            count(*) FILTER (WHERE n.status = 'DISABLED')::int AS disabled
          FROM call_record c JOIN client cl ON cl.id = c.client_id JOIN caller_number n ON n.id = c.number_id`,
    );
    expect(bad).toEqual({ owner: 0, usable: 0, window: 0, dnc: 0, disabled: 0 });
  });

  it('leaves the seeded recycle timers alone: no contact after a client’s last recorded contact', async () => {
    const late = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM follow_up f JOIN client c ON c.id = f.client_id
          WHERE f.source IN ('CALL','SMS') AND f.counts_as_contact
            AND (c.last_follow_time IS NULL OR f.created_at > c.last_follow_time)`,
    );
    expect(late.n).toBe(0);
    const counts = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM client c
          WHERE c.follow_count <> (SELECT count(*) FROM follow_up f WHERE f.client_id = c.id AND f.deleted = false)`,
    );
    expect(counts.n).toBe(0);
  });

  it('flags the low-connect privacy number with the week of calls behind it', async () => {
    const flagged = await one<{ calls: number; answered: number }>(
      sql`SELECT count(*)::int AS calls, count(c.answered_at)::int AS answered
          FROM call_record c JOIN caller_number n ON n.id = c.number_id
          WHERE n.status = 'FLAGGED' AND c.started_at >= n.flagged_at - interval '7 days' AND c.started_at < n.flagged_at`,
    );
    expect(flagged.calls).toBeGreaterThanOrEqual(100);
    expect(flagged.answered * 100).toBeLessThan(15 * flagged.calls);
    const after = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM call_record c JOIN caller_number n ON n.id = c.number_id
          WHERE n.status = 'FLAGGED' AND c.started_at >= n.flagged_at`,
    );
    expect(after.n).toBe(0);
  });

  it('sends only approved templates, PROMOTION never to opted-out clients, an SMS follow-up per accepted message', async () => {
    const bad = await one<{ template: number; optout: number; content: number }>(
      sql`SELECT
            count(*) FILTER (WHERE t.audit_status <> 'APPROVED' OR NOT t.enabled)::int AS template,
            count(*) FILTER (WHERE l.template_type = 'PROMOTION' AND c.sms_opt_out)::int AS optout,
            count(*) FILTER (WHERE l.content NOT LIKE '【' || l.sign_name || '】%' OR l.content LIKE '%\${%')::int AS content
          FROM sms_log l JOIN sms_template t ON t.id = l.template_id JOIN client c ON c.id = l.client_id`,
    );
    expect(bad).toEqual({ template: 0, optout: 0, content: 0 });
    const pairs = await one<{ accepted: number; followUps: number; sent: number }>(
      sql`SELECT (SELECT count(*)::int FROM sms_log WHERE send_status = 'SUCCESS') AS accepted,
                 (SELECT count(*)::int FROM follow_up WHERE source = 'SMS') AS "followUps",
                 (SELECT sum(sent_count)::int FROM sms_template) AS sent`,
    );
    expect(pairs.followUps).toBe(pairs.accepted);
    expect(pairs.sent).toBe(pairs.accepted);
  });

  it('shows in the API: a client’s timeline and call tab, a number’s call list, the SMS log', async () => {
    const c = await one<{ client_id: number; number_id: number; template_id: number }>(
      sql`SELECT c.client_id, c.number_id, (SELECT template_id FROM sms_log LIMIT 1) AS template_id
          FROM call_record c ORDER BY c.started_at DESC LIMIT 1`,
    );
    const timeline = await t.call('GET', `/api/v1/clients/${c.client_id}/timeline?limit=50`, {
      token: admin,
    });
    expect(
      timeline.body.data.items.some(
        (i: { kind: string; type: string; detail: { callRecordId?: number } }) =>
          i.kind === 'FOLLOW_UP' && i.type === 'CALL' && i.detail.callRecordId,
      ),
    ).toBe(true);
    const tab = await t.call('GET', `/api/v1/calls?clientId=${c.client_id}`, { token: admin });
    expect(tab.body.data.items.length).toBeGreaterThan(0);
    const list = await t.call('GET', `/api/v1/calls?numberId=${c.number_id}`, { token: admin });
    const started = list.body.data.items.map((x: { startedAt: string }) => x.startedAt);
    expect(started).toEqual([...started].sort().reverse());
    const logs = await t.call('GET', `/api/v1/sms/logs?templateId=${c.template_id}`, { token: admin });
    expect(logs.body.data.items.length).toBeGreaterThan(0);
  });
});
