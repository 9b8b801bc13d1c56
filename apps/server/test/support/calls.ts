import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import type { TestApp } from './app';

/** Helpers of the outbound-call and SMS API tests. */

let seq = 0;
export const newCallerNumber = () =>
  `0109${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(4, '0')}`;

export const createNumber = async (t: TestApp, admin: string, body: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/api/v1/call/numbers', {
    token: admin,
    body: { number: newCallerNumber(), numberType: 'LANDLINE', ...body },
  });
  if (res.status !== 200) throw new Error(`create number: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; number: string; version: number; [k: string]: unknown };
};

/** Points a provider kind at the sandbox (or another provider) with the given settings. */
export const configureProvider = async (
  t: TestApp,
  admin: string,
  kind: 'call' | 'sms',
  body: Record<string, unknown>,
) => {
  const cur = await t.call('GET', `/api/v1/call/providers/${kind}`, { token: admin });
  const res = await t.call('PUT', `/api/v1/call/providers/${kind}`, {
    token: admin,
    body: {
      provider: 'sandbox',
      sandboxSuccessRate: 100,
      sandboxDelayMs: 0,
      ...body,
      version: cur.body.data.version,
    },
  });
  if (res.status !== 200) throw new Error(`configure ${kind}: ${JSON.stringify(res.body)}`);
  return res.body.data as { receiptPath: string; version: number };
};

/** Polls until `check` answers truthy (sandbox receipts arrive on timers). */
export const eventually = async <T>(
  check: () => Promise<T | null | undefined | false>,
  ms = 5000,
): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

export const followUpsOf = (t: TestApp, clientId: number) =>
  queryRows<{
    id: number;
    source: string;
    type: string;
    talk_seconds: number | null;
    counts_as_contact: boolean;
    call_record_id: number | null;
    content: string;
  }>(
    t.database.db,
    sql`SELECT id, source, type, talk_seconds, counts_as_contact, call_record_id, content FROM follow_up
        WHERE client_id = ${clientId} AND deleted = false ORDER BY id`,
  );
