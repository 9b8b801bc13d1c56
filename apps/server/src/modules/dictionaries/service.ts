import {
  academicYearOf,
  type ChannelCreate,
  type ChannelNode,
  type ChannelRow,
  type ChannelUpdate,
  type DictOptions,
  type GradeAdvanceResult,
  type GradeCreate,
  type GradeRow,
  type GradeUpdate,
  type PlatformCreate,
  type PlatformListQuery,
  type PlatformRow,
  type PlatformUpdate,
} from '@educrm/contract';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { grade, orderChannel, sourcePlatform } from '../../db/schema';
import { type AuditSummary, said, writeAudit } from '../../lib/audit';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { likeContains, offsetOf, orderByOf, toIso } from '../../lib/list';
import { updateVersioned } from '../../lib/versioned';
import type { Principal } from '../../types';

const GRADE_ADVANCE_LOCK = 7_300_101;

const toPlatform = (r: typeof sourcePlatform.$inferSelect): PlatformRow => ({
  id: r.id,
  code: r.code,
  name: r.name,
  type: r.type as PlatformRow['type'],
  syncEnabled: r.syncEnabled,
  status: r.status as PlatformRow['status'],
  sort: r.sort,
  remark: r.remark,
  createdAt: toIso(r.createdAt) as string,
  updatedAt: toIso(r.updatedAt) as string,
  version: r.version,
});
const toChannel = (r: typeof orderChannel.$inferSelect): ChannelRow => ({
  id: r.id,
  code: r.code,
  name: r.name,
  parentId: r.parentId,
  status: r.status as ChannelRow['status'],
  sort: r.sort,
  remark: r.remark,
  version: r.version,
});

type DictTable = typeof sourcePlatform | typeof orderChannel | typeof grade;

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === '23505';
};

/** The data of an "in use" refusal: the page offers to disable the entry instead of deleting it. */
const IN_USE = (usedBy: 'clients' | 'orders' | 'children', count: number) => ({
  reason: 'IN_USE',
  usedBy,
  count,
});

/**
 * Order dictionaries (DOMAIN 4.3): source platforms, two-level order channels and grades with the
 * admin's explicit yearly advance (Decision 10). Entries in use are refused deletion with the
 * number of clients using them; they can be disabled instead.
 */
export class DictionaryService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  private audit(
    tx: DbOrTx,
    p: Principal,
    ip: string,
    action: string,
    type: string,
    id: number,
    summary: AuditSummary,
  ) {
    return writeAudit(tx, {
      actorId: p.userId,
      actorName: p.username,
      action,
      targetType: type,
      targetId: id,
      summary,
      ip,
    });
  }

  private async codeFree(tx: DbOrTx, table: DictTable, code: string, exceptId?: number) {
    const [taken] = await tx
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          eq(table.code, code),
          eq(table.deleted, false),
          exceptId ? sql`${table.id} <> ${exceptId}` : undefined,
        ),
      );
    if (taken) throw fieldError('code', 'dictCodeTaken');
  }

  private async live<T extends DictTable>(tx: DbOrTx, table: T, id: number) {
    const [row] = await tx
      .select()
      .from(table as DictTable)
      .where(and(eq(table.id, id), eq(table.deleted, false)));
    if (!row) throw notFound();
    return row as T['$inferSelect'];
  }

  /**
   * The delete guard: refused while live clients or any orders use the entry, saying how many
   * ("已被 12 个客户引用").
   */
  private async assertUnused(
    tx: DbOrTx,
    column: 'source_platform_id' | 'channel_id' | 'grade_id',
    id: number,
  ) {
    const [row] = await queryRows<{ clients: number; orders: number }>(
      tx,
      sql`SELECT (SELECT count(*)::int FROM client WHERE ${sql.identifier(column)} = ${id} AND deleted = false) AS clients,
                 (SELECT count(*)::int FROM sales_order WHERE ${sql.identifier(column)} = ${id}) AS orders`,
    );
    if ((row?.clients ?? 0) > 0)
      throw new AppError(
        409,
        'dictInUse',
        { count: row?.clients ?? 0 },
        IN_USE('clients', row?.clients ?? 0),
      );
    if ((row?.orders ?? 0) > 0)
      throw new AppError(
        409,
        'dictInUseByOrders',
        { count: row?.orders ?? 0 },
        IN_USE('orders', row?.orders ?? 0),
      );
  }

  private async softDelete(tx: DbOrTx, table: DictTable, id: number, p: Principal) {
    await tx
      .update(table)
      .set({ deleted: true, version: sql`${table.version} + 1`, updatedAt: this.now(), updatedBy: p.userId })
      .where(eq(table.id, id));
  }

  // ---- source platforms ---------------------------------------------------------------------------
  async listPlatforms(q: PlatformListQuery) {
    const where = and(
      eq(sourcePlatform.deleted, false),
      q.keyword
        ? or(
            ilike(sourcePlatform.code, likeContains(q.keyword)),
            ilike(sourcePlatform.name, likeContains(q.keyword)),
          )
        : undefined,
      q.type ? eq(sourcePlatform.type, q.type) : undefined,
      q.status ? eq(sourcePlatform.status, q.status) : undefined,
    ) as SQL;
    const columns = {
      sort: sourcePlatform.sort,
      code: sourcePlatform.code,
      name: sourcePlatform.name,
      createdAt: sourcePlatform.createdAt,
    };
    const [items, [count]] = await Promise.all([
      this.db
        .select()
        .from(sourcePlatform)
        .where(where)
        .orderBy(...orderByOf(q.sort, columns, [asc(sourcePlatform.sort)], sourcePlatform.id))
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      this.db.select({ n: sql<number>`count(*)::int` }).from(sourcePlatform).where(where),
    ]);
    return { items: items.map(toPlatform), total: count?.n ?? 0, page: q.page, pageSize: q.pageSize };
  }

  async getPlatform(id: number) {
    return toPlatform(await this.live(this.db, sourcePlatform, id));
  }

  async createPlatform(p: Principal, input: PlatformCreate, ip: string) {
    const id = await this.db
      .transaction(async (tx) => {
        await this.codeFree(tx, sourcePlatform, input.code);
        const [row] = await tx
          .insert(sourcePlatform)
          .values({ ...input, createdBy: p.userId, updatedBy: p.userId })
          .returning({ id: sourcePlatform.id });
        if (!row) throw new Error('insert failed');
        await this.audit(
          tx,
          p,
          ip,
          'dict.platform.create',
          'source_platform',
          row.id,
          said(`created ${input.code} ${input.name}`, { code: input.code, name: input.name }),
        );
        return row.id;
      })
      .catch(this.codeTaken);
    return this.getPlatform(id);
  }

  private codeTaken = (err: unknown): never => {
    if (isUniqueViolation(err)) throw fieldError('code', 'dictCodeTaken');
    throw err;
  };

  async updatePlatform(p: Principal, id: number, input: PlatformUpdate, ip: string) {
    await this.db
      .transaction(async (tx) => {
        const before = await this.live(tx, sourcePlatform, id);
        await this.codeFree(tx, sourcePlatform, input.code, id);
        const { version, ...values } = input;
        await updateVersioned(
          tx,
          sourcePlatform,
          id,
          version,
          { ...values, updatedBy: p.userId },
          eq(sourcePlatform.deleted, false),
        );
        await this.audit(
          tx,
          p,
          ip,
          'dict.platform.update',
          'source_platform',
          id,
          said(`updated ${before.code} -> ${input.code} ${input.name} ${input.status}`, {
            code: input.code,
            name: input.name,
            dictStatus: input.status,
          }),
        );
      })
      .catch(this.codeTaken);
    return this.getPlatform(id);
  }

  async removePlatform(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const before = await this.live(tx, sourcePlatform, id);
      await this.assertUnused(tx, 'source_platform_id', id);
      await this.softDelete(tx, sourcePlatform, id, p);
      await this.audit(
        tx,
        p,
        ip,
        'dict.platform.delete',
        'source_platform',
        id,
        said(`deleted ${before.code} ${before.name}`, { code: before.code, name: before.name }),
      );
    });
  }

  // ---- order channels ---------------------------------------------------------------------------
  async channelTree(): Promise<ChannelNode[]> {
    const rows = (
      await this.db
        .select()
        .from(orderChannel)
        .where(eq(orderChannel.deleted, false))
        .orderBy(asc(orderChannel.sort), asc(orderChannel.id))
    ).map(toChannel);
    return rows
      .filter((r) => r.parentId == null)
      .map((top) => ({ ...top, children: rows.filter((c) => c.parentId === top.id) }));
  }

  async getChannel(id: number) {
    return toChannel(await this.live(this.db, orderChannel, id));
  }

  /** Two levels: the parent is a live top-level channel, and a channel with children stays top level. */
  private async checkParent(tx: DbOrTx, parentId: number | null, selfId?: number) {
    if (parentId == null) return;
    if (parentId === selfId) throw fieldError('parentId', 'channelDepth');
    const [parent] = await tx
      .select({ parentId: orderChannel.parentId })
      .from(orderChannel)
      .where(and(eq(orderChannel.id, parentId), eq(orderChannel.deleted, false)));
    if (!parent) throw fieldError('parentId', 'optionNotFound');
    if (parent.parentId != null) throw fieldError('parentId', 'channelDepth');
    if (selfId) {
      const [child] = await tx
        .select({ id: orderChannel.id })
        .from(orderChannel)
        .where(and(eq(orderChannel.parentId, selfId), eq(orderChannel.deleted, false)))
        .limit(1);
      if (child) throw fieldError('parentId', 'channelDepth');
    }
  }

  async createChannel(p: Principal, input: ChannelCreate, ip: string) {
    const id = await this.db
      .transaction(async (tx) => {
        await this.codeFree(tx, orderChannel, input.code);
        await this.checkParent(tx, input.parentId);
        const [row] = await tx
          .insert(orderChannel)
          .values({ ...input, createdBy: p.userId, updatedBy: p.userId })
          .returning({ id: orderChannel.id });
        if (!row) throw new Error('insert failed');
        await this.audit(
          tx,
          p,
          ip,
          'dict.channel.create',
          'order_channel',
          row.id,
          said(`created ${input.code} ${input.name}`, { code: input.code, name: input.name }),
        );
        return row.id;
      })
      .catch(this.codeTaken);
    return this.getChannel(id);
  }

  async updateChannel(p: Principal, id: number, input: ChannelUpdate, ip: string) {
    await this.db
      .transaction(async (tx) => {
        const before = await this.live(tx, orderChannel, id);
        await this.codeFree(tx, orderChannel, input.code, id);
        await this.checkParent(tx, input.parentId, id);
        const { version, ...values } = input;
        await updateVersioned(
          tx,
          orderChannel,
          id,
          version,
          { ...values, updatedBy: p.userId },
          eq(orderChannel.deleted, false),
        );
        await this.audit(
          tx,
          p,
          ip,
          'dict.channel.update',
          'order_channel',
          id,
          said(`updated ${before.code} -> ${input.code} ${input.name} ${input.status}`, {
            code: input.code,
            name: input.name,
            dictStatus: input.status,
          }),
        );
      })
      .catch(this.codeTaken);
    return this.getChannel(id);
  }

  async removeChannel(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const before = await this.live(tx, orderChannel, id);
      const [child] = await tx
        .select({ id: orderChannel.id })
        .from(orderChannel)
        .where(and(eq(orderChannel.parentId, id), eq(orderChannel.deleted, false)))
        .limit(1);
      if (child) throw new AppError(409, 'channelHasChildren', {}, IN_USE('children', 1));
      await this.assertUnused(tx, 'channel_id', id);
      await this.softDelete(tx, orderChannel, id, p);
      await this.audit(
        tx,
        p,
        ip,
        'dict.channel.delete',
        'order_channel',
        id,
        said(`deleted ${before.code} ${before.name}`, { code: before.code, name: before.name }),
      );
    });
  }

  // ---- grades -------------------------------------------------------------------------------------
  async listGrades(): Promise<GradeRow[]> {
    const rows = await queryRows<{
      id: number;
      code: string;
      name: string;
      stage: string;
      next_grade_id: number | null;
      next_grade_name: string | null;
      status: string;
      sort: number;
      version: number;
    }>(
      this.db,
      sql`SELECT g.id, g.code, g.name, g.stage, g.next_grade_id, n.name AS next_grade_name, g.status, g.sort, g.version
          FROM grade g LEFT JOIN grade n ON n.id = g.next_grade_id AND n.deleted = false
          WHERE g.deleted = false ORDER BY g.sort, g.id`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      code: r.code,
      name: r.name,
      stage: r.stage as GradeRow['stage'],
      nextGradeId: r.next_grade_id == null ? null : Number(r.next_grade_id),
      nextGradeName: r.next_grade_name,
      status: r.status as GradeRow['status'],
      sort: r.sort,
      version: r.version,
    }));
  }

  async getGrade(id: number): Promise<GradeRow> {
    const found = (await this.listGrades()).find((g) => g.id === id);
    if (!found) throw notFound();
    return found;
  }

  /** The next grade exists, is not the grade itself, and following "next" never comes back. */
  private async checkNext(tx: DbOrTx, nextId: number | null, selfId?: number) {
    if (nextId == null) return;
    if (nextId === selfId) throw fieldError('nextGradeId', 'gradeCycle');
    const rows = await tx
      .select({ id: grade.id, next: grade.nextGradeId })
      .from(grade)
      .where(eq(grade.deleted, false));
    const next = new Map(rows.map((r) => [r.id, r.next]));
    if (!next.has(nextId)) throw fieldError('nextGradeId', 'optionNotFound');
    const seen = new Set<number>();
    for (let at: number | null | undefined = nextId; at != null; at = next.get(at)) {
      if (at === selfId || seen.has(at)) throw fieldError('nextGradeId', 'gradeCycle');
      seen.add(at);
    }
  }

  async createGrade(p: Principal, input: GradeCreate, ip: string) {
    const id = await this.db
      .transaction(async (tx) => {
        await this.codeFree(tx, grade, input.code);
        await this.checkNext(tx, input.nextGradeId);
        const [row] = await tx
          .insert(grade)
          .values({ ...input, createdBy: p.userId, updatedBy: p.userId })
          .returning({ id: grade.id });
        if (!row) throw new Error('insert failed');
        await this.audit(
          tx,
          p,
          ip,
          'dict.grade.create',
          'grade',
          row.id,
          said(`created ${input.code} ${input.name}`, { code: input.code, name: input.name }),
        );
        return row.id;
      })
      .catch(this.codeTaken);
    return this.getGrade(id);
  }

  async updateGrade(p: Principal, id: number, input: GradeUpdate, ip: string) {
    await this.db
      .transaction(async (tx) => {
        const before = await this.live(tx, grade, id);
        await this.codeFree(tx, grade, input.code, id);
        await this.checkNext(tx, input.nextGradeId, id);
        const { version, ...values } = input;
        await updateVersioned(
          tx,
          grade,
          id,
          version,
          { ...values, updatedBy: p.userId },
          eq(grade.deleted, false),
        );
        await this.audit(
          tx,
          p,
          ip,
          'dict.grade.update',
          'grade',
          id,
          said(`updated ${before.code} -> ${input.code} ${input.name} ${input.status}`, {
            code: input.code,
            name: input.name,
            dictStatus: input.status,
          }),
        );
      })
      .catch(this.codeTaken);
    return this.getGrade(id);
  }

  async removeGrade(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const before = await this.live(tx, grade, id);
      await this.assertUnused(tx, 'grade_id', id);
      const [pointing] = await tx
        .select({ id: grade.id })
        .from(grade)
        .where(and(eq(grade.nextGradeId, id), eq(grade.deleted, false)))
        .limit(1);
      if (pointing) throw new AppError(409, 'gradeInChain');
      await this.softDelete(tx, grade, id, p);
      await this.audit(
        tx,
        p,
        ip,
        'dict.grade.delete',
        'grade',
        id,
        said(`deleted ${before.code} ${before.name}`, {
          code: before.code,
          name: before.name,
        }),
      );
    });
  }

  /**
   * What the advance into academic year `year` does: every client whose grade was set in an
   * earlier year moves one grade per year along "next grade" (stopping where the chain ends);
   * clients already in `year` do not move, so running it twice changes nothing.
   */
  private async advancePlan(db: DbOrTx, year: number) {
    const current = academicYearOf(this.now());
    if (year > current) throw new AppError(422, 'gradeAdvanceFuture', { year: current });
    const grades = await db
      .select({ id: grade.id, name: grade.name, next: grade.nextGradeId })
      .from(grade)
      .where(eq(grade.deleted, false));
    const byId = new Map(grades.map((g) => [g.id, g]));
    const groups = await queryRows<{ grade_id: number; grade_year: number; n: number }>(
      db,
      sql`SELECT grade_id, grade_year, count(*)::int AS n FROM client
          WHERE deleted = false AND grade_id IS NOT NULL AND grade_year < ${year}
          GROUP BY grade_id, grade_year`,
    );
    const moves: { gradeId: number; fromYear: number; toGradeId: number; clients: number }[] = [];
    for (const g of groups) {
      const from = Number(g.grade_id);
      let at = from;
      for (let step = 0; step < year - g.grade_year; step++) {
        const next = byId.get(at)?.next;
        if (next == null || !byId.has(next)) break;
        at = next;
      }
      if (at !== from) moves.push({ gradeId: from, fromYear: g.grade_year, toGradeId: at, clients: g.n });
    }
    const items = new Map<string, GradeAdvanceResult['items'][number]>();
    for (const m of moves) {
      const key = `${m.gradeId}:${m.toGradeId}`;
      const item = items.get(key) ?? {
        gradeId: m.gradeId,
        gradeName: byId.get(m.gradeId)?.name ?? '',
        toGradeId: m.toGradeId,
        toGradeName: byId.get(m.toGradeId)?.name ?? '',
        clients: 0,
      };
      item.clients += m.clients;
      items.set(key, item);
    }
    const sorted = [...items.values()].sort((a, b) => a.gradeId - b.gradeId || a.toGradeId - b.toGradeId);
    return {
      moves,
      result: {
        academicYear: year,
        items: sorted,
        totalClients: sorted.reduce((s, i) => s + i.clients, 0),
      } satisfies GradeAdvanceResult,
    };
  }

  async advancePreview(year?: number): Promise<GradeAdvanceResult> {
    return (await this.advancePlan(this.db, year ?? academicYearOf(this.now()))).result;
  }

  /** 年级升级: the admin's explicit yearly action (never automatic), audited with its counts. */
  async advance(p: Principal, year: number | undefined, ip: string): Promise<GradeAdvanceResult> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${GRADE_ADVANCE_LOCK})`);
      const y = year ?? academicYearOf(this.now());
      const { moves, result } = await this.advancePlan(tx, y);
      for (const m of moves) {
        await tx.execute(
          sql`UPDATE client SET grade_id = ${m.toGradeId}, grade_year = ${y}, version = version + 1, updated_at = ${this.now()}, updated_by = ${p.userId}
              WHERE deleted = false AND grade_id = ${m.gradeId} AND grade_year = ${m.fromYear}`,
        );
      }
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'dict.grade.advance',
        targetType: 'grade',
        summary: said(`advanced grades into ${y}: ${result.totalClients} clients`, {
          year: y,
          clients: result.totalClients,
        }),
        detail: { academicYear: y, items: result.items },
        ip,
      });
      return result;
    });
  }

  // ---- options ----------------------------------------------------------------------------------
  /** Enabled entries for forms and filters. */
  async options(): Promise<DictOptions> {
    const [platforms, channels, grades] = await Promise.all([
      this.db
        .select({
          id: sourcePlatform.id,
          code: sourcePlatform.code,
          name: sourcePlatform.name,
          type: sourcePlatform.type,
        })
        .from(sourcePlatform)
        .where(and(eq(sourcePlatform.deleted, false), eq(sourcePlatform.status, 'ENABLED')))
        .orderBy(asc(sourcePlatform.sort), asc(sourcePlatform.id)),
      this.channelTree(),
      this.db
        .select({ id: grade.id, code: grade.code, name: grade.name, stage: grade.stage })
        .from(grade)
        .where(and(eq(grade.deleted, false), eq(grade.status, 'ENABLED')))
        .orderBy(asc(grade.sort), asc(grade.id)),
    ]);
    const opt = (c: ChannelRow) => ({ id: c.id, code: c.code, name: c.name });
    return {
      platforms: platforms.map((x) => ({ ...x, type: x.type as PlatformRow['type'] })),
      channels: channels
        .filter((c) => c.status === 'ENABLED')
        .map((c) => ({ ...opt(c), children: c.children.filter((k) => k.status === 'ENABLED').map(opt) })),
      grades: grades.map((g) => ({ ...g, stage: g.stage as GradeRow['stage'] })),
    };
  }
}
