import type {
  LiveAttendanceRow,
  LiveInput,
  LiveListQuery,
  LiveSessionRow,
  liveProviderSettings,
  liveProviderUpdate,
} from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { liveProviderConfig } from '../../db/schema';
import { said } from '../../lib/audit';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { offsetOf, toIso } from '../../lib/list';
import { maskMobile } from '../../lib/mask';
import { SecretBox, secretHint } from '../../lib/secret-box';
import { updateVersioned } from '../../lib/versioned';
import {
  type LiveProvider,
  LiveProviderError,
  liveProviderOf,
  verifyLcicCallback,
} from '../../providers/live';
import type { Principal } from '../../types';
import { auditOf, cappedCount, num } from './common';

interface RawLive {
  id: number;
  title: string;
  class_ids: (number | string)[];
  class_names: string[] | null;
  spu_id: number | null;
  teacher_id: number | null;
  teacher_name: string | null;
  provider: LiveSessionRow['provider'];
  room_id: string | null;
  watch_url: string;
  scheduled_start: Date | string;
  scheduled_end: Date | string;
  actual_start: Date | string | null;
  actual_end: Date | string | null;
  status: LiveSessionRow['status'];
  replay_status: LiveSessionRow['replayStatus'];
  replay_url: string;
  attendee_count: number;
  peak_online: number;
  avg_watch_minutes: number;
  remark: string;
  version: number;
}

const SELECT = sql`SELECT l.*, coalesce(nullif(u.nickname, ''), u.username) AS teacher_name,
  (SELECT array_agg(k.name ORDER BY k.id) FROM course_class k WHERE k.id = ANY(l.class_ids)) AS class_names
  FROM live_session l LEFT JOIN admin_user u ON u.id = l.teacher_id`;

const toLive = (r: RawLive): LiveSessionRow => ({
  id: Number(r.id),
  title: r.title,
  classIds: r.class_ids.map(Number),
  classNames: r.class_names ?? [],
  spuId: num(r.spu_id),
  teacherId: num(r.teacher_id),
  teacherName: r.teacher_name,
  provider: r.provider,
  roomId: r.room_id,
  watchUrl: r.watch_url,
  scheduledStart: toIso(r.scheduled_start) as string,
  scheduledEnd: toIso(r.scheduled_end) as string,
  actualStart: toIso(r.actual_start),
  actualEnd: toIso(r.actual_end),
  status: r.status,
  replayStatus: r.replay_status,
  replayUrl: r.replay_url,
  attendeeCount: r.attendee_count,
  peakOnline: r.peak_online,
  avgWatchMinutes: r.avg_watch_minutes,
  remark: r.remark,
  version: r.version,
});

const audit = auditOf('live-session');

/** One row of the attendance export (bulk 导出出勤, DOMAIN 6.3). */
export interface LiveAttendanceExportRow extends LiveAttendanceRow {
  sessionId: number;
  title: string;
  scheduledStart: string;
}
/** Without a provider callback a live session ends this long after its scheduled end (DOMAIN 6.2). */
export const LIVE_END_GRACE_MS = 30 * 60_000;

/**
 * 直播课堂 (DOMAIN 6.1-6.3): sessions of classes in a calendar and a list, rooms at the configured
 * provider (sandbox by default), signed provider callbacks, status by schedule, attendance per
 * member and replay. Provider settings are admin-only and their secrets sealed and write-only.
 */
export class LiveService {
  private readonly box: SecretBox;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    secretKey: string,
  ) {
    this.box = new SecretBox(secretKey);
  }

  // ---- provider settings --------------------------------------------------------------------------
  private async configRow(db: DbOrTx = this.db) {
    const [row] = await db.select().from(liveProviderConfig).orderBy(liveProviderConfig.id).limit(1);
    if (row) return row;
    const [created] = await db.insert(liveProviderConfig).values({}).returning();
    if (!created) throw new Error('live provider config missing');
    return created;
  }

  private open(sealed: string | null) {
    return sealed ? this.box.open(sealed) : '';
  }

  async provider(db: DbOrTx = this.db): Promise<LiveProvider> {
    const c = await this.configRow(db);
    return liveProviderOf(
      {
        provider: c.provider,
        sdkAppId: c.sdkAppId,
        secretId: c.secretId,
        secretKey: this.open(c.secretKeySealed),
        endpoint: c.endpoint,
        enterHost: c.enterHost,
      },
      this.now,
      async (origin, userId) => {
        await this.db.execute(
          sql`INSERT INTO live_user_map (provider, provider_user_id, origin_id) VALUES ('lcic', ${userId}, ${origin})
              ON CONFLICT (provider, provider_user_id) DO UPDATE SET origin_id = excluded.origin_id`,
        );
      },
    );
  }

  async settings(): Promise<z.infer<typeof liveProviderSettings>> {
    const c = await this.configRow();
    return {
      provider: c.provider as 'sandbox' | 'lcic',
      sdkAppId: c.sdkAppId,
      secretId: c.secretId,
      secretKeyHint: secretHint(this.open(c.secretKeySealed)),
      callbackKeyHint: secretHint(this.open(c.callbackKeySealed)),
      endpoint: c.endpoint,
      enterHost: c.enterHost,
      version: c.version,
    };
  }

  async updateSettings(p: Principal, input: z.infer<typeof liveProviderUpdate>, ip: string) {
    if (input.endpoint && !/^https?:\/\/[^\s/]+\/?$/.test(input.endpoint))
      throw fieldError('endpoint', 'invalidValue');
    await this.db.transaction(async (tx) => {
      const c = await this.configRow(tx);
      await updateVersioned(tx, liveProviderConfig, c.id, input.version, {
        provider: input.provider,
        sdkAppId: input.sdkAppId,
        secretId: input.secretId,
        ...(input.secretKey ? { secretKeySealed: this.box.seal(input.secretKey) } : {}),
        ...(input.callbackKey ? { callbackKeySealed: this.box.seal(input.callbackKey) } : {}),
        endpoint: input.endpoint.replace(/\/$/, ''),
        enterHost: input.enterHost,
        updatedBy: p.userId,
      });
      await audit(
        tx,
        p,
        ip,
        'course.live.provider',
        c.id,
        said(`live provider -> ${input.provider}`, { liveProvider: input.provider }),
        {
          secretKeyChanged: Boolean(input.secretKey),
          callbackKeyChanged: Boolean(input.callbackKey),
        },
      );
    });
    return this.settings();
  }

  // ---- sessions ---------------------------------------------------------------------------------------
  where(f: Omit<Partial<LiveListQuery>, 'page' | 'pageSize' | 'sort'>): SQL {
    const parts: SQL[] = [sql`TRUE`];
    if (f.classId) parts.push(sql`${f.classId}::bigint = ANY(l.class_ids)`);
    if (f.teacherId) parts.push(sql`l.teacher_id = ${f.teacherId}`);
    if (f.status?.length) parts.push(sql`l.status = ANY(${sql.param(f.status)}::text[])`);
    if (f.from) parts.push(sql`l.scheduled_start >= ${new Date(f.from)}`);
    if (f.to) parts.push(sql`l.scheduled_start < ${new Date(f.to)}`);
    return sql.join(parts, sql` AND `);
  }

  async list(q: LiveListQuery) {
    const where = this.where(q);
    const desc = (q.sort ?? 'scheduledStart').startsWith('-');
    const col = (q.sort ?? '').includes('attendeeCount') ? 'l.attendee_count' : 'l.scheduled_start';
    const [rows, count] = await Promise.all([
      queryRows<RawLive>(
        this.db,
        sql`${SELECT} WHERE ${where} ORDER BY ${sql.raw(`${col} ${desc ? 'DESC' : 'ASC'}`)}, l.id LIMIT ${q.pageSize} OFFSET ${offsetOf(q)}`,
      ),
      cappedCount(this.db, sql`FROM live_session l WHERE ${where}`),
    ]);
    return { items: rows.map(toLive), ...count, page: q.page, pageSize: q.pageSize };
  }

  async get(id: number, db: DbOrTx = this.db) {
    const [row] = await queryRows<RawLive>(db, sql`${SELECT} WHERE l.id = ${id}`);
    if (!row) throw notFound();
    return toLive(row);
  }

  private async checkInput(tx: DbOrTx, input: LiveInput) {
    if (new Date(input.scheduledEnd).getTime() <= new Date(input.scheduledStart).getTime())
      throw fieldError('scheduledEnd', 'liveTimeOrder');
    const found = await queryRows<{ id: number; spu_id: number | null }>(
      tx,
      sql`SELECT id, spu_id FROM course_class WHERE id = ANY(${sql.param(input.classIds)}::bigint[]) AND deleted = false`,
    );
    if (found.length !== new Set(input.classIds).size) throw fieldError('classIds', 'classNotFound');
    let teacher: { id: number; name: string } | null = null;
    if (input.teacherId) {
      const [u] = await queryRows<{ id: number; name: string }>(
        tx,
        sql`SELECT id, coalesce(nullif(nickname, ''), username) AS name FROM admin_user WHERE id = ${input.teacherId}`,
      );
      if (!u) throw fieldError('teacherId', 'notFound');
      teacher = { id: Number(u.id), name: u.name };
    }
    return { teacher, spuId: num(found[0]?.spu_id ?? null) };
  }

  private providerFailure(err: unknown): never {
    if (err instanceof LiveProviderError)
      throw new AppError(502, 'liveProviderFailed', { reason: `${err.code}: ${err.message}`.slice(0, 200) });
    throw err;
  }

  /** Schedules a session: the room is created at the provider first, then the row is written. */
  async create(p: Principal, input: LiveInput, ip: string) {
    const { teacher, spuId } = await this.checkInput(this.db, input);
    const provider = await this.provider();
    const { roomId } = await provider
      .createRoom({
        title: input.title,
        start: new Date(input.scheduledStart),
        end: new Date(input.scheduledEnd),
        teacher,
      })
      .catch((e) => this.providerFailure(e));
    const id = await this.db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO live_session (title, class_ids, spu_id, teacher_id, provider, room_id, watch_url, scheduled_start, scheduled_end, remark, created_by, updated_by)
            VALUES (${input.title}, ${sql.param([...new Set(input.classIds)])}::bigint[], ${spuId}, ${input.teacherId}, ${provider.kind}, ${roomId},
                    ${provider.watchUrl(roomId)}, ${new Date(input.scheduledStart)}, ${new Date(input.scheduledEnd)}, ${input.remark}, ${p.userId}, ${p.userId})
            RETURNING id`,
      );
      if (!row) throw new Error('insert failed');
      await audit(
        tx,
        p,
        ip,
        'course.live.create',
        row.id,
        said(`scheduled ${input.title} (${provider.kind} ${roomId})`, {
          title: input.title,
          liveProvider: provider.kind,
        }),
      );
      return Number(row.id);
    });
    return this.get(id);
  }

  async update(p: Principal, id: number, input: LiveInput & { version: number }, ip: string) {
    const { spuId } = await this.checkInput(this.db, input);
    await this.db.transaction(async (tx) => {
      const before = await this.get(id, tx);
      if (before.status !== 'SCHEDULED') throw new AppError(409, 'liveNotScheduled');
      const res = await queryRows<{ id: number }>(
        tx,
        sql`UPDATE live_session SET title = ${input.title}, class_ids = ${sql.param([...new Set(input.classIds)])}::bigint[], spu_id = ${spuId},
              teacher_id = ${input.teacherId}, scheduled_start = ${new Date(input.scheduledStart)}, scheduled_end = ${new Date(input.scheduledEnd)},
              remark = ${input.remark}, version = version + 1, updated_at = ${this.now()}, updated_by = ${p.userId}
            WHERE id = ${id} AND version = ${input.version} AND status = 'SCHEDULED' RETURNING id`,
      );
      if (!res.length) throw new AppError(409, 'conflict');
      await audit(
        tx,
        p,
        ip,
        'course.live.update',
        id,
        said(`updated ${input.title}`, { title: input.title }),
      );
    });
    return this.get(id);
  }

  async cancel(p: Principal, id: number, ip: string) {
    const s = await this.get(id);
    if (s.status !== 'SCHEDULED') throw new AppError(409, 'liveNotScheduled');
    if (s.roomId) await (await this.provider()).cancel(s.roomId).catch((e) => this.providerFailure(e));
    await this.db.transaction(async (tx) => {
      const res = await queryRows<{ id: number }>(
        tx,
        sql`UPDATE live_session SET status = 'CANCELLED', version = version + 1, updated_at = ${this.now()}, updated_by = ${p.userId}
            WHERE id = ${id} AND status = 'SCHEDULED' RETURNING id`,
      );
      if (!res.length) throw new AppError(409, 'liveNotScheduled');
      await audit(tx, p, ip, 'course.live.cancel', id, said(`cancelled ${s.title}`, { title: s.title }));
    });
    return this.get(id);
  }

  /** 开播: the teacher's entry (the session's teacher, or the caller). Audited: it carries a token. */
  async teacherLink(p: Principal, id: number, ip: string) {
    const s = await this.get(id);
    if (!s.roomId || s.status === 'CANCELLED' || s.status === 'ENDED')
      throw new AppError(409, 'liveNotScheduled');
    const teacher = s.teacherId
      ? { id: s.teacherId, name: s.teacherName ?? '' }
      : { id: p.userId, name: p.nickname };
    const url = await (await this.provider())
      .teacherUrl(s.roomId, teacher)
      .catch((e) => this.providerFailure(e));
    await audit(
      this.db,
      p,
      ip,
      'course.live.teacher-link',
      id,
      said(`teacher link of ${s.title}`, { title: s.title }),
    );
    return { url };
  }

  async attendance(id: number): Promise<LiveAttendanceRow[]> {
    const rows = await queryRows<{
      member_user_id: number;
      nickname: string;
      mobile: string;
      first_join_at: Date | null;
      last_leave_at: Date | null;
      watch_seconds: number;
      replay_seconds: number;
    }>(
      this.db,
      sql`SELECT a.member_user_id, m.nickname, m.mobile, a.first_join_at, a.last_leave_at, a.watch_seconds, a.replay_seconds
          FROM live_attendance a JOIN member_user m ON m.id = a.member_user_id
          WHERE a.session_id = ${id} ORDER BY a.watch_seconds DESC, a.member_user_id LIMIT 5000`,
    );
    return rows.map((r) => ({
      memberId: Number(r.member_user_id),
      memberNickname: r.nickname,
      mobile: maskMobile(r.mobile),
      firstJoinAt: toIso(r.first_join_at),
      lastLeaveAt: toIso(r.last_leave_at),
      watchSeconds: r.watch_seconds,
      replaySeconds: r.replay_seconds,
    }));
  }

  /** Attendance rows of the sessions matching the list filters (the attendance export), capped count. */
  async attendanceCount(f: Omit<Partial<LiveListQuery>, 'page' | 'pageSize' | 'sort'>, cap: number) {
    return (
      await cappedCount(
        this.db,
        sql`FROM live_attendance a JOIN live_session l ON l.id = a.session_id WHERE ${this.where(f)}`,
        cap,
      )
    ).total;
  }

  /** The attendance export's rows: session by session, then member; keyset paging. */
  async *attendanceBatches(
    f: Omit<Partial<LiveListQuery>, 'page' | 'pageSize' | 'sort'>,
  ): AsyncIterable<LiveAttendanceExportRow[]> {
    let after = { session: 0, member: 0 };
    for (;;) {
      const rows = await queryRows<{
        session_id: number;
        title: string;
        scheduled_start: Date | string;
        member_user_id: number;
        nickname: string;
        mobile: string;
        first_join_at: Date | null;
        last_leave_at: Date | null;
        watch_seconds: number;
        replay_seconds: number;
      }>(
        this.db,
        sql`SELECT a.session_id, l.title, l.scheduled_start, a.member_user_id, m.nickname, m.mobile,
              a.first_join_at, a.last_leave_at, a.watch_seconds, a.replay_seconds
            FROM live_attendance a JOIN live_session l ON l.id = a.session_id JOIN member_user m ON m.id = a.member_user_id
            WHERE ${this.where(f)} AND (a.session_id, a.member_user_id) > (${after.session}, ${after.member})
            ORDER BY a.session_id, a.member_user_id LIMIT 1000`,
      );
      if (!rows.length) return;
      yield rows.map((r) => ({
        sessionId: Number(r.session_id),
        title: r.title,
        scheduledStart: toIso(r.scheduled_start) as string,
        memberId: Number(r.member_user_id),
        memberNickname: r.nickname,
        mobile: maskMobile(r.mobile),
        firstJoinAt: toIso(r.first_join_at),
        lastLeaveAt: toIso(r.last_leave_at),
        watchSeconds: r.watch_seconds,
        replaySeconds: r.replay_seconds,
      }));
      const last = rows[rows.length - 1];
      after = { session: Number(last?.session_id), member: Number(last?.member_user_id) };
    }
  }

  /** Member ids of the session's classes (NORMAL students). */
  private async roster(db: DbOrTx, classIds: number[]) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`SELECT DISTINCT member_user_id AS id FROM class_student WHERE class_id = ANY(${sql.param(classIds)}::bigint[]) AND status = 'NORMAL'`,
    );
    return rows.map((r) => Number(r.id));
  }

  /** Stores attendance (upsert per member) and refreshes the session's figures. */
  private async storeAttendance(
    tx: DbOrTx,
    sessionId: number,
    rows: { memberId: number; firstJoinAt: Date | null; lastLeaveAt: Date | null; watchSeconds: number }[],
  ) {
    for (const a of rows) {
      const inserted = await queryRows<{ inserted: boolean }>(
        tx,
        sql`INSERT INTO live_attendance (session_id, member_user_id, first_join_at, last_leave_at, watch_seconds)
            VALUES (${sessionId}, ${a.memberId}, ${a.firstJoinAt}, ${a.lastLeaveAt}, ${a.watchSeconds})
            ON CONFLICT (session_id, member_user_id) DO UPDATE SET
              first_join_at = least(live_attendance.first_join_at, excluded.first_join_at),
              last_leave_at = greatest(live_attendance.last_leave_at, excluded.last_leave_at),
              watch_seconds = greatest(live_attendance.watch_seconds, excluded.watch_seconds)
            RETURNING (xmax = 0) AS inserted`,
      );
      if (inserted[0]?.inserted)
        await tx.execute(
          sql`UPDATE class_student cs SET attendance_count = attendance_count + 1 FROM live_session l
              WHERE l.id = ${sessionId} AND cs.class_id = ANY(l.class_ids) AND cs.member_user_id = ${a.memberId} AND cs.status = 'NORMAL'`,
        );
    }
    await tx.execute(sql`
      UPDATE live_session l SET
        attendee_count = s.n, avg_watch_minutes = s.avg_min, peak_online = greatest(l.peak_online, s.n), updated_at = ${this.now()}
      FROM (SELECT count(*)::int AS n, coalesce(round(avg(watch_seconds) / 60.0), 0)::int AS avg_min
            FROM live_attendance WHERE session_id = ${sessionId}) s
      WHERE l.id = ${sessionId}`);
  }

  /**
   * Status by schedule when no callback has moved it (DOMAIN 6.2): SCHEDULED → LIVE at the start,
   * LIVE → ENDED 30 minutes after the scheduled end; an ended session pulls attendance and replay
   * from its provider once. Idempotent (conditions in the UPDATEs).
   */
  async runSchedule(now: Date) {
    const started = await queryRows<{ id: number }>(
      this.db,
      sql`UPDATE live_session SET status = 'LIVE', actual_start = coalesce(actual_start, scheduled_start), updated_at = ${now}
          WHERE status = 'SCHEDULED' AND scheduled_start <= ${now} RETURNING id`,
    );
    const ended = await queryRows<{ id: number }>(
      this.db,
      sql`UPDATE live_session SET status = 'ENDED', actual_end = coalesce(actual_end, scheduled_end),
            replay_status = CASE WHEN replay_status = 'NONE' THEN 'GENERATING' ELSE replay_status END, updated_at = ${now}
          WHERE status = 'LIVE' AND scheduled_end <= ${new Date(now.getTime() - LIVE_END_GRACE_MS)} RETURNING id`,
    );
    let synced = 0;
    const due = await queryRows<{ id: number }>(
      this.db,
      sql`SELECT id FROM live_session WHERE status = 'ENDED' AND replay_status <> 'READY' AND room_id IS NOT NULL ORDER BY id LIMIT 50`,
    );
    for (const s of due) {
      if (await this.sync(Number(s.id), now).catch(() => false)) synced += 1;
    }
    return { started: started.length, ended: ended.length, synced };
  }

  /** Pulls attendance and replay of an ended session from its provider. */
  async sync(id: number, now: Date) {
    const s = await this.get(id);
    if (!s.roomId || s.status !== 'ENDED') return false;
    const provider = await this.provider();
    if (provider.kind !== s.provider) return false;
    const range = { start: new Date(s.scheduledStart), end: new Date(s.scheduledEnd) };
    const roster = await this.roster(this.db, s.classIds);
    const [rows, state] = await Promise.all([
      provider.attendance(s.roomId, range, roster),
      provider.state(s.roomId, range, now),
    ]);
    await this.db.transaction(async (tx) => {
      await this.storeAttendance(tx, id, rows);
      if (state.replayUrl)
        await tx.execute(
          sql`UPDATE live_session SET replay_status = 'READY', replay_url = ${state.replayUrl}, updated_at = ${now} WHERE id = ${id}`,
        );
    });
    return true;
  }

  /**
   * A signed LCIC callback: refused unless Sign = md5(CallbackKey + ExpireTime) and not expired;
   * each event applied once (live_callback_event's unique key). RoomStart → LIVE, RoomEnd → ENDED,
   * MemberJoin / MemberQuit → attendance, RecordFinish → replay READY.
   */
  async lcicCallback(body: Record<string, unknown>) {
    const c = await this.configRow();
    const key = this.open(c.callbackKeySealed);
    if (!key || !verifyLcicCallback(body, key, this.now())) throw new AppError(401, 'liveBadSignature');
    const type = String(body.EventType ?? '');
    const data = (body.EventData ?? {}) as Record<string, unknown>;
    const roomId = String(data.RoomId ?? '');
    const ts = Number(body.Timestamp ?? 0);
    const eventKey = `${roomId}:${type}:${ts}:${String(data.UserId ?? '')}`.slice(0, 200);
    return this.db.transaction(async (tx) => {
      const fresh = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO live_callback_event (provider, event_key, event_type, payload, received_at)
            VALUES ('lcic', ${eventKey}, ${type.slice(0, 40)}, ${JSON.stringify(body)}::jsonb, ${this.now()})
            ON CONFLICT DO NOTHING RETURNING id`,
      );
      if (!fresh.length) return { applied: false, duplicate: true };
      const [s] = await queryRows<{ id: number; class_ids: number[] }>(
        tx,
        sql`SELECT id, class_ids FROM live_session WHERE provider = 'lcic' AND room_id = ${roomId} FOR UPDATE`,
      );
      if (!s) return { applied: false, duplicate: false };
      const at = new Date((ts || Math.floor(this.now().getTime() / 1000)) * 1000);
      const sid = Number(s.id);
      if (type === 'RoomStart')
        await tx.execute(
          sql`UPDATE live_session SET status = 'LIVE', actual_start = coalesce(actual_start, ${at}), updated_at = ${this.now()} WHERE id = ${sid} AND status IN ('SCHEDULED','LIVE')`,
        );
      else if (type === 'RoomEnd')
        await tx.execute(
          sql`UPDATE live_session SET status = 'ENDED', actual_end = ${at}, replay_status = CASE WHEN replay_status = 'NONE' THEN 'GENERATING' ELSE replay_status END, updated_at = ${this.now()}
              WHERE id = ${sid} AND status IN ('SCHEDULED','LIVE')`,
        );
      else if (type === 'RecordFinish' && typeof data.RecordUrl === 'string')
        await tx.execute(
          sql`UPDATE live_session SET replay_status = 'READY', replay_url = ${data.RecordUrl.slice(0, 1024)}, updated_at = ${this.now()} WHERE id = ${sid}`,
        );
      else if (type === 'MemberJoin' || type === 'MemberQuit') {
        // Our members are LCIC users with OriginId "m<id>"; the callback names the LCIC UserId,
        // mapped back through the pairs RegisterUser answered (live_user_map).
        const [mapped] = await queryRows<{ origin_id: string }>(
          tx,
          sql`SELECT origin_id FROM live_user_map WHERE provider = 'lcic' AND provider_user_id = ${String(data.UserId ?? '')}`,
        );
        const origin = mapped?.origin_id ?? '';
        const memberId = /^m(\d+)$/.test(origin) ? Number(origin.slice(1)) : null;
        if (memberId != null) {
          const seconds = type === 'MemberQuit' ? Math.max(0, Number(data.Duration ?? 0)) : 0;
          await this.storeAttendance(tx, sid, [
            {
              memberId,
              firstJoinAt: type === 'MemberJoin' ? at : null,
              lastLeaveAt: type === 'MemberQuit' ? at : null,
              watchSeconds: seconds,
            },
          ]);
        }
      }
      return { applied: true, duplicate: false };
    });
  }
}
