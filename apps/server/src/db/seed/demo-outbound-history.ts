import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../client';
import { rng } from './demo-clients';

const DAY_MS = 24 * 60 * 60 * 1000;
const SHANGHAI_MS = 8 * 60 * 60 * 1000;
const DAYS = 90;
/** A call of at least this long is a contact (Decision 5), as CallService writes it. */
const CONTACT_SECONDS = 30;
const MISSES: [string, string][] = [
  ['NO_ANSWER', '无人接听'],
  ['NO_ANSWER', '无人接听'],
  ['BUSY', '用户忙'],
  ['POWER_OFF', '关机'],
];

type Num = {
  id: number;
  number: string;
  mode: string;
  status: string;
  users: number[];
  depts: number[];
  /** epoch ms (timestamps read as numbers: PGlite and node-postgres agree on those) */
  flagged_at: number | null;
};
type Client = {
  id: number;
  name: string;
  mobile: string;
  owner: number;
  dept: number | null;
  since: number;
  last_follow: number | null;
  do_not_call: boolean;
  sms_opt_out: boolean;
};
type Call = {
  id: number;
  call_id: string;
  number_id: number;
  user_id: number;
  dept_id: number | null;
  client_id: number;
  callee_masked: string;
  display_number: string;
  status: string;
  started_at: Date;
  ring_at: Date | null;
  answered_at: Date | null;
  ended_at: Date;
  talk_seconds: number;
  status_code: string;
  end_reason: string;
  hangup_by: string;
  recording_url: string | null;
  content: string;
};

const mask = (m: string) => `${m.slice(0, 3)}****${m.slice(-4)}`;
const talkText = (s: number) =>
  s >= 60 ? `${Math.floor(s / 60)}分${String(s % 60).padStart(2, '0')}秒` : `${s}秒`;
const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);
const values = (rows: unknown[][]): SQL =>
  sql.join(
    rows.map(
      (r) =>
        sql`(${sql.join(
          r.map((v) => sql`${v}`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
const chunks = <T>(rows: T[], size: number) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

/**
 * DEMO_DATA: ~90 days of outbound history on the demo clients, written as the console writes it:
 * each call on a number its caller may use (their dedicated line, their team's pool, the open 400
 * line), inside the number's window, ended with a CALL follow-up (talk >= 30 s counts as a contact,
 * Decision 5) linked both ways; each accepted SMS of an approved template with its SMS follow-up
 * (PROMOTION never to a client who opted out). Contacts never fall after a client's last recorded
 * contact, so the demo's recycle and reminder scenarios stay as demo-clients.ts set them; the
 * flagged privacy number carries the week of unanswered calls that flagged it. Skipped once any
 * call record exists.
 */
export const seedDemoOutboundHistory = async (db: DbOrTx, now = new Date()) => {
  const [any] = await queryRows<{ id: number }>(db, sql`SELECT id FROM call_record LIMIT 1`);
  if (any) return { calls: 0, sms: 0 };
  const r = rng(20261124);
  const pick = <T>(list: T[]): T => list[Math.floor(r() * list.length)] as T;
  const numbers = (
    await queryRows<Num & { users: (number | string)[]; depts: (number | string)[] }>(
      db,
      sql`SELECT id, number, mode, status, assigned_user_ids AS users, assigned_dept_ids AS depts,
                 (extract(epoch FROM flagged_at) * 1000)::float8 AS flagged_at
          FROM caller_number WHERE deleted = false AND provider = 'sandbox' ORDER BY id`,
    )
  ).map((n) => ({ ...n, id: Number(n.id), users: n.users.map(Number), depts: n.depts.map(Number) }));
  const clients = (
    await queryRows<Client>(
      db,
      sql`SELECT c.id, c.name, c.mobile, c.owner_user_id AS owner, u.department_id AS dept,
                 (extract(epoch FROM c.created_at) * 1000)::float8 AS since,
                 (extract(epoch FROM c.last_follow_time) * 1000)::float8 AS last_follow, c.do_not_call, c.sms_opt_out
          FROM client c JOIN admin_user u ON u.id = c.owner_user_id
          WHERE c.deleted = false AND c.mobile IS NOT NULL AND u.username LIKE 'siyu%'
          ORDER BY c.id`,
    )
  ).map((c) => ({
    ...c,
    id: Number(c.id),
    owner: Number(c.owner),
    dept: c.dept == null ? null : Number(c.dept),
  }));
  if (!numbers.length || !clients.length) return { calls: 0, sms: 0 };

  // The number a caller dials with, as CallService picks it: dedicated line first, then team pool, then open lines.
  const usable = (n: Num, c: Client) =>
    n.users.includes(c.owner) ||
    (c.dept != null && n.depts.includes(c.dept)) ||
    (!n.users.length && !n.depts.length);
  const numberFor = (c: Client): Num | undefined => {
    const ok = numbers.filter((n) => n.status === 'AVAILABLE' && usable(n, c));
    return ok.find((n) => n.mode === 'FIXED' && n.users.includes(c.owner)) ?? ok[Math.floor(r() * ok.length)];
  };
  /** A moment between 09:10 and 20:00 Shanghai time of Shanghai day number `day` (days since the epoch). */
  const momentOf = (day: number) => {
    const minute = 9 * 60 + 10 + Math.floor(r() * (10 * 60 + 50));
    return new Date(day * DAY_MS - SHANGHAI_MS + minute * 60_000 + Math.floor(r() * 60) * 1000);
  };
  const dayOf = (ms: number) => Math.floor((ms + SHANGHAI_MS) / DAY_MS);
  const moment = (daysAgo: number) => momentOf(dayOf(now.getTime()) - daysAgo);

  const calls: Omit<Call, 'id'>[] = [];
  const dial = (c: Client, n: Num, at: Date, answered: boolean, contactAllowed: boolean) => {
    let talk = 0;
    if (answered) {
      talk = Math.round(8 + r() ** 2 * 600);
      if (!contactAllowed && talk >= CONTACT_SECONDS) talk = 8 + Math.floor(r() * 20);
    }
    const miss = pick(MISSES);
    const ringAt = plus(at, 3000);
    const answeredAt = talk > 0 ? plus(at, 9000) : null;
    const endedAt = plus(at, talk > 0 ? 9000 + talk * 1000 : 35_000);
    calls.push({
      call_id: `demo-${calls.length + 1}`,
      number_id: n.id,
      user_id: c.owner,
      dept_id: c.dept,
      client_id: c.id,
      callee_masked: mask(c.mobile),
      display_number: n.number,
      status: 'ENDED',
      started_at: at,
      ring_at: ringAt,
      answered_at: answeredAt,
      ended_at: endedAt,
      talk_seconds: talk,
      status_code: talk > 0 ? 'ANSWERED' : miss[0],
      end_reason: talk > 0 ? '正常通话' : miss[1],
      hangup_by: talk > 0 ? (r() < 0.5 ? 'CALLER' : 'CALLEE') : 'PLATFORM',
      recording_url: null,
      content: talk > 0 ? `外呼已接通，通话 ${talkText(talk)}` : `外呼未接通：${miss[1]}`,
    });
  };

  for (const c of clients) {
    if (c.do_not_call) continue;
    const count = [0, 1, 1, 2, 2, 3, 4, 6][Math.floor(r() * 8)] as number;
    for (let k = 0; k < count; k++) {
      const at = moment(Math.floor(r() * DAYS));
      if (at.getTime() < c.since || at > plus(now, -10 * 60_000)) continue;
      const n = numberFor(c);
      if (!n) continue;
      // A contact never lands after the client's last recorded contact (its recycle timer stays as seeded).
      const contactAllowed = c.last_follow != null && plus(at, 15 * 60_000).getTime() < c.last_follow;
      dial(c, n, at, r() < 0.42, contactAllowed);
    }
  }
  // The week before the privacy number was flagged: many calls, almost none answered.
  const flagged = numbers.find((n) => n.status === 'FLAGGED' && n.flagged_at);
  if (flagged?.flagged_at) {
    const holders = clients.filter(
      (c) => usable(flagged, c) && flagged.users.includes(c.owner) && !c.do_not_call,
    );
    // 120 calls on the six days before it was flagged (the job wants at least 100 in a week), almost none answered.
    const flaggedDay = dayOf(flagged.flagged_at);
    for (let k = 0, made = 0; holders.length && made < 120 && k < 2000; k++) {
      const c = pick(holders);
      const at = momentOf(flaggedDay - 1 - Math.floor(r() * 6));
      if (at.getTime() < c.since) continue;
      dial(c, flagged, at, r() < 0.06, false);
      made++;
    }
  }
  calls.sort((a, b) => a.started_at.getTime() - b.started_at.getTime());

  // Insert the calls, then their follow-ups, then link them.
  const ids: number[] = [];
  for (const part of chunks(calls, 500)) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO call_record (call_id, provider, number_id, user_id, dept_id, client_id, direction, callee_masked,
            display_number, status, started_at, ring_at, answered_at, ended_at, talk_seconds, status_code, end_reason,
            hangup_by, recording_url, raw)
          VALUES ${values(
            part.map((x) => [
              x.call_id,
              'sandbox',
              x.number_id,
              x.user_id,
              x.dept_id,
              x.client_id,
              'OUT',
              x.callee_masked,
              x.display_number,
              x.status,
              x.started_at,
              x.ring_at,
              x.answered_at,
              x.ended_at,
              x.talk_seconds,
              x.status_code,
              x.end_reason,
              x.hangup_by,
              x.recording_url,
              JSON.stringify({ sandbox: true, demo: true }),
            ]),
          )}
          RETURNING id`,
    );
    ids.push(...rows.map((x) => Number(x.id)));
  }
  for (const [i, part] of chunks(calls, 500).entries()) {
    const partIds = ids.slice(i * 500, i * 500 + part.length);
    await db.execute(
      sql`WITH f AS (
            INSERT INTO follow_up (client_id, type, source, content, call_record_id, talk_seconds, counts_as_contact,
              creator_dept_id, created_at, created_by, updated_at, updated_by)
            VALUES ${values(
              part.map((x, j) => [
                x.client_id,
                'CALL',
                'CALL',
                x.content,
                partIds[j],
                x.talk_seconds,
                x.talk_seconds >= CONTACT_SECONDS,
                x.dept_id,
                x.ended_at,
                x.user_id,
                x.ended_at,
                x.user_id,
              ]),
            )}
            RETURNING id, call_record_id)
          UPDATE call_record c SET follow_up_id = f.id FROM f WHERE c.id = f.call_record_id`,
    );
  }

  // SMS: approved, enabled templates sent by the owners to their clients.
  const templates = await queryRows<{
    id: number;
    code: string;
    type: string;
    content: string;
    params: string[];
    sign_name: string;
  }>(
    db,
    sql`SELECT t.id, t.code, t.type, t.content, t.params, s.name AS sign_name
        FROM sms_template t JOIN sms_sign s ON s.id = t.sign_id
        WHERE t.deleted = false AND t.enabled AND t.audit_status = 'APPROVED' AND t.type <> 'VERIFICATION'
          AND s.status = 'APPROVED' ORDER BY t.id`,
  );
  const courses = ['暑期数学思维课', '英语自然拼读课', '语文阅读写作课'];
  const sms: unknown[][] = [];
  const smsFollowUps: { clientId: number; content: string; at: Date; user: number; dept: number | null }[] =
    [];
  if (templates.length) {
    for (const c of clients) {
      if (r() > 0.35) continue;
      const count = 1 + Math.floor(r() * 2);
      for (let k = 0; k < count; k++) {
        const t = pick(templates);
        if (t.type === 'PROMOTION' && c.sms_opt_out) continue;
        const at = moment(Math.floor(r() * DAYS));
        if (at.getTime() < c.since || at > plus(now, -10 * 60_000)) continue;
        const params: Record<string, string> = {};
        for (const p of t.params)
          params[p] =
            p === 'name' ? c.name : p === 'course' ? pick(courses) : p === 'time' ? '周六 09:30' : '';
        const content = `【${t.sign_name}】${t.content.replace(/\$\{(\w+)\}/g, (_, p: string) => params[p] ?? '')}`;
        const accepted = r() < 0.97;
        const delivered = accepted && r() < 0.95;
        sms.push([
          t.id,
          t.code,
          t.type,
          t.sign_name,
          c.mobile,
          JSON.stringify(params),
          content,
          c.id,
          c.owner,
          c.dept,
          'sandbox',
          accepted ? 'SUCCESS' : 'FAILURE',
          delivered ? 'SUCCESS' : 'FAILURE',
          accepted ? 'OK' : 'isv.MOBILE_NUMBER_ILLEGAL',
          accepted ? 'OK' : '号码格式错误',
          accepted ? `demo${sms.length + 1}` : '',
          delivered ? 'DELIVERED' : accepted ? 'UNDELIV' : '',
          at,
          accepted ? plus(at, 6000) : null,
        ]);
        if (accepted) smsFollowUps.push({ clientId: c.id, content, at, user: c.owner, dept: c.dept });
      }
    }
    for (const part of chunks(sms, 500))
      await db.execute(
        sql`INSERT INTO sms_log (template_id, template_code, template_type, sign_name, mobile, params, content, client_id,
              sent_by, dept_id, provider, send_status, receive_status, api_code, api_msg, biz_id, receive_code, sent_at, received_at)
            VALUES ${values(part)}`,
      );
    for (const part of chunks(smsFollowUps, 500))
      await db.execute(
        sql`INSERT INTO follow_up (client_id, type, source, content, counts_as_contact, creator_dept_id, created_at,
              created_by, updated_at, updated_by)
            VALUES ${values(part.map((f) => [f.clientId, 'SMS', 'SMS', f.content, false, f.dept, f.at, f.user, f.at, f.user]))}`,
      );
    await db.execute(
      sql`UPDATE sms_template t SET sent_count = x.n
          FROM (SELECT template_id, count(*)::int AS n FROM sms_log WHERE send_status = 'SUCCESS' GROUP BY template_id) x
          WHERE x.template_id = t.id`,
    );
  }

  // What the follow-ups changed on the clients (their count; contacts never moved the last one), and
  // today's dial counters of the numbers.
  const added = new Map<number, number>();
  for (const id of [...calls.map((c) => c.client_id), ...smsFollowUps.map((f) => f.clientId)])
    added.set(id, (added.get(id) ?? 0) + 1);
  await db.execute(
    sql`UPDATE client c SET follow_count = c.follow_count + x.n
        FROM jsonb_to_recordset(${JSON.stringify([...added].map(([id, n]) => ({ id, n })))}::jsonb) AS x(id bigint, n int)
        WHERE x.id = c.id`,
  );
  const today = new Date(now.getTime() + SHANGHAI_MS).toISOString().slice(0, 10);
  const todayStart = new Date(Math.floor((now.getTime() + SHANGHAI_MS) / DAY_MS) * DAY_MS - SHANGHAI_MS);
  await db.execute(
    sql`UPDATE caller_number n SET today_key = ${today}, today_calls = x.n
        FROM (SELECT number_id, count(*)::int AS n FROM call_record WHERE started_at >= ${todayStart} GROUP BY number_id) x
        WHERE x.number_id = n.id`,
  );
  return { calls: calls.length, sms: sms.length };
};
