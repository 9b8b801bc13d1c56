import type {
  BulkResult,
  ClientCreate,
  Language,
  WecomContactListQuery,
  WecomDepartmentRow,
  WecomMarkBody,
  WecomMemberListQuery,
  WecomMemberRow,
  WecomRemarkBody,
  WecomTagCreate,
  WecomTagGroupRow,
  WecomTransferBody,
} from '@educrm/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { wecomApp, wecomMember, wecomRelation, wecomTag, wecomTagGroup } from '../../db/schema';
import { type AuditSummary, said, writeAudit } from '../../lib/audit';
import { scopeCondition } from '../../lib/data-scope';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { likeContains, offsetOf, toIso } from '../../lib/list';
import { maskMobile } from '../../lib/mask';
import { WecomApiError } from '../../providers/wecom/client';
import type { Principal } from '../../types';
import type { ClientService } from '../clients/clients.service';
import { relationScope, WecomContacts } from './contacts';
import type { WecomGateway } from './gateway';
import { weighOwnership } from './ownership';

const apiError = (e: unknown) => {
  if (e instanceof WecomApiError)
    return new AppError(502, 'wecomApiFailed', { errcode: e.errcode, errmsg: e.errmsg });
  return e;
};

/** Members, external contacts and tags: the lists of the WeCom pages and the writes of DOMAIN 9.5.3. */
/**
 * The remark mobiles to store: a masked entry (the list shows them masked) stands for the stored
 * number it masks; one that masks none of them is refused.
 */
const keptMobiles = (sent: string[] | undefined, stored: string[]): string[] | undefined =>
  sent?.map((m) => {
    if (!m.includes('*')) return m;
    const kept = stored.find((s) => maskMobile(s) === m);
    if (!kept) throw fieldError('remarkMobiles', 'invalidValue');
    return kept;
  });

export class WecomDataService {
  private readonly contacts: WecomContacts;
  constructor(
    private readonly db: Db,
    private readonly gateway: WecomGateway,
    private readonly now: () => Date = () => new Date(),
    private readonly clients?: ClientService,
  ) {
    this.contacts = new WecomContacts(db);
  }

  private audit(
    tx: DbOrTx,
    p: Principal,
    ip: string,
    action: string,
    type: string,
    id: string | number,
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

  /** The enabled customer-contact app of a corp (writes go through it; tags it creates are "ours"). */
  private async appFor(corpId: string) {
    const [app] = await this.db
      .select()
      .from(wecomApp)
      .where(
        and(
          eq(wecomApp.corpId, corpId),
          eq(wecomApp.kind, 'CUSTOMER_APP'),
          eq(wecomApp.deleted, false),
          inArray(wecomApp.status, ['ENABLED']),
        ),
      )
      .orderBy(asc(wecomApp.id))
      .limit(1);
    if (!app) throw new AppError(409, 'wecomNoCustomerApp');
    return { app, client: this.gateway.clientFor(app) };
  }

  // ---- members -----------------------------------------------------------------------------------
  async listMembers(q: WecomMemberListQuery, p: Principal) {
    const where: SQL[] = [sql`m.deleted = false`];
    if (p.dataScope !== 'ALL') where.push(sql`m.sys_user_id = ${p.userId}`);
    if (q.keyword)
      where.push(sql`(m.userid ILIKE ${likeContains(q.keyword)} OR m.name ILIKE ${likeContains(q.keyword)})`);
    if (q.departmentId) where.push(sql`m.departments @> ${JSON.stringify([q.departmentId])}::jsonb`);
    if (q.status !== undefined) where.push(sql`m.status = ${q.status}`);
    if (q.hasCustomerContact !== undefined) where.push(sql`m.has_customer_contact = ${q.hasCustomerContact}`);
    if (q.bound !== undefined)
      where.push(q.bound ? sql`m.sys_user_id IS NOT NULL` : sql`m.sys_user_id IS NULL`);
    const cond = sql.join(where, sql` AND `);
    const order =
      q.sort === '-customerCount'
        ? sql`m.customer_count DESC`
        : q.sort === 'customerCount'
          ? sql`m.customer_count`
          : q.sort?.replace('-', '') === 'name'
            ? sql`m.name ${q.sort.startsWith('-') ? sql`DESC` : sql`ASC`}`
            : sql`m.userid ${q.sort?.startsWith('-') ? sql`DESC` : sql`ASC`}`;
    const rows = await queryRows<{
      id: number;
      corp_id: string;
      userid: string;
      name: string;
      departments: number[];
      dept_names: string[] | null;
      position: string;
      status: number;
      has_customer_contact: boolean;
      customer_count: number;
      sys_user_id: number | null;
      sys_user_name: string | null;
      deleted: boolean;
      synced_at: string;
    }>(
      this.db,
      sql`SELECT m.*, u.nickname AS sys_user_name,
                 (SELECT array_agg(d.name ORDER BY d.dept_id) FROM wecom_department d
                   WHERE d.corp_id = m.corp_id AND m.departments @> to_jsonb(d.dept_id)) AS dept_names
          FROM wecom_member m LEFT JOIN admin_user u ON u.id = m.sys_user_id
          WHERE ${cond} ORDER BY ${order}, m.id LIMIT ${q.pageSize} OFFSET ${offsetOf(q)}`,
    );
    const [total] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM wecom_member m WHERE ${cond}`,
    );
    return {
      items: rows.map(
        (m): WecomMemberRow => ({
          id: m.id,
          corpId: m.corp_id,
          userid: m.userid,
          name: m.name,
          departments: m.departments,
          departmentNames: m.dept_names ?? [],
          position: m.position,
          status: m.status,
          hasCustomerContact: m.has_customer_contact,
          customerCount: m.customer_count,
          sysUserId: m.sys_user_id,
          sysUserName: m.sys_user_name,
          deleted: m.deleted,
          syncedAt: toIso(m.synced_at) as string,
        }),
      ),
      total: total?.n ?? 0,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** 绑定系统用户 (by userid, never by phone: DOMAIN 9.2); the member's relations follow in the same transaction. */
  async bindMember(p: Principal, id: number, sysUserId: number | null, ip: string) {
    const corpId = await this.db.transaction(async (tx) => {
      const [m] = await tx
        .select()
        .from(wecomMember)
        .where(and(eq(wecomMember.id, id), eq(wecomMember.deleted, false)));
      if (!m) throw notFound();
      if (sysUserId !== null) {
        const [u] = await queryRows<{ id: number }>(
          tx,
          sql`SELECT id FROM admin_user WHERE id = ${sysUserId} AND deleted = false`,
        );
        if (!u) throw notFound();
        const [other] = await tx
          .select({ id: wecomMember.id })
          .from(wecomMember)
          .where(
            and(
              eq(wecomMember.corpId, m.corpId),
              eq(wecomMember.sysUserId, sysUserId),
              sql`${wecomMember.id} <> ${id}`,
            ),
          );
        if (other) throw new AppError(409, 'wecomUserBound');
      }
      try {
        await tx.update(wecomMember).set({ sysUserId }).where(eq(wecomMember.id, id));
      } catch (e) {
        const err = e as { code?: string; cause?: { code?: string } };
        if ((err.cause?.code ?? err.code) === '23505') throw new AppError(409, 'wecomUserBound');
        throw e;
      }
      await tx
        .update(wecomRelation)
        .set({ staffUserId: sysUserId })
        .where(and(eq(wecomRelation.corpId, m.corpId), eq(wecomRelation.userid, m.userid)));
      await this.audit(
        tx,
        p,
        ip,
        'wecom.member.bind',
        'wecom_member',
        id,
        said(`${m.userid} → ${sysUserId ?? 'none'}`, { userid: m.userid, userId: sysUserId ?? null }),
      );
      return m.corpId;
    });
    // The member's relations now have a staff user: weigh them against their clients (DOMAIN 9.5.5).
    if (sysUserId !== null) await weighOwnership(this.db, this.now, corpId);
  }

  /** The department tree of every corp (the member page's filter). */
  async listDepartments(): Promise<WecomDepartmentRow[]> {
    const rows = await queryRows<{
      corp_id: string;
      dept_id: number;
      parent_id: number;
      name: string;
      order: number;
    }>(
      this.db,
      sql`SELECT corp_id, dept_id, parent_id, name, "order" FROM wecom_department
          WHERE deleted = false ORDER BY corp_id, parent_id, "order" DESC, dept_id LIMIT 5000`,
    );
    return rows.map((d) => ({
      corpId: d.corp_id,
      deptId: d.dept_id,
      parentId: d.parent_id,
      name: d.name,
      order: Number(d.order),
    }));
  }

  // ---- external contacts -------------------------------------------------------------------------
  // The list, its export and the client drawer read through WecomContacts (contacts.ts).
  listContacts(q: WecomContactListQuery, p: Principal) {
    return this.contacts.list(q, p);
  }
  countContacts(f: Partial<WecomContactListQuery>, p: Principal, cap: number) {
    return this.contacts.count(f, p, cap);
  }
  contactBatches(f: Partial<WecomContactListQuery>, p: Principal) {
    return this.contacts.batches(f, p);
  }
  relationsOfClient(p: Principal, clientId: number) {
    return this.contacts.ofClient(p, clientId);
  }

  /** Relations in the caller's scope, by id. */
  private async scopedRelations(p: Principal, ids: number[]) {
    return queryRows<{
      id: number;
      corp_id: string;
      userid: string;
      external_userid: string;
      tag_ids: string[];
      remark_mobiles: string[];
    }>(
      this.db,
      sql`SELECT r.id, r.corp_id, r.userid, r.external_userid, r.tag_ids, r.remark_mobiles FROM wecom_relation r
          WHERE r.id IN ${ids} AND r.deleted = false AND ${relationScope(p)}`,
    );
  }

  /** 打标签: mark_tag per relation; the local row changes only after WeCom accepted it. */
  async mark(p: Principal, body: WecomMarkBody, ip: string): Promise<BulkResult> {
    const rels = new Map((await this.scopedRelations(p, body.ids)).map((r) => [r.id, r]));
    const results: BulkResult['results'] = [];
    const clients = new Map<string, Awaited<ReturnType<WecomDataService['appFor']>>>();
    for (const id of body.ids) {
      const r = rels.get(id);
      if (!r) {
        results.push({ id, ok: false, code: 404, msg: 'not found' });
        continue;
      }
      try {
        let c = clients.get(r.corp_id);
        if (!c) {
          c = await this.appFor(r.corp_id);
          clients.set(r.corp_id, c);
        }
        await c.client.post('/cgi-bin/externalcontact/mark_tag', {
          userid: r.userid,
          external_userid: r.external_userid,
          add_tag: body.addTagIds,
          remove_tag: body.removeTagIds,
        });
        const next = [
          ...new Set([...r.tag_ids.filter((t) => !body.removeTagIds.includes(t)), ...body.addTagIds]),
        ];
        await this.db.transaction(async (tx) => {
          await tx.update(wecomRelation).set({ tagIds: next }).where(eq(wecomRelation.id, id));
          await this.audit(
            tx,
            p,
            ip,
            'wecom.contact.tag',
            'wecom_relation',
            id,
            said(`+${body.addTagIds.join(',')} -${body.removeTagIds.join(',')}`, {
              added: body.addTagIds.length,
              removed: body.removeTagIds.length,
            }),
          );
        });
        results.push({ id, ok: true, code: 0, msg: 'ok' });
      } catch (e) {
        if (e instanceof AppError) results.push({ id, ok: false, code: e.status, msg: e.messageKey });
        else if (e instanceof WecomApiError) results.push({ id, ok: false, code: e.errcode, msg: e.errmsg });
        else throw e;
      }
    }
    const succeeded = results.filter((r) => r.ok).length;
    return { results, succeeded, failed: results.length - succeeded };
  }

  async remark(p: Principal, id: number, input: WecomRemarkBody, ip: string) {
    const [r] = await this.scopedRelations(p, [id]);
    if (!r) throw notFound();
    const body = { ...input, remarkMobiles: keptMobiles(input.remarkMobiles, r.remark_mobiles) };
    const { client } = await this.appFor(r.corp_id);
    try {
      await client.post('/cgi-bin/externalcontact/remark', {
        userid: r.userid,
        external_userid: r.external_userid,
        ...(body.remark !== undefined ? { remark: body.remark } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.remarkMobiles !== undefined ? { remark_mobiles: body.remarkMobiles } : {}),
      });
    } catch (e) {
      throw apiError(e);
    }
    await this.db.transaction(async (tx) => {
      await tx
        .update(wecomRelation)
        .set({
          ...(body.remark !== undefined ? { remark: body.remark } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.remarkMobiles !== undefined ? { remarkMobiles: body.remarkMobiles } : {}),
        })
        .where(eq(wecomRelation.id, id));
      await this.audit(
        tx,
        p,
        ip,
        'wecom.contact.remark',
        'wecom_relation',
        id,
        said(body.remark ?? '', { remark: body.remark ?? null }),
      );
    });
  }

  /** 在职转接: one member's contacts (≤100) to another; per-contact refusals (e.g. the 2-per-90-days rule). */
  async transfer(p: Principal, body: WecomTransferBody, ip: string): Promise<BulkResult> {
    const rels = await this.scopedRelations(p, body.ids);
    const handovers = new Set(rels.map((r) => `${r.corp_id}|${r.userid}`));
    if (handovers.size > 1) throw new AppError(400, 'wecomTransferOneMember');
    const results: BulkResult['results'] = body.ids
      .filter((id) => !rels.some((r) => r.id === id))
      .map((id) => ({ id, ok: false, code: 404, msg: 'not found' }));
    const first = rels[0];
    if (first) {
      const { client } = await this.appFor(first.corp_id);
      let res: Record<string, unknown>;
      try {
        res = await client.post('/cgi-bin/externalcontact/transfer_customer', {
          handover_userid: first.userid,
          takeover_userid: body.takeoverUserid,
          external_userid: rels.map((r) => r.external_userid),
        });
      } catch (e) {
        throw apiError(e);
      }
      const byExt = new Map(
        ((res.customer as { external_userid: string; errcode: number }[]) ?? []).map((c) => [
          c.external_userid,
          c.errcode,
        ]),
      );
      const started = rels.filter((r) => byExt.get(r.external_userid) === 0).map((r) => r.id);
      await this.db.transaction(async (tx) => {
        if (started.length)
          await tx
            .update(wecomRelation)
            .set({ status: 'TRANSFERRING', transferStatus: 2, transferTakeover: body.takeoverUserid })
            .where(inArray(wecomRelation.id, started));
        await this.audit(
          tx,
          p,
          ip,
          'wecom.contact.transfer',
          'wecom_member',
          first.userid,
          said(
            `→ ${body.takeoverUserid}: ${started.length} started, ${rels.length - started.length} refused`,
            {
              to: body.takeoverUserid,
              started: started.length,
              refused: rels.length - started.length,
            },
          ),
        );
      });
      for (const r of rels) {
        const code = byExt.get(r.external_userid) ?? -1;
        results.push({ id: r.id, ok: code === 0, code, msg: code === 0 ? 'ok' : `errcode ${code}` });
      }
    }
    results.sort((a, b) => body.ids.indexOf(a.id) - body.ids.indexOf(b.id));
    const succeeded = results.filter((r) => r.ok).length;
    return { results, succeeded, failed: results.length - succeeded };
  }

  /**
   * 离职继承 (admin, DOMAIN 9.4 resigned/*): every live contact of a member who left the corp (status 5)
   * goes to another member, 100 per call; the started ones are TRANSFERRING until resigned/
   * transfer_result says they arrived (trackTransfers). Answers per relation.
   */
  async inherit(p: Principal, memberId: number, takeoverUserid: string, ip: string): Promise<BulkResult> {
    const [m] = await this.db
      .select()
      .from(wecomMember)
      .where(and(eq(wecomMember.id, memberId), eq(wecomMember.deleted, false)));
    if (!m) throw notFound();
    if (m.status !== 5) throw new AppError(409, 'wecomMemberNotResigned');
    const [takeover] = await this.db
      .select({ status: wecomMember.status })
      .from(wecomMember)
      .where(
        and(
          eq(wecomMember.corpId, m.corpId),
          eq(wecomMember.userid, takeoverUserid),
          eq(wecomMember.deleted, false),
        ),
      );
    if (takeover?.status !== 1) throw fieldError('takeoverUserid', 'wecomTakeoverInvalid');
    const rels = await this.db
      .select({ id: wecomRelation.id, ext: wecomRelation.externalUserid })
      .from(wecomRelation)
      .where(
        and(
          eq(wecomRelation.corpId, m.corpId),
          eq(wecomRelation.userid, m.userid),
          eq(wecomRelation.deleted, false),
          eq(wecomRelation.status, 'NORMAL'),
        ),
      )
      .orderBy(wecomRelation.id);
    const { client } = await this.appFor(m.corpId);
    const results: BulkResult['results'] = [];
    for (let i = 0; i < rels.length; i += 100) {
      const chunk = rels.slice(i, i + 100);
      let res: Record<string, unknown>;
      try {
        res = await client.post('/cgi-bin/externalcontact/resigned/transfer_customer', {
          handover_userid: m.userid,
          takeover_userid: takeoverUserid,
          external_userid: chunk.map((r) => r.ext),
        });
      } catch (e) {
        if (i === 0) throw apiError(e);
        const err = e as WecomApiError;
        for (const r of chunk)
          results.push({ id: r.id, ok: false, code: err.errcode ?? -1, msg: err.errmsg ?? '' });
        continue;
      }
      const byExt = new Map(
        ((res.customer as { external_userid: string; errcode: number }[]) ?? []).map((c) => [
          c.external_userid,
          c.errcode,
        ]),
      );
      const started = chunk.filter((r) => byExt.get(r.ext) === 0).map((r) => r.id);
      if (started.length)
        await this.db
          .update(wecomRelation)
          .set({ status: 'TRANSFERRING', transferStatus: 2, transferTakeover: takeoverUserid })
          .where(inArray(wecomRelation.id, started));
      for (const r of chunk) {
        const code = byExt.get(r.ext) ?? -1;
        results.push({ id: r.id, ok: code === 0, code, msg: code === 0 ? 'ok' : `errcode ${code}` });
      }
    }
    const succeeded = results.filter((r) => r.ok).length;
    await this.audit(
      this.db,
      p,
      ip,
      'wecom.member.inherit',
      'wecom_member',
      memberId,
      said(`${m.userid} → ${takeoverUserid}: ${succeeded} started, ${results.length - succeeded} refused`, {
        userid: m.userid,
        to: takeoverUserid,
        started: succeeded,
        refused: results.length - succeeded,
      }),
    );
    return { results, succeeded, failed: results.length - succeeded };
  }

  /** 关联客户 / 取消关联: the client must be within the caller's data scope. */
  async link(p: Principal, id: number, clientId: number | null, ip: string) {
    const [r] = await this.scopedRelations(p, [id]);
    if (!r) throw notFound();
    await this.db.transaction(async (tx) => {
      if (clientId !== null) {
        const [cl] = await queryRows<{ id: number }>(
          tx,
          sql`SELECT cl.id FROM client cl WHERE cl.id = ${clientId} AND cl.deleted = false
              AND ${scopeCondition(p, { owner: sql`cl.owner_user_id`, dept: sql`cl.owner_dept_id` })}`,
        );
        if (!cl) throw notFound();
      }
      const [contact] = await queryRows<{ id: number; client_id: number | null }>(
        tx,
        sql`SELECT id, client_id FROM wecom_external_contact WHERE corp_id = ${r.corp_id}
            AND external_userid = ${r.external_userid} FOR UPDATE`,
      );
      if (!contact) throw notFound();
      await tx.execute(
        sql`UPDATE wecom_external_contact SET client_id = ${clientId} WHERE id = ${contact.id}`,
      );
      if (contact.client_id !== null && contact.client_id !== clientId)
        await tx.execute(
          sql`UPDATE client SET wecom_external_userid = NULL
              WHERE id = ${contact.client_id} AND wecom_external_userid = ${r.external_userid}`,
        );
      if (clientId !== null)
        await tx.execute(
          sql`UPDATE client SET wecom_external_userid = ${r.external_userid}
              WHERE id = ${clientId} AND wecom_external_userid IS NULL`,
        );
      await this.audit(
        tx,
        p,
        ip,
        'wecom.contact.link',
        'wecom_external_contact',
        contact.id,
        said(`client ${clientId ?? 'none'}`, { clientId: clientId ?? null }),
      );
    });
    if (clientId !== null) await weighOwnership(this.db, this.now, r.corp_id, r.external_userid);
  }

  /**
   * 一键建客户 (DOMAIN 9.5.4): a client made from an unlinked contact through client creation itself
   * (mobile duplicate rules, owner limit; the caller owns it unless the input says otherwise), then
   * the contact linked to it and its relations weighed. A contact linked meanwhile answers 409.
   */
  async createClient(p: Principal, id: number, input: ClientCreate, ip: string, lang: Language) {
    if (!this.clients) throw new Error('WecomDataService: no ClientService');
    if (!p.permissions.has('client.create')) throw forbidden();
    const [r] = await this.scopedRelations(p, [id]);
    if (!r) throw notFound();
    const [contact] = await queryRows<{ id: number; client_id: number | null }>(
      this.db,
      sql`SELECT id, client_id FROM wecom_external_contact WHERE corp_id = ${r.corp_id} AND external_userid = ${r.external_userid}`,
    );
    if (!contact) throw notFound();
    if (contact.client_id !== null) throw new AppError(409, 'wecomContactLinked');
    const created = await this.clients.create(p, input, ip, lang);
    await this.db.transaction(async (tx) => {
      const won = await queryRows<{ id: number }>(
        tx,
        sql`UPDATE wecom_external_contact SET client_id = ${created.id}
            WHERE id = ${contact.id} AND client_id IS NULL RETURNING id`,
      );
      if (!won.length) throw new AppError(409, 'wecomContactLinked');
      await tx.execute(
        sql`UPDATE client SET wecom_external_userid = ${r.external_userid}
            WHERE id = ${created.id} AND wecom_external_userid IS NULL`,
      );
      await this.audit(
        tx,
        p,
        ip,
        'wecom.contact.link',
        'wecom_external_contact',
        contact.id,
        said(`client ${created.id} created from the contact`, { clientId: created.id, created: true }),
      );
    });
    await weighOwnership(this.db, this.now, r.corp_id, r.external_userid);
    return this.clients.get(p, created.id);
  }

  /**
   * Follows the in-service transfers in progress (transfer_result): 1 接替完毕 → TRANSFERRED; 3 客户拒绝 /
   * 4 接替成员客户达到上限 → back to NORMAL with the reason kept in transfer_status; 2 still waiting.
   */
  async trackTransfers(): Promise<Record<string, number>> {
    const out = { transferred: 0, refused: 0 };
    const pairs = await queryRows<{ corp_id: string; userid: string; takeover: string; resigned: boolean }>(
      this.db,
      sql`SELECT DISTINCT r.corp_id, r.userid, r.transfer_takeover AS takeover, coalesce(m.status = 5, false) AS resigned
          FROM wecom_relation r LEFT JOIN wecom_member m ON m.corp_id = r.corp_id AND m.userid = r.userid
          WHERE r.status = 'TRANSFERRING' AND r.transfer_takeover IS NOT NULL AND r.deleted = false`,
    );
    for (const pair of pairs) {
      let client: Awaited<ReturnType<WecomDataService['appFor']>>['client'];
      try {
        client = (await this.appFor(pair.corp_id)).client;
      } catch {
        continue;
      }
      let cursor = '';
      do {
        // 离职继承 has its own result API (resigned/transfer_result).
        const api = pair.resigned
          ? '/cgi-bin/externalcontact/resigned/transfer_result'
          : '/cgi-bin/externalcontact/transfer_result';
        const res = await client.post(api, {
          handover_userid: pair.userid,
          takeover_userid: pair.takeover,
          cursor,
        });
        for (const c of (res.customer as { external_userid: string; status: number }[]) ?? []) {
          if (c.status === 2) continue;
          const done = c.status === 1;
          const rows = await this.db
            .update(wecomRelation)
            .set({ status: done ? 'TRANSFERRED' : 'NORMAL', transferStatus: c.status })
            .where(
              and(
                eq(wecomRelation.corpId, pair.corp_id),
                eq(wecomRelation.userid, pair.userid),
                eq(wecomRelation.externalUserid, c.external_userid),
                eq(wecomRelation.status, 'TRANSFERRING'),
              ),
            )
            .returning({ id: wecomRelation.id });
          if (done) out.transferred += rows.length;
          else out.refused += rows.length;
        }
        cursor = String(res.next_cursor ?? '');
      } while (cursor);
    }
    return out;
  }

  // ---- tags --------------------------------------------------------------------------------------
  async listTags(): Promise<{ items: WecomTagGroupRow[] }> {
    const groups = await this.db
      .select()
      .from(wecomTagGroup)
      .where(eq(wecomTagGroup.deleted, false))
      .orderBy(sql`${wecomTagGroup.order} DESC`, wecomTagGroup.id);
    const tags = await this.db
      .select()
      .from(wecomTag)
      .where(eq(wecomTag.deleted, false))
      .orderBy(sql`${wecomTag.order} DESC`, wecomTag.id);
    const counts = new Map(
      (
        await queryRows<{ tag: string; n: number }>(
          this.db,
          sql`SELECT t AS tag, count(*)::int AS n FROM wecom_relation r, unnest(r.tag_ids) t WHERE r.deleted = false GROUP BY t`,
        )
      ).map((c) => [c.tag, c.n]),
    );
    return {
      items: groups.map((g) => ({
        id: g.id,
        corpId: g.corpId,
        groupId: g.groupId,
        name: g.name,
        order: g.order,
        createdByUs: g.createdByUs,
        tags: tags
          .filter((t) => t.corpId === g.corpId && t.groupId === g.groupId)
          .map((t) => ({
            id: t.id,
            tagId: t.tagId,
            name: t.name,
            order: t.order,
            createdByUs: t.createdByUs,
            contactCount: counts.get(t.tagId) ?? 0,
          })),
      })),
    };
  }

  async createTags(p: Principal, body: WecomTagCreate, ip: string) {
    const { app, client } = await this.appFor(body.corpId);
    let res: Record<string, unknown>;
    try {
      res = await client.post('/cgi-bin/externalcontact/add_corp_tag', {
        ...(body.groupId ? { group_id: body.groupId } : { group_name: body.groupName ?? '' }),
        tag: body.names.map((name) => ({ name })),
        agentid: app.agentId,
      });
    } catch (e) {
      throw apiError(e);
    }
    const g = res.tag_group as {
      group_id: string;
      group_name: string;
      create_time: number;
      order: number;
      tag: { id: string; name: string; create_time: number; order: number }[];
    };
    await this.db.transaction(async (tx) => {
      await tx
        .insert(wecomTagGroup)
        .values({
          corpId: body.corpId,
          groupId: g.group_id,
          name: g.group_name,
          order: g.order ?? 0,
          createTime: new Date((g.create_time ?? 0) * 1000),
          createdByUs: !body.groupId,
        })
        .onConflictDoUpdate({
          target: [wecomTagGroup.corpId, wecomTagGroup.groupId],
          set: { deleted: false, name: g.group_name },
        });
      await tx.insert(wecomTag).values(
        g.tag.map((t) => ({
          corpId: body.corpId,
          tagId: t.id,
          groupId: g.group_id,
          name: t.name,
          order: t.order ?? 0,
          createTime: new Date((t.create_time ?? 0) * 1000),
          createdByUs: true,
        })),
      );
      await this.audit(
        tx,
        p,
        ip,
        'wecom.tag.create',
        'wecom_tag_group',
        g.group_id,
        said(`${g.group_name}: ${body.names.join(', ')}`, {
          group: g.group_name,
          names: body.names.join(', '),
        }),
      );
    });
    return g.tag.map((t) => t.id);
  }

  private async ours(kind: 'tag' | 'group', id: number) {
    const table = kind === 'tag' ? wecomTag : wecomTagGroup;
    const [row] = await this.db
      .select()
      .from(table)
      .where(and(eq(table.id, id), eq(table.deleted, false)));
    if (!row) throw notFound();
    if (!row.createdByUs) throw new AppError(409, 'wecomTagNotOurs');
    return row as typeof wecomTag.$inferSelect & typeof wecomTagGroup.$inferSelect;
  }

  async renameTag(p: Principal, kind: 'tag' | 'group', id: number, name: string, ip: string) {
    const row = await this.ours(kind, id);
    const { app, client } = await this.appFor(row.corpId);
    const wecomId = kind === 'tag' ? row.tagId : row.groupId;
    try {
      await client.post('/cgi-bin/externalcontact/edit_corp_tag', {
        id: wecomId,
        name,
        agentid: app.agentId,
      });
    } catch (e) {
      throw apiError(e);
    }
    const table = kind === 'tag' ? wecomTag : wecomTagGroup;
    await this.db.transaction(async (tx) => {
      await tx.update(table).set({ name }).where(eq(table.id, id));
      await this.audit(tx, p, ip, 'wecom.tag.rename', `wecom_${kind}`, wecomId, said(name, { name }));
    });
  }

  async deleteTag(p: Principal, kind: 'tag' | 'group', id: number, ip: string) {
    const row = await this.ours(kind, id);
    const { app, client } = await this.appFor(row.corpId);
    const wecomId = kind === 'tag' ? row.tagId : row.groupId;
    try {
      await client.post('/cgi-bin/externalcontact/del_corp_tag', {
        [kind === 'tag' ? 'tag_id' : 'group_id']: [wecomId],
        agentid: app.agentId,
      });
    } catch (e) {
      throw apiError(e);
    }
    await this.db.transaction(async (tx) => {
      if (kind === 'tag') {
        await tx.update(wecomTag).set({ deleted: true }).where(eq(wecomTag.id, id));
        await tx
          .update(wecomRelation)
          .set({ tagIds: sql`array_remove(${wecomRelation.tagIds}, ${wecomId})` })
          .where(
            and(
              eq(wecomRelation.corpId, row.corpId),
              sql`${wecomRelation.tagIds} @> ARRAY[${wecomId}]::text[]`,
            ),
          );
      } else {
        await tx.update(wecomTagGroup).set({ deleted: true }).where(eq(wecomTagGroup.id, id));
        await tx
          .update(wecomTag)
          .set({ deleted: true })
          .where(and(eq(wecomTag.corpId, row.corpId), eq(wecomTag.groupId, wecomId)));
      }
      await this.audit(
        tx,
        p,
        ip,
        'wecom.tag.delete',
        `wecom_${kind}`,
        wecomId,
        said(row.name, { name: row.name }),
      );
    });
  }
}
