// The external-contact list of the WeCom pages, its export and the client drawer's relations
// (DOMAIN 9.6): reads only, within the caller's data scope.
import type { WecomContactListQuery, WecomContactRow } from '@educrm/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { wecomTag } from '../../db/schema';
import { scopeCondition } from '../../lib/data-scope';
import { notFound } from '../../lib/errors';
import { likeContains, offsetOf, toIso } from '../../lib/list';
import { exportMobile, maskMobile } from '../../lib/mask';
import type { Principal } from '../../types';

/** Relations the caller may see: siyu the ones whose follow member is bound to them. */
export const relationScope = (p: Principal) =>
  scopeCondition(p, {
    owner: sql`r.staff_user_id`,
    dept: sql`(SELECT u.department_id FROM admin_user u WHERE u.id = r.staff_user_id)`,
  });

interface ContactRowSql {
  id: number;
  contact_id: number;
  external_userid: string;
  name: string;
  avatar: string;
  type: number;
  gender: number;
  corp_name: string;
  userid: string;
  member_name: string | null;
  remark: string;
  description: string;
  remark_mobiles: string[];
  add_time: string | null;
  add_way: number;
  state: string;
  status: WecomContactRow['status'];
  tag_ids: string[];
  client_id: number | null;
  client_name: string | null;
  corp_id: string;
  /** Read by the export only (whose mobiles it may show in full). */
  staff_user_id?: number | string | null;
}

export class WecomContacts {
  constructor(private readonly db: Db) {}

  /** The list's WHERE over `wecom_relation r JOIN wecom_external_contact c` (the workbench counts with it too). */
  where(q: Partial<WecomContactListQuery>, p: Principal): SQL {
    const where: SQL[] = [sql`r.deleted = false`, relationScope(p)];
    if (q.keyword) {
      const k = likeContains(q.keyword);
      where.push(sql`(c.name ILIKE ${k} OR r.remark ILIKE ${k} OR r.remark_mobiles::text LIKE ${k})`);
    }
    if (q.userid) where.push(sql`r.userid = ${q.userid}`);
    if (q.tagIds?.length)
      where.push(
        sql`r.tag_ids @> ARRAY[${sql.join(
          q.tagIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`,
      );
    if (q.addWay !== undefined) where.push(sql`r.add_way = ${q.addWay}`);
    if (q.status) where.push(sql`r.status = ${q.status}`);
    if (q.addedFrom) where.push(sql`r.add_time >= ${q.addedFrom}`);
    if (q.addedTo) where.push(sql`r.add_time < ${q.addedTo}`);
    if (q.linked !== undefined)
      where.push(q.linked ? sql`c.client_id IS NOT NULL` : sql`c.client_id IS NULL`);
    if (q.clientId !== undefined) where.push(sql`c.client_id = ${q.clientId}`);
    if (q.contactId !== undefined) where.push(sql`r.contact_id = ${q.contactId}`);
    return sql.join(where, sql` AND `);
  }

  async list(q: WecomContactListQuery, p: Principal) {
    const cond = this.where(q, p);
    // Matches wecom_relation_list_idx / _staff_idx (add_time DESC NULLS LAST, id DESC NULLS LAST), both ways.
    const asc = q.sort !== undefined && !q.sort.startsWith('-');
    const dir = asc ? sql`ASC NULLS FIRST` : sql`DESC NULLS LAST`;
    const byName = q.sort?.replace('-', '') === 'name';
    const order = byName ? sql`c.name ${dir}, r.id ${dir}` : sql`r.add_time ${dir}, r.id ${dir}`;
    // The capped count first (10,001 rows at most, found through the filters' own indexes). It also
    // chooses the shape of the page query: walking an ordered index and filtering is fast when matches
    // are dense, but when they are rare (two tags that seldom meet) the walk over the whole list reads
    // the whole table (bench/README.md "WeCom"). Up to 10,000 matches, the matches are collected
    // through their indexes (a materialised CTE) and sorted; beyond, 1 row in 100 or more matches and
    // the walk wins. A staff filter (userid, or the SELF scope) has its own ordered index
    // (wecom_relation_user_idx / _staff_idx): walking it reads at most that staff's relations.
    // Every relation has its contact: the join is needed only when a filter reads the contact.
    const contactJoin =
      q.keyword || q.linked !== undefined || q.clientId !== undefined
        ? sql`JOIN wecom_external_contact c ON c.id = r.contact_id`
        : sql``;
    const [total] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM wecom_relation r ${contactJoin}
          WHERE ${cond} LIMIT 10001) x`,
    );
    const n = total?.n ?? 0;
    const columns = sql`SELECT r.id, r.contact_id, r.external_userid, c.name, c.avatar, c.type, c.gender, c.corp_name, r.userid,
                 m.name AS member_name, r.remark, r.description, r.remark_mobiles, r.add_time, r.add_way, r.state,
                 r.status, r.tag_ids, c.client_id, cl.name AS client_name, r.corp_id`;
    const joins = sql`JOIN wecom_external_contact c ON c.id = r.contact_id
          LEFT JOIN wecom_member m ON m.corp_id = r.corp_id AND m.userid = r.userid
          LEFT JOIN client cl ON cl.id = c.client_id`;
    const pageOrder = byName ? sql`h.name ${dir}, h.id ${dir}` : sql`h.add_time ${dir}, h.id ${dir}`;
    const staffWalk = !byName && (Boolean(q.userid) || p.dataScope === 'SELF');
    const rows =
      n === 0 || offsetOf(q) >= n
        ? []
        : await queryRows<ContactRowSql>(
            this.db,
            n <= 10_000 && !staffWalk
              ? sql`WITH h AS MATERIALIZED (
                      SELECT r.id, r.add_time, ${byName ? sql`c.name` : sql`NULL AS name`} FROM wecom_relation r
                      ${byName ? sql`JOIN wecom_external_contact c ON c.id = r.contact_id` : contactJoin} WHERE ${cond}),
                    pg AS (SELECT h.id FROM h ORDER BY ${pageOrder} LIMIT ${q.pageSize} OFFSET ${offsetOf(q)})
                    ${columns} FROM pg JOIN wecom_relation r ON r.id = pg.id ${joins} ORDER BY ${order}`
              : sql`${columns} FROM wecom_relation r ${joins}
                    WHERE ${cond} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${offsetOf(q)}`,
          );
    return {
      items: await this.toRows(rows),
      total: Math.min(total?.n ?? 0, 10_000),
      totalExact: (total?.n ?? 0) <= 10_000,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** 导出: the matches of the list's filters, counted up to `cap`. */
  async count(f: Partial<WecomContactListQuery>, p: Principal, cap: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM wecom_relation r JOIN wecom_external_contact c ON c.id = r.contact_id
          WHERE ${this.where(f, p)} LIMIT ${cap}) x`,
    );
    return row?.n ?? 0;
  }

  /** 导出: the matches in batches of 1,000 by relation id (keyset). */
  async *batches(f: Partial<WecomContactListQuery>, p: Principal): AsyncIterable<WecomContactRow[]> {
    const cond = this.where(f, p);
    let after = 0;
    for (;;) {
      const rows = await queryRows<ContactRowSql>(
        this.db,
        sql`SELECT r.id, r.contact_id, r.external_userid, c.name, c.avatar, c.type, c.gender, c.corp_name, r.userid,
                   m.name AS member_name, r.remark, r.description, r.remark_mobiles, r.add_time, r.add_way, r.state,
                   r.status, r.tag_ids, c.client_id, cl.name AS client_name, r.corp_id, r.staff_user_id
            FROM wecom_relation r JOIN wecom_external_contact c ON c.id = r.contact_id
            LEFT JOIN wecom_member m ON m.corp_id = r.corp_id AND m.userid = r.userid
            LEFT JOIN client cl ON cl.id = c.client_id
            WHERE ${cond} AND r.id > ${after} ORDER BY r.id LIMIT 1000`,
      );
      if (!rows.length) return;
      after = Number(rows[rows.length - 1]?.id);
      // The export: remark mobiles as the client export shows phones (lib/mask, Decision 12).
      yield await this.toRows(rows, (r, m) =>
        exportMobile(p, r.staff_user_id == null ? null : Number(r.staff_user_id), m),
      );
      if (rows.length < 1000) return;
    }
  }

  /**
   * Contact rows with their tag names (one query for the page's tags). Remark mobiles are masked
   * like every client phone (Decision 12); an export passes its own rule.
   */
  private async toRows(
    rows: ContactRowSql[],
    mobile: (r: ContactRowSql, m: string) => string = (_r, m) => maskMobile(m),
  ): Promise<WecomContactRow[]> {
    const tagIds = [...new Set(rows.flatMap((r) => r.tag_ids))];
    const names = new Map(
      tagIds.length
        ? (
            await this.db
              .select({ corpId: wecomTag.corpId, tagId: wecomTag.tagId, name: wecomTag.name })
              .from(wecomTag)
              .where(and(inArray(wecomTag.tagId, tagIds), eq(wecomTag.deleted, false)))
          ).map((t) => [`${t.corpId}|${t.tagId}`, t.name])
        : [],
    );
    return rows.map(
      (r): WecomContactRow => ({
        id: r.id,
        contactId: r.contact_id,
        externalUserid: r.external_userid,
        name: r.name,
        avatar: r.avatar,
        type: r.type,
        gender: r.gender,
        corpName: r.corp_name,
        userid: r.userid,
        memberName: r.member_name,
        remark: r.remark,
        description: r.description,
        remarkMobiles: r.remark_mobiles.map((m) => mobile(r, m)),
        addTime: toIso(r.add_time),
        addWay: r.add_way,
        state: r.state,
        status: r.status,
        tags: r.tag_ids.flatMap((id) => {
          const name = names.get(`${r.corp_id}|${id}`);
          return name ? [{ tagId: id, name }] : [];
        }),
        clientId: r.client_id,
        clientName: r.client_name,
        corpId: r.corp_id,
      }),
    );
  }

  /**
   * The client drawer's 企微关系与标签: every WeCom relation of the contacts linked to a client the
   * caller may read (its own, in scope, or in the pool), ended ones included (their status tells how
   * they ended), newest first.
   */
  async ofClient(p: Principal, clientId: number): Promise<{ items: WecomContactRow[] }> {
    const [cl] = await queryRows<{ id: number }>(
      this.db,
      sql`SELECT cl.id FROM client cl WHERE cl.id = ${clientId} AND cl.deleted = false
          AND (cl.owner_user_id IS NULL OR ${scopeCondition(p, { owner: sql`cl.owner_user_id`, dept: sql`cl.owner_dept_id` })})`,
    );
    if (!cl) throw notFound();
    const rows = await queryRows<ContactRowSql>(
      this.db,
      sql`SELECT r.id, r.contact_id, r.external_userid, c.name, c.avatar, c.type, c.gender, c.corp_name, r.userid,
                 m.name AS member_name, r.remark, r.description, r.remark_mobiles, r.add_time, r.add_way, r.state,
                 r.status, r.tag_ids, c.client_id, cl.name AS client_name, r.corp_id
          FROM wecom_external_contact c
          JOIN wecom_relation r ON r.contact_id = c.id
          LEFT JOIN wecom_member m ON m.corp_id = r.corp_id AND m.userid = r.userid
          LEFT JOIN client cl ON cl.id = c.client_id
          WHERE c.client_id = ${clientId}
          ORDER BY r.deleted, r.add_time DESC NULLS LAST, r.id DESC LIMIT 100`,
    );
    return { items: await this.toRows(rows) };
  }
}
