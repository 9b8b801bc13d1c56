// 渠道活码 (issue 41 item 1): WeCom 「联系我」 codes of a customer-contact app, each attributed to an
// order channel. WeCom is written first (add/update/del_contact_way), our row after it accepted;
// the list counts the friends each code brought, within the caller's data scope.
import { randomBytes } from 'node:crypto';
import type {
  WecomChannelCodeCreate,
  WecomChannelCodeListQuery,
  WecomChannelCodeRow,
  WecomChannelCodeUpdate,
} from '@educrm/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { wecomApp, wecomChannelCode } from '../../db/schema';
import { type AuditSummary, said, writeAudit } from '../../lib/audit';
import { scopeCondition } from '../../lib/data-scope';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import { likeContains, offsetOf, toIso } from '../../lib/list';
import { WecomApiError } from '../../providers/wecom/client';
import { addContactWay, delContactWay, updateContactWay } from '../../providers/wecom/contact-way';
import type { Principal } from '../../types';
import { relationScope } from '../wecom/contacts';
import type { WecomGateway } from '../wecom/gateway';

type App = typeof wecomApp.$inferSelect;

export const apiError = (e: unknown) =>
  e instanceof WecomApiError
    ? new AppError(502, 'wecomApiFailed', { errcode: e.errcode, errmsg: e.errmsg })
    : e;

/** A state of ours: `ch` + 16 url-safe characters (never the `c<clientId>` of client links). */
export const newState = () => `ch${randomBytes(12).toString('base64url')}`;

/** Codes the caller may see: ALL every code; others codes one of whose staff is bound within their scope. */
const codeScope = (p: Principal) =>
  p.dataScope === 'ALL'
    ? sql`TRUE`
    : sql`EXISTS (SELECT 1 FROM wecom_member m WHERE m.corp_id = k.corp_id AND m.userid = ANY(k.userids)
            AND m.sys_user_id IS NOT NULL AND ${scopeCondition(p, {
              owner: sql`m.sys_user_id`,
              dept: sql`(SELECT u.department_id FROM admin_user u WHERE u.id = m.sys_user_id)`,
            })})`;

interface RowSql {
  id: number;
  app_id: number;
  app_name: string;
  app_mode: string;
  corp_id: string;
  name: string;
  channel_id: number;
  channel_name: string | null;
  channel_parent_name: string | null;
  userids: string[];
  staff: { userid: string; name: string }[] | string;
  skip_verify: boolean;
  tag_ids: string[];
  welcome_text: string;
  state: string;
  config_id: string;
  qr_code: string;
  version: number;
  created_at: Date | string;
  adds: number;
  still: number;
  gone: number;
  linked: number;
  welcomed: number;
}

const SORTS: Record<string, string> = { id: 'k.id', name: 'k.name', adds: 'adds' };

export class ChannelCodeService {
  constructor(
    private readonly db: Db,
    private readonly gateway: WecomGateway,
    private readonly now: () => Date,
  ) {}

  private audit(tx: DbOrTx, p: Principal, ip: string, action: string, id: number, summary: AuditSummary) {
    return writeAudit(tx, {
      actorId: p.userId,
      actorName: p.username,
      action,
      targetType: 'wecom_channel_code',
      targetId: id,
      summary,
      ip,
    });
  }

  private select(p: Principal, where: ReturnType<typeof sql>) {
    const scope = relationScope(p);
    return sql`SELECT k.id, k.app_id, a.name AS app_name, a.mode AS app_mode, k.corp_id, k.name, k.channel_id,
        ch.name AS channel_name, pch.name AS channel_parent_name, k.userids,
        (SELECT coalesce(json_agg(json_build_object('userid', u.userid, 'name', coalesce(m.name, u.userid))
                 ORDER BY u.ord), '[]'::json)
           FROM unnest(k.userids) WITH ORDINALITY AS u(userid, ord)
           LEFT JOIN wecom_member m ON m.corp_id = k.corp_id AND m.userid = u.userid) AS staff,
        k.skip_verify, k.tag_ids, k.welcome_text, k.state, k.config_id, k.qr_code, k.version, k.created_at,
        coalesce(n.adds, 0) AS adds, coalesce(n.still, 0) AS still, coalesce(n.gone, 0) AS gone,
        coalesce(n.linked, 0) AS linked,
        (SELECT count(*)::int FROM wecom_welcome w
          WHERE w.channel_code_id = k.id AND w.status = 'SENT'
            AND EXISTS (SELECT 1 FROM wecom_relation r WHERE r.corp_id = w.corp_id
              AND r.external_userid = w.external_userid AND r.userid = w.userid AND ${scope})) AS welcomed
      FROM wecom_channel_code k
      JOIN wecom_app a ON a.id = k.app_id
      LEFT JOIN order_channel ch ON ch.id = k.channel_id
      LEFT JOIN order_channel pch ON pch.id = ch.parent_id
      LEFT JOIN LATERAL (
        SELECT count(*)::int AS adds,
               count(*) FILTER (WHERE r.deleted = false AND r.status IN ('NORMAL','TRANSFERRING','TRANSFERRED'))::int AS still,
               count(*) FILTER (WHERE r.deleted = true OR r.status IN ('STAFF_DELETED','CUSTOMER_DELETED'))::int AS gone,
               count(*) FILTER (WHERE c.client_id IS NOT NULL)::int AS linked
        FROM wecom_relation r JOIN wecom_external_contact c ON c.id = r.contact_id
        WHERE r.channel_code_id = k.id AND ${scope}) n ON TRUE
      WHERE k.deleted = false AND ${codeScope(p)} AND ${where}`;
  }

  private toRow(r: RowSql): WecomChannelCodeRow {
    return {
      id: Number(r.id),
      appId: Number(r.app_id),
      appName: r.app_name,
      appMode: r.app_mode,
      corpId: r.corp_id,
      name: r.name,
      channelId: Number(r.channel_id),
      channelName: r.channel_name ?? '',
      channelParentName: r.channel_parent_name,
      userids: r.userids,
      staff: typeof r.staff === 'string' ? JSON.parse(r.staff) : r.staff,
      skipVerify: r.skip_verify,
      tagIds: r.tag_ids,
      welcomeText: r.welcome_text,
      state: r.state,
      configId: r.config_id,
      qrCode: r.qr_code,
      version: Number(r.version),
      createdAt: toIso(r.created_at) ?? '',
      counts: {
        adds: Number(r.adds),
        stillFriends: Number(r.still),
        deleted: Number(r.gone),
        linked: Number(r.linked),
        welcomed: Number(r.welcomed),
      },
    };
  }

  async list(q: WecomChannelCodeListQuery, p: Principal) {
    const where = [sql`TRUE`];
    if (q.keyword) where.push(sql`k.name ILIKE ${likeContains(q.keyword)}`);
    if (q.appId) where.push(sql`k.app_id = ${q.appId}`);
    if (q.channelId) where.push(sql`(k.channel_id = ${q.channelId} OR ch.parent_id = ${q.channelId})`);
    const cond = sql.join(where, sql` AND `);
    const order = (q.sort ?? '-id')
      .split(',')
      .map((s) => `${SORTS[s.replace(/^-/, '')] ?? 'k.id'} ${s.startsWith('-') ? 'DESC' : 'ASC'}`);
    const rows = await queryRows<RowSql>(
      this.db,
      sql`${this.select(p, cond)} ORDER BY ${sql.raw([...order, 'k.id DESC'].join(', '))}
          LIMIT ${q.pageSize} OFFSET ${offsetOf(q)}`,
    );
    const [total] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM wecom_channel_code k
          LEFT JOIN order_channel ch ON ch.id = k.channel_id
          WHERE k.deleted = false AND ${codeScope(p)} AND ${cond}`,
    );
    return {
      items: rows.map((r) => this.toRow(r)),
      total: Number(total?.n ?? 0),
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async get(p: Principal, id: number): Promise<WecomChannelCodeRow> {
    const [row] = await queryRows<RowSql>(this.db, this.select(p, sql`k.id = ${id}`));
    if (!row) throw notFound();
    return this.toRow(row);
  }

  private async appOf(appId: number): Promise<App> {
    const [app] = await this.db
      .select()
      .from(wecomApp)
      .where(and(eq(wecomApp.id, appId), eq(wecomApp.deleted, false)));
    if (!app) throw fieldError('appId', 'invalidValue');
    if (app.kind !== 'CUSTOMER_APP' || app.status !== 'ENABLED')
      throw new AppError(409, 'wecomNoCustomerApp');
    return app;
  }

  /** The channel, staff and tags must exist (the staff and tags in the app's corp). */
  private async checkRefs(corpId: string, input: { channelId: number; userids: string[]; tagIds: string[] }) {
    const [ch] = await queryRows<{ id: number }>(
      this.db,
      sql`SELECT id FROM order_channel WHERE id = ${input.channelId} AND deleted = false AND status = 'ENABLED'`,
    );
    if (!ch) throw fieldError('channelId', 'invalidValue');
    const userids = [...new Set(input.userids)];
    if (userids.length !== input.userids.length) throw fieldError('userids', 'invalidValue');
    const [members] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM wecom_member WHERE corp_id = ${corpId} AND deleted = false
          AND userid IN ${userids}`,
    );
    if (Number(members?.n) !== userids.length) throw fieldError('userids', 'invalidValue');
    const tags = [...new Set(input.tagIds)];
    if (tags.length) {
      const [found] = await queryRows<{ n: number }>(
        this.db,
        sql`SELECT count(*)::int AS n FROM wecom_tag WHERE corp_id = ${corpId} AND deleted = false
            AND tag_id IN ${tags}`,
      );
      if (Number(found?.n) !== tags.length) throw fieldError('tagIds', 'invalidValue');
    }
    return { userids, tagIds: tags };
  }

  async create(p: Principal, input: WecomChannelCodeCreate, ip: string): Promise<WecomChannelCodeRow> {
    const app = await this.appOf(input.appId);
    const refs = await this.checkRefs(app.corpId, input);
    const client = this.gateway.clientFor(app);
    const state = newState();
    const way = await addContactWay(client, {
      remark: input.name,
      skipVerify: input.skipVerify,
      state,
      userids: refs.userids,
    }).catch((e) => {
      throw apiError(e);
    });
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(wecomChannelCode)
          .values({
            appId: app.id,
            corpId: app.corpId,
            name: input.name,
            channelId: input.channelId,
            userids: refs.userids,
            skipVerify: input.skipVerify,
            tagIds: refs.tagIds,
            welcomeText: input.welcomeText,
            state,
            configId: way.configId,
            qrCode: way.qrCode,
            createdBy: p.userId,
            updatedBy: p.userId,
            createdAt: this.now(),
            updatedAt: this.now(),
          })
          .returning({ id: wecomChannelCode.id });
        if (!row) throw new Error('insert failed');
        await this.audit(
          tx,
          p,
          ip,
          'wecom.channel-code.create',
          row.id,
          said(`created channel code ${input.name}`, { name: input.name }),
        );
        return row.id;
      });
    } catch (e) {
      // WeCom holds a code we did not keep: take it back.
      await delContactWay(client, way.configId).catch(() => {});
      throw e;
    }
    return this.get(p, id);
  }

  private async load(id: number) {
    const [row] = await this.db
      .select()
      .from(wecomChannelCode)
      .where(and(eq(wecomChannelCode.id, id), eq(wecomChannelCode.deleted, false)));
    if (!row) throw notFound();
    return row;
  }

  async update(
    p: Principal,
    id: number,
    input: WecomChannelCodeUpdate,
    ip: string,
  ): Promise<WecomChannelCodeRow> {
    const before = await this.load(id);
    if (before.version !== input.version) throw conflict();
    const app = await this.appOf(before.appId);
    const refs = await this.checkRefs(app.corpId, input);
    await updateContactWay(this.gateway.clientFor(app), before.configId, {
      remark: input.name,
      skipVerify: input.skipVerify,
      state: before.state,
      userids: refs.userids,
    }).catch((e) => {
      throw apiError(e);
    });
    await this.db.transaction(async (tx) => {
      const done = await tx
        .update(wecomChannelCode)
        .set({
          name: input.name,
          channelId: input.channelId,
          userids: refs.userids,
          skipVerify: input.skipVerify,
          tagIds: refs.tagIds,
          welcomeText: input.welcomeText,
          version: sql`${wecomChannelCode.version} + 1`,
          updatedBy: p.userId,
          updatedAt: this.now(),
        })
        .where(
          and(
            eq(wecomChannelCode.id, id),
            eq(wecomChannelCode.version, input.version),
            eq(wecomChannelCode.deleted, false),
          ),
        )
        .returning({ id: wecomChannelCode.id });
      if (!done.length) throw conflict();
      await this.audit(
        tx,
        p,
        ip,
        'wecom.channel-code.update',
        id,
        said(`updated channel code ${input.name}`, { name: input.name }),
      );
    });
    return this.get(p, id);
  }

  /** del_contact_way (a code WeCom no longer knows is gone already), then the row; its figures stay. */
  async remove(p: Principal, id: number, ip: string) {
    const row = await this.load(id);
    const [app] = await this.db.select().from(wecomApp).where(eq(wecomApp.id, row.appId));
    if (app && !app.deleted)
      await delContactWay(this.gateway.clientFor(app), row.configId).catch((e) => {
        if (e instanceof WecomApiError && e.errcode === 41044) return;
        throw apiError(e);
      });
    await this.db.transaction(async (tx) => {
      const done = await tx
        .update(wecomChannelCode)
        .set({ deleted: true, updatedBy: p.userId, updatedAt: this.now() })
        .where(and(eq(wecomChannelCode.id, id), eq(wecomChannelCode.deleted, false)))
        .returning({ id: wecomChannelCode.id });
      if (!done.length) throw notFound();
      await this.audit(
        tx,
        p,
        ip,
        'wecom.channel-code.delete',
        id,
        said(`deleted channel code ${row.name}`, { name: row.name }),
      );
    });
  }

  async defaultWelcome(appId: number): Promise<string> {
    const [app] = await this.db
      .select({ text: wecomApp.defaultWelcome })
      .from(wecomApp)
      .where(and(eq(wecomApp.id, appId), eq(wecomApp.deleted, false)));
    if (!app) throw notFound();
    return app.text;
  }

  async setDefaultWelcome(p: Principal, appId: number, text: string, ip: string) {
    await this.db.transaction(async (tx) => {
      const done = await tx
        .update(wecomApp)
        .set({ defaultWelcome: text, updatedAt: this.now(), updatedBy: p.userId })
        .where(and(eq(wecomApp.id, appId), eq(wecomApp.deleted, false)))
        .returning({ id: wecomApp.id, name: wecomApp.name });
      const app = done[0];
      if (!app) throw notFound();
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'wecom.welcome.default',
        targetType: 'wecom_app',
        targetId: appId,
        summary: said(`default welcome of ${app.name} ${text ? 'set' : 'cleared'}`, {
          name: app.name,
          set: Boolean(text),
        }),
        ip,
      });
    });
  }
}
