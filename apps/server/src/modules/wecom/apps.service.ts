import { randomBytes } from 'node:crypto';
import type {
  WecomAppCreate,
  WecomAppListQuery,
  WecomAppRotate,
  WecomAppRow,
  WecomAppUpdate,
  WecomSyncRequested,
  WecomSyncRunRow,
  WecomTestResult,
  WecomVisibleRange,
} from '@educrm/contract';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { wecomApp, wecomSyncRun } from '../../db/schema';
import { type AuditSummary, said, writeAudit } from '../../lib/audit';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { likeContains, offsetOf, orderByOf, toIso } from '../../lib/list';
import type { SecretBox } from '../../lib/secret-box';
import { updateVersioned } from '../../lib/versioned';
import { type TokenCache, WecomApiError } from '../../providers/wecom/client';
import { newCallbackToken, newEncodingAesKey } from '../../providers/wecom/crypto';
import type { Principal } from '../../types';
import type { WecomGateway } from './gateway';
import type { WecomSync } from './sync';

type AppRow = typeof wecomApp.$inferSelect;
type RunRow = typeof wecomSyncRun.$inferSelect;

export const CALLBACK_PATH = '/api/public/wecom/callback';

export const toRunRow = (r: RunRow): WecomSyncRunRow => {
  const c = r.counts as Record<string, { created: number; updated: number; deleted: number; failed: number }>;
  const done = (c.relations?.created ?? 0) + (c.relations?.updated ?? 0);
  const total = (r.checkpoint as { expected?: number | null }).expected ?? null;
  return {
    id: r.id,
    appId: r.appId,
    type: r.type,
    trigger: r.trigger as WecomSyncRunRow['trigger'],
    status: r.status as WecomSyncRunRow['status'],
    stage: r.stage,
    counts: c,
    errors: r.errors as WecomSyncRunRow['errors'],
    apiCalls: r.apiCalls,
    progress: { done, total },
    startedAt: toIso(r.startedAt),
    finishedAt: toIso(r.finishedAt),
    createdAt: toIso(r.createdAt) as string,
  };
};

const rangeOf = (agent: Record<string, unknown>): WecomVisibleRange => {
  const users = (agent.allow_userinfos as { user?: { userid: string }[] } | undefined)?.user ?? [];
  return {
    users: users.map((u) => String(u.userid)),
    parties: ((agent.allow_partys as { partyid?: number[] } | undefined)?.partyid ?? []).map(Number),
    tags: ((agent.allow_tags as { tagid?: number[] } | undefined)?.tagid ?? []).map(Number),
    closed: Number(agent.close ?? 0) === 1,
  };
};

/** WeCom apps (DOMAIN 9.1): CRUD with write-only secrets, test connection, disable, rotate, sync. */
export class WecomAppService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly gateway: WecomGateway,
    private readonly sync: WecomSync,
    private readonly now: () => Date,
    private readonly tokens: TokenCache,
  ) {}

  private toRow(r: AppRow, p: Principal, origin: string, last: RunRow | null): WecomAppRow {
    const showKeys = p.permissions.has('wecom.app.write');
    return {
      id: r.id,
      name: r.name,
      kind: r.kind as WecomAppRow['kind'],
      mode: r.mode as WecomAppRow['mode'],
      corpId: r.corpId,
      agentId: r.agentId,
      secretHint: { set: true, last4: r.secretLast4 },
      callbackUrl: `${origin}${CALLBACK_PATH}/${r.callbackKey}`,
      callbackToken: showKeys ? this.box.open(r.callbackTokenSealed) : null,
      encodingAesKey: showKeys ? this.box.open(r.encodingAesKeySealed) : null,
      status: r.status as WecomAppRow['status'],
      lastVerifiedAt: toIso(r.lastVerifiedAt),
      lastError: r.lastError,
      visibleRange: (r.visibleRange as WecomVisibleRange | null) ?? null,
      lastSync: last ? toRunRow(last) : null,
      createdAt: toIso(r.createdAt) as string,
      updatedAt: toIso(r.updatedAt) as string,
      version: r.version,
    };
  }

  private async lastRuns(appIds: number[]) {
    if (!appIds.length) return new Map<number, RunRow>();
    const rows = await this.db
      .selectDistinctOn([wecomSyncRun.appId])
      .from(wecomSyncRun)
      .where(inArray(wecomSyncRun.appId, appIds))
      .orderBy(wecomSyncRun.appId, desc(wecomSyncRun.id));
    return new Map(rows.map((r) => [r.appId, r]));
  }

  private async live(tx: DbOrTx, id: number): Promise<AppRow> {
    const [row] = await tx
      .select()
      .from(wecomApp)
      .where(and(eq(wecomApp.id, id), eq(wecomApp.deleted, false)));
    if (!row) throw notFound();
    return row;
  }

  async list(q: WecomAppListQuery, p: Principal, origin: string) {
    const where: SQL[] = [eq(wecomApp.deleted, false)];
    if (q.keyword)
      where.push(
        or(
          ilike(wecomApp.name, likeContains(q.keyword)),
          ilike(wecomApp.corpId, likeContains(q.keyword)),
        ) as SQL,
      );
    if (q.kind) where.push(eq(wecomApp.kind, q.kind));
    if (q.status) where.push(eq(wecomApp.status, q.status));
    const cond = and(...where);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(wecomApp)
        .where(cond)
        .orderBy(
          ...orderByOf(
            q.sort,
            { id: wecomApp.id, name: wecomApp.name, createdAt: wecomApp.createdAt },
            [],
            wecomApp.id,
          ),
        )
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      this.db.select({ n: count() }).from(wecomApp).where(cond),
    ]);
    const last = await this.lastRuns(rows.map((r) => r.id));
    return {
      items: rows.map((r) => this.toRow(r, p, origin, last.get(r.id) ?? null)),
      total: total?.n ?? 0,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async get(id: number, p: Principal, origin: string) {
    const row = await this.live(this.db, id);
    const last = await this.lastRuns([id]);
    return this.toRow(row, p, origin, last.get(id) ?? null);
  }

  private audit(tx: DbOrTx, p: Principal, ip: string, action: string, id: number, summary: AuditSummary) {
    return writeAudit(tx, {
      actorId: p.userId,
      actorName: p.username,
      action,
      targetType: 'wecom_app',
      targetId: id,
      summary,
      ip,
    });
  }

  private checkAgent(kind: string, agentId: number | null | undefined) {
    if (kind === 'CUSTOMER_APP' && !agentId) throw fieldError('agentId', 'wecomAgentRequired');
  }

  async create(p: Principal, input: WecomAppCreate, ip: string, origin: string) {
    this.checkAgent(input.kind, input.agentId);
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(wecomApp)
        .values({
          name: input.name,
          kind: input.kind,
          mode: input.mode,
          corpId: input.corpId,
          agentId: input.agentId ?? null,
          secretSealed: this.box.seal(input.secret),
          secretLast4: input.secret.length > 8 ? input.secret.slice(-4) : null,
          callbackKey: randomBytes(12).toString('hex'),
          callbackTokenSealed: this.box.seal(newCallbackToken()),
          encodingAesKeySealed: this.box.seal(newEncodingAesKey()),
          createdBy: p.userId,
          updatedBy: p.userId,
        })
        .returning({ id: wecomApp.id });
      const newId = row?.id as number;
      await this.audit(
        tx,
        p,
        ip,
        'wecom.app.create',
        newId,
        said(`${input.name} (${input.corpId}, ${input.kind})`, {
          name: input.name,
          corpId: input.corpId,
          appKind: input.kind,
        }),
      );
      return newId;
    });
    return this.get(id, p, origin);
  }

  async update(p: Principal, id: number, input: WecomAppUpdate, ip: string, origin: string) {
    await this.db.transaction(async (tx) => {
      const before = await this.live(tx, id);
      const agentId = input.agentId === undefined ? before.agentId : input.agentId;
      this.checkAgent(before.kind, agentId);
      const secret = input.secret
        ? {
            secretSealed: this.box.seal(input.secret),
            secretLast4: input.secret.length > 8 ? input.secret.slice(-4) : null,
            tokenSealed: null,
            tokenExpiresAt: null,
            status: before.status === 'INVALID' ? 'ENABLED' : before.status,
          }
        : {};
      await updateVersioned(
        tx,
        wecomApp,
        id,
        input.version,
        { name: input.name, mode: input.mode, agentId, updatedBy: p.userId, ...secret },
        eq(wecomApp.deleted, false),
      );
      await this.audit(
        tx,
        p,
        ip,
        'wecom.app.update',
        id,
        said(
          `${input.name}${input.secret ? ' (secret replaced)' : ''}${input.mode !== before.mode ? ` mode ${input.mode}` : ''}`,
          { name: input.name, appMode: input.mode, secretReplaced: Boolean(input.secret) },
        ),
      );
    });
    this.tokens.forget(id);
    return this.get(id, p, origin);
  }

  async rotate(p: Principal, id: number, input: WecomAppRotate, ip: string, origin: string) {
    await this.db.transaction(async (tx) => {
      await this.live(tx, id);
      const values =
        input.target === 'SECRET'
          ? {
              secretSealed: this.box.seal(input.secret),
              secretLast4: input.secret.length > 8 ? input.secret.slice(-4) : null,
              tokenSealed: null,
              tokenExpiresAt: null,
            }
          : {
              callbackTokenSealed: this.box.seal(input.callbackToken ?? newCallbackToken()),
              encodingAesKeySealed: this.box.seal(input.encodingAesKey ?? newEncodingAesKey()),
            };
      await updateVersioned(
        tx,
        wecomApp,
        id,
        input.version,
        { ...values, updatedBy: p.userId },
        eq(wecomApp.deleted, false),
      );
      await this.audit(
        tx,
        p,
        ip,
        'wecom.app.rotate',
        id,
        said(input.target === 'SECRET' ? 'secret' : 'callback token and EncodingAESKey', {
          secret: input.target === 'SECRET',
        }),
      );
    });
    this.tokens.forget(id);
    return this.get(id, p, origin);
  }

  async setStatus(
    p: Principal,
    id: number,
    status: 'ENABLED' | 'DISABLED',
    version: number,
    ip: string,
    origin: string,
  ) {
    await this.db.transaction(async (tx) => {
      const before = await this.live(tx, id);
      await updateVersioned(
        tx,
        wecomApp,
        id,
        version,
        {
          status,
          updatedBy: p.userId,
          ...(status === 'DISABLED' ? { tokenSealed: null, tokenExpiresAt: null } : {}),
        },
        eq(wecomApp.deleted, false),
      );
      await this.audit(
        tx,
        p,
        ip,
        status === 'DISABLED' ? 'wecom.app.disable' : 'wecom.app.enable',
        id,
        said(status, { name: before.name }),
      );
    });
    this.tokens.forget(id);
    return this.get(id, p, origin);
  }

  async remove(p: Principal, id: number, version: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const before = await this.live(tx, id);
      await updateVersioned(
        tx,
        wecomApp,
        id,
        version,
        { deleted: true, status: 'DISABLED', tokenSealed: null, tokenExpiresAt: null, updatedBy: p.userId },
        eq(wecomApp.deleted, false),
      );
      await this.audit(tx, p, ip, 'wecom.app.delete', id, said(before.name, { name: before.name }));
    });
    this.tokens.forget(id);
  }

  /** 测试连接: gettoken + agent/get (the visible range); a contact-sync secret reads the departments. */
  async test(p: Principal, id: number, ip: string): Promise<WecomTestResult> {
    const app = await this.live(this.db, id);
    if (app.status === 'DISABLED') throw new AppError(409, 'wecomAppDisabled');
    const started = Date.now();
    let result: WecomTestResult;
    try {
      const client = this.gateway.clientFor(app);
      await client.token();
      if (app.kind === 'CUSTOMER_APP' && app.agentId) {
        const agent = await client.get('/cgi-bin/agent/get', { agentid: String(app.agentId) });
        result = {
          ok: true,
          errcode: 0,
          errmsg: 'ok',
          agentName: typeof agent.name === 'string' ? agent.name : null,
          visibleRange: rangeOf(agent),
          elapsedMs: Date.now() - started,
        };
      } else {
        await client.get('/cgi-bin/department/list');
        result = {
          ok: true,
          errcode: 0,
          errmsg: 'ok',
          agentName: null,
          visibleRange: null,
          elapsedMs: Date.now() - started,
        };
      }
    } catch (e) {
      const errcode = e instanceof WecomApiError ? e.errcode : -1;
      const errmsg = e instanceof WecomApiError ? e.errmsg : 'network error';
      result = {
        ok: false,
        errcode,
        errmsg: errmsg.slice(0, 200),
        agentName: null,
        visibleRange: null,
        elapsedMs: Date.now() - started,
      };
    }
    await this.db.transaction(async (tx) => {
      await tx
        .update(wecomApp)
        .set(
          result.ok
            ? {
                lastVerifiedAt: this.now(),
                lastError: null,
                visibleRange: result.visibleRange,
                status: sql`CASE WHEN ${wecomApp.status} = 'INVALID' THEN 'ENABLED' ELSE ${wecomApp.status} END`,
              }
            : {
                lastError: `${result.errcode} ${result.errmsg}`.slice(0, 300),
                ...(result.errcode === 40001 ? { status: 'INVALID' } : {}),
              },
        )
        .where(eq(wecomApp.id, id));
      await this.audit(
        tx,
        p,
        ip,
        'wecom.app.test',
        id,
        said(result.ok ? 'ok' : `errcode ${result.errcode}`, {
          ok: result.ok,
          errcode: result.ok ? null : (result.errcode ?? null),
        }),
      );
    });
    return result;
  }

  /**
   * 立即同步: queues a full sync of the app's corp; while one is queued or running (the night's,
   * another admin's) the request joins it (`joined`, nothing queued) and the page follows that run.
   */
  async requestSync(p: Principal, id: number, ip: string): Promise<WecomSyncRequested> {
    const app = await this.live(this.db, id);
    if (app.status === 'DISABLED') throw new AppError(409, 'wecomAppDisabled');
    if (app.kind !== 'CUSTOMER_APP') throw new AppError(409, 'wecomNoCustomerApp');
    return this.db.transaction(async (tx) => {
      const out = await this.sync.enqueueOrJoin(id, p.userId, tx);
      if (!out) throw notFound();
      if (!out.joined)
        await this.audit(
          tx,
          p,
          ip,
          'wecom.sync.request',
          id,
          said(`run ${out.run.id}`, { runId: out.run.id }),
        );
      return { ...toRunRow(out.run), joined: out.joined };
    });
  }

  async runs(id: number, q: { page: number; pageSize: number }) {
    await this.live(this.db, id);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(wecomSyncRun)
        .where(eq(wecomSyncRun.appId, id))
        .orderBy(desc(wecomSyncRun.id))
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      this.db.select({ n: count() }).from(wecomSyncRun).where(eq(wecomSyncRun.appId, id)),
    ]);
    return { items: rows.map(toRunRow), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
  }
}
