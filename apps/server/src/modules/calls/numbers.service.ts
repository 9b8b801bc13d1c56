import {
  type BulkResult,
  CALL_PROVIDERS,
  CALLER_NUMBER_PATTERN,
  formatMessage,
  type Language,
  NUMBER_IMPORT_MAX_ROWS,
  NUMBER_MODES,
  NUMBER_TYPES,
  type NumberCreate,
  type NumberListQuery,
  type NumberRow,
  type NumberStatus,
  type NumberUpdate,
} from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { callerNumber } from '../../db/schema';
import { said } from '../../lib/audit';
import { runBulk } from '../../lib/bulk';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { likeContains, offsetOf, toIso } from '../../lib/list';
import { queryPrepared } from '../../lib/named-query';
import { sqlIn } from '../../lib/sql-in';
import { updateVersioned } from '../../lib/versioned';
import type { Principal } from '../../types';
import { shanghaiDayKey } from '../clients/common';
import { readSheet, sheetKindOf, TooManyRowsError } from '../clients/spreadsheet';
import { auditOf, bigintArray, deptPathOf, isUniqueViolation } from './common';

const DAY_MS = 24 * 60 * 60 * 1000;

type Raw = {
  id: number;
  number: string;
  number_type: string;
  provider: string;
  provider_ref: string;
  city: string;
  carrier: string;
  mode: string;
  assigned_user_ids: (number | string)[];
  assigned_user_names: string[] | null;
  assigned_dept_ids: (number | string)[];
  assigned_dept_names: string[] | null;
  daily_limit: number;
  concurrency: number;
  call_window_start: string;
  call_window_end: string;
  status: string;
  expire_at: string | null;
  monthly_cost: number | string;
  remark: string;
  today_key: string;
  today_calls: number;
  active_calls: number;
  calls7d: number;
  answered7d: number;
  flagged_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
  /** The list's total, on every row of a list page (count(*) OVER ()). */
  full_count?: number | string;
};

/**
 * Caller numbers (DOMAIN 7.1): list with today's use and the 7-day connect rate, CRUD, status,
 * assignment to users and departments, import from a sheet with per-row results. Visibility:
 * scope ALL sees every number; others the numbers assigned to them or to their department
 * (or its ancestors), and the unassigned ones (open to every caller).
 */
export class NumberService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Numbers the caller may see and dial with (the same set: siyu "R numbers assigned to me"). */
  async usableBy(p: Principal, db: DbOrTx = this.db): Promise<SQL> {
    const path = await deptPathOf(db, p);
    return sql`(n.assigned_user_ids @> ARRAY[${p.userId}]::bigint[]
      OR n.assigned_dept_ids && ${bigintArray(path)}
      OR (cardinality(n.assigned_user_ids) = 0 AND cardinality(n.assigned_dept_ids) = 0))`;
  }

  async visible(p: Principal): Promise<SQL> {
    return p.dataScope === 'ALL' ? sql`TRUE` : this.usableBy(p);
  }

  /**
   * The page's numbers first, then their names and 7-day counts: a lateral beside the ORDER BY ...
   * LIMIT of the outer query is computed for every number before the sort (200 counts for a page of 20).
   * The 7 days are today and the 6 days before it (Asia/Shanghai), read from call_number_day (a row
   * per number and day, kept by triggers on call_record): 7 rows a number, where counting the week's
   * calls read ~400 index entries a number at 2M calls (2,000 at 10M).
   */
  private select(where: SQL, order: SQL, limit: number, offset: number, withTotal = false) {
    const sinceDay = shanghaiDayKey(new Date(this.now().getTime() - 6 * DAY_MS));
    // Prepared per shape (scope, filters, sort): the name and count subqueries were planned on
    // every page view (lib/named-query).
    return queryPrepared<Raw>(
      this.db,
      'number_list',
      sql`SELECT n.*, 
            (SELECT array_agg(coalesce(nullif(u.nickname, ''), u.username) ORDER BY u.id) FROM admin_user u
              WHERE u.id = ANY(n.assigned_user_ids)) AS assigned_user_names,
            (SELECT array_agg(d.name ORDER BY d.id) FROM department d WHERE d.id = ANY(n.assigned_dept_ids)) AS assigned_dept_names,
            s.calls7d, s.answered7d
          FROM (
            SELECT n.*${withTotal ? sql`, count(*) OVER () AS full_count` : sql``} FROM caller_number n WHERE n.deleted = false AND ${where}
            ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
          ) n
          LEFT JOIN LATERAL (
            SELECT sum(d.calls)::int AS calls7d, sum(d.answered)::int AS answered7d
            FROM call_number_day d WHERE d.number_id = n.id AND d.day >= ${sinceDay}::date
          ) s ON true
          ORDER BY ${order}`,
    );
  }

  private toRow(r: Raw): NumberRow {
    const today = shanghaiDayKey(this.now());
    return {
      id: Number(r.id),
      number: r.number,
      numberType: r.number_type as NumberRow['numberType'],
      provider: r.provider as NumberRow['provider'],
      providerRef: r.provider_ref,
      city: r.city,
      carrier: r.carrier,
      mode: r.mode as NumberRow['mode'],
      assignedUserIds: (r.assigned_user_ids ?? []).map(Number),
      assignedUserNames: r.assigned_user_names ?? [],
      assignedDeptIds: (r.assigned_dept_ids ?? []).map(Number),
      assignedDeptNames: r.assigned_dept_names ?? [],
      dailyLimit: r.daily_limit,
      concurrency: r.concurrency,
      callWindowStart: r.call_window_start,
      callWindowEnd: r.call_window_end,
      status: r.status as NumberStatus,
      expireAt: r.expire_at ? String(r.expire_at).slice(0, 10) : null,
      monthlyCost: Number(r.monthly_cost),
      remark: r.remark,
      todayCalls: r.today_key === today ? r.today_calls : 0,
      activeCalls: r.active_calls,
      calls7d: r.calls7d ?? 0,
      connectRate7d: r.calls7d ? Math.round((r.answered7d / r.calls7d) * 1000) / 1000 : null,
      flaggedAt: toIso(r.flagged_at),
      createdAt: toIso(r.created_at) as string,
      updatedAt: toIso(r.updated_at) as string,
      version: r.version,
    };
  }

  async list(p: Principal, q: NumberListQuery) {
    const where = sql.join(
      [
        await this.visible(p),
        q.keyword
          ? sql`(n.number LIKE ${likeContains(q.keyword)} OR n.city ILIKE ${likeContains(q.keyword)} OR n.remark ILIKE ${likeContains(q.keyword)})`
          : undefined,
        q.status?.length ? sqlIn(sql`n.status`, q.status) : undefined,
        q.numberType?.length ? sqlIn(sql`n.number_type`, q.numberType) : undefined,
        q.provider ? sql`n.provider = ${q.provider}` : undefined,
        q.assignedUserId ? sql`n.assigned_user_ids @> ARRAY[${q.assignedUserId}]::bigint[]` : undefined,
      ].filter((c): c is SQL => Boolean(c)),
      sql` AND `,
    );
    const cols: Record<string, string> = {
      createdAt: 'n.created_at',
      number: 'n.number',
      dailyLimit: 'n.daily_limit',
      status: 'n.status',
    };
    const sorts = (q.sort ?? '-createdAt')
      .split(',')
      .filter(Boolean)
      .map((s) => sql.raw(`${cols[s.replace(/^-/, '')]} ${s.startsWith('-') ? 'DESC' : 'ASC'}`));
    const order = sql.join([...sorts, sql.raw('n.id DESC')], sql`, `);
    // One round trip: the page carries the list's total (count(*) OVER () before the LIMIT); only a
    // page past the end, which has no row to carry it, counts on its own.
    const items = await this.select(where, order, q.pageSize, offsetOf(q), true);
    const total =
      items.length > 0
        ? Number(items[0]?.full_count ?? 0)
        : Number(
            (
              await queryRows<{ n: number }>(
                this.db,
                sql`SELECT count(*)::int AS n FROM caller_number n WHERE n.deleted = false AND ${where}`,
              )
            )[0]?.n ?? 0,
          );
    return {
      items: items.map((r) => this.toRow(r)),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async get(p: Principal, id: number): Promise<NumberRow> {
    const [row] = await this.select(sql`n.id = ${id} AND ${await this.visible(p)}`, sql`n.id`, 1, 0);
    if (!row) throw notFound();
    return this.toRow(row);
  }

  private async checkRefs(tx: DbOrTx, userIds: number[], deptIds: number[]) {
    if (userIds.length) {
      const [r] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM admin_user WHERE id = ANY(${bigintArray(userIds)}) AND deleted = false`,
      );
      if ((r?.n ?? 0) !== new Set(userIds).size) throw fieldError('assignedUserIds', 'invalidValue');
    }
    if (deptIds.length) {
      const [r] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM department WHERE id = ANY(${bigintArray(deptIds)})`,
      );
      if ((r?.n ?? 0) !== new Set(deptIds).size) throw fieldError('assignedDeptIds', 'invalidValue');
    }
  }

  private numberTaken = (err: unknown): never => {
    if (isUniqueViolation(err)) throw fieldError('number', 'numberTaken');
    throw err;
  };

  async create(p: Principal, input: NumberCreate, ip: string | null, db: DbOrTx = this.db): Promise<number> {
    return db
      .transaction(async (tx) => {
        await this.checkRefs(tx, input.assignedUserIds, input.assignedDeptIds);
        const [row] = await tx
          .insert(callerNumber)
          .values({
            ...input,
            assignedUserIds: [...new Set(input.assignedUserIds)],
            assignedDeptIds: [...new Set(input.assignedDeptIds)],
            createdBy: p.userId,
            updatedBy: p.userId,
          })
          .returning({ id: callerNumber.id });
        if (!row) throw new Error('insert failed');
        await auditOf(
          tx,
          p,
          ip,
          'call.number.create',
          'caller_number',
          row.id,
          said(`created ${input.number}`, { number: input.number }),
        );
        return row.id;
      })
      .catch(this.numberTaken);
  }

  async update(p: Principal, id: number, input: NumberUpdate, ip: string) {
    await this.db
      .transaction(async (tx) => {
        await this.checkRefs(tx, input.assignedUserIds, input.assignedDeptIds);
        const { version, ...values } = input;
        await updateVersioned(
          tx,
          callerNumber,
          id,
          version,
          {
            ...values,
            ...(values.status === 'AVAILABLE' ? { flaggedAt: null } : {}),
            updatedBy: p.userId,
          },
          sql`${callerNumber.deleted} = false`,
        );
        await auditOf(
          tx,
          p,
          ip,
          'call.number.update',
          'caller_number',
          id,
          said(`updated ${input.number} ${input.status}`, {
            number: input.number,
            numberStatus: input.status,
          }),
        );
      })
      .catch(this.numberTaken);
    return this.get(p, id);
  }

  async setStatus(p: Principal, id: number, status: NumberStatus, version: number | null, ip: string) {
    await this.db.transaction(async (tx) => {
      const values = { status, updatedBy: p.userId, ...(status === 'AVAILABLE' ? { flaggedAt: null } : {}) };
      if (version != null)
        await updateVersioned(tx, callerNumber, id, version, values, sql`${callerNumber.deleted} = false`);
      else {
        const res = await tx
          .update(callerNumber)
          .set({ ...values, version: sql`${callerNumber.version} + 1`, updatedAt: this.now() })
          .where(sql`${callerNumber.id} = ${id} AND ${callerNumber.deleted} = false`)
          .returning({ id: callerNumber.id });
        if (!res.length) throw notFound();
      }
      await auditOf(
        tx,
        p,
        ip,
        'call.number.status',
        'caller_number',
        id,
        said(`status -> ${status}`, { numberStatus: status }),
      );
    });
  }

  async bulkStatus(p: Principal, ids: number[], status: NumberStatus, lang: Language, ip: string) {
    return runBulk(ids, lang, (id) => this.setStatus(p, id, status, null, ip));
  }

  async assign(
    p: Principal,
    input: { ids: number[]; userIds: number[]; deptIds: number[]; mode: 'replace' | 'add' },
    lang: Language,
    ip: string,
  ): Promise<BulkResult> {
    await this.checkRefs(this.db, input.userIds, input.deptIds);
    const users = bigintArray([...new Set(input.userIds)]);
    const depts = bigintArray([...new Set(input.deptIds)]);
    return runBulk(input.ids, lang, async (id) => {
      await this.db.transaction(async (tx) => {
        const set =
          input.mode === 'replace'
            ? sql`assigned_user_ids = ${users}, assigned_dept_ids = ${depts}`
            : sql`assigned_user_ids = ARRAY(SELECT DISTINCT unnest(assigned_user_ids || ${users})),
                  assigned_dept_ids = ARRAY(SELECT DISTINCT unnest(assigned_dept_ids || ${depts}))`;
        const res = await queryRows<{ id: number }>(
          tx,
          sql`UPDATE caller_number SET ${set}, version = version + 1, updated_at = ${this.now()}, updated_by = ${p.userId}
              WHERE id = ${id} AND deleted = false RETURNING id`,
        );
        if (!res.length) throw notFound();
        await auditOf(
          tx,
          p,
          ip,
          'call.number.assign',
          'caller_number',
          id,
          said(`${input.mode} users [${input.userIds.join(',')}] depts [${input.deptIds.join(',')}]`, {
            users: input.userIds.length,
            depts: input.deptIds.length,
            add: input.mode === 'add',
          }),
        );
      });
    });
  }

  async remove(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const res = await tx
        .update(callerNumber)
        .set({
          deleted: true,
          version: sql`${callerNumber.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(sql`${callerNumber.id} = ${id} AND ${callerNumber.deleted} = false`)
        .returning({ number: callerNumber.number });
      if (!res.length) throw notFound();
      await auditOf(
        tx,
        p,
        ip,
        'call.number.delete',
        'caller_number',
        id,
        said(`deleted ${res[0]?.number}`, { number: res[0]?.number ?? '' }),
      );
    });
  }

  /**
   * Import: a sheet with the header row 号码/number, 类型/type, 城市/city, 运营商/carrier, 每日上限/daily limit,
   * 并发/concurrency, 服务商/provider (optional columns keep their defaults). Each row is created on
   * its own and answered with its own result; duplicates (in the file or already stored) are refused.
   */
  async importSheet(p: Principal, file: { fileName: string; data: Buffer }, lang: Language, ip: string) {
    const kind = sheetKindOf(file.fileName, file.data);
    if (!kind) throw new AppError(400, 'importFileType');
    let rows: string[][];
    try {
      rows = await readSheet(kind, file.data, NUMBER_IMPORT_MAX_ROWS + 1);
    } catch (err) {
      if (err instanceof TooManyRowsError)
        throw new AppError(400, 'importTooManyRows', { max: NUMBER_IMPORT_MAX_ROWS });
      throw err;
    }
    const [header, ...data] = rows;
    if (!header || !data.length) throw new AppError(400, 'importEmpty');
    const aliases: Record<string, string[]> = {
      number: ['号码', 'number'],
      numberType: ['类型', 'type'],
      city: ['城市', 'city'],
      carrier: ['运营商', 'carrier'],
      dailyLimit: ['每日上限', 'daily limit', 'dailylimit'],
      concurrency: ['并发', 'concurrency'],
      provider: ['服务商', 'provider'],
      mode: ['模式', 'mode'],
    };
    const col: Record<string, number> = {};
    header.forEach((h, i) => {
      const key = Object.entries(aliases).find(([, names]) => names.includes(h.trim().toLowerCase()))?.[0];
      if (key && col[key] === undefined) col[key] = i;
    });
    if (col.number === undefined) throw new AppError(400, 'importHeaderMissing', { column: '号码 / number' });
    const results: { row: number; number: string; ok: boolean; msg: string }[] = [];
    const seen = new Set<string>();
    for (const [i, cells] of data.entries()) {
      const cell = (k: string) => (col[k] === undefined ? '' : (cells[col[k] as number] ?? '').trim());
      const number = cell('number').replace(/[\s-]/g, '');
      const bad = (field: string) =>
        results.push({
          row: i + 2,
          number,
          ok: false,
          msg: formatMessage(lang, 'importRowInvalid', { field }),
        });
      if (!CALLER_NUMBER_PATTERN.test(number)) {
        bad('number');
        continue;
      }
      const type = (cell('numberType') || 'MOBILE').toUpperCase();
      const provider = cell('provider') || 'sandbox';
      const mode = (cell('mode') || 'POOL').toUpperCase();
      const limit = cell('dailyLimit') ? Number(cell('dailyLimit')) : 200;
      const conc = cell('concurrency') ? Number(cell('concurrency')) : 1;
      if (!(NUMBER_TYPES as readonly string[]).includes(type)) {
        bad('type');
        continue;
      }
      if (!(CALL_PROVIDERS as readonly string[]).includes(provider)) {
        bad('provider');
        continue;
      }
      if (!(NUMBER_MODES as readonly string[]).includes(mode)) {
        bad('mode');
        continue;
      }
      if (!Number.isInteger(limit) || limit < 0 || limit > 100_000) {
        bad('daily limit');
        continue;
      }
      if (!Number.isInteger(conc) || conc < 1 || conc > 1000) {
        bad('concurrency');
        continue;
      }
      if (seen.has(number)) {
        results.push({ row: i + 2, number, ok: false, msg: formatMessage(lang, 'importRowDuplicate') });
        continue;
      }
      seen.add(number);
      try {
        await this.create(
          p,
          {
            number,
            numberType: type as NumberCreate['numberType'],
            provider: provider as NumberCreate['provider'],
            providerRef: '',
            city: cell('city').slice(0, 32),
            carrier: cell('carrier').slice(0, 32),
            mode: mode as NumberCreate['mode'],
            assignedUserIds: [],
            assignedDeptIds: [],
            dailyLimit: limit,
            concurrency: conc,
            callWindowStart: '09:00',
            callWindowEnd: '20:30',
            expireAt: null,
            monthlyCost: 0,
            remark: '',
            status: 'AVAILABLE',
          },
          ip,
        );
        results.push({ row: i + 2, number, ok: true, msg: 'ok' });
      } catch (err) {
        if (err instanceof AppError && err.messageKey === 'validationFailed') {
          results.push({ row: i + 2, number, ok: false, msg: formatMessage(lang, 'importRowDuplicate') });
          continue;
        }
        throw err;
      }
    }
    const succeeded = results.filter((r) => r.ok).length;
    return { results, succeeded, failed: results.length - succeeded };
  }
}
