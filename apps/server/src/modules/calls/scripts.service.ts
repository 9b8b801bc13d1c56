import type {
  Language,
  RenderedScript,
  ScriptCreate,
  ScriptExportQuery,
  ScriptListQuery,
  ScriptRow,
  ScriptUpdate,
} from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { callScript } from '../../db/schema';
import { said } from '../../lib/audit';
import { runBulk } from '../../lib/bulk';
import { AppError, conflict, notFound } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { likeContains, offsetOf, toIso } from '../../lib/list';
import { sqlIn } from '../../lib/sql-in';
import type { Principal } from '../../types';
import { ruleRefused, stateConflict } from '../clients/common';
import { sanitizeRichText } from '../products/sanitize';
import { auditOf, bigintArray } from './common';
import { diffLines, htmlToLines } from './diff';

type Raw = {
  id: number;
  root_id: number;
  version_no: number;
  title: string;
  category: string;
  product_ids: (number | string)[];
  grade_ids: (number | string)[];
  content: string;
  qa_pairs: { question: string; answer: string }[];
  keywords: string[];
  status: string;
  sort: number;
  view_count: number;
  use_count: number;
  published_at: Date | string | null;
  updated_at: Date | string;
  updated_by_name: string | null;
  version: number;
};

const toRow = (r: Raw): ScriptRow => ({
  id: Number(r.id),
  rootId: Number(r.root_id),
  versionNo: r.version_no,
  title: r.title,
  category: r.category as ScriptRow['category'],
  productIds: (r.product_ids ?? []).map(Number),
  gradeIds: (r.grade_ids ?? []).map(Number),
  content: r.content,
  qaPairs: r.qa_pairs ?? [],
  keywords: r.keywords ?? [],
  status: r.status as ScriptRow['status'],
  sort: r.sort,
  viewCount: r.view_count,
  useCount: r.use_count,
  publishedAt: toIso(r.published_at),
  updatedAt: toIso(r.updated_at) as string,
  updatedByName: r.updated_by_name,
  version: r.version,
});

const fill = (text: string, vars: Record<string, string>, value: (v: string) => string) =>
  text.replace(/\{([^{}\s]{1,10})\}/g, (whole, name: string) =>
    name in vars ? value(vars[name] as string) : whole,
  );

/**
 * Fills `{客户称呼}`-style variables. In HTML (the sanitised content: every `>` inside a tag is
 * escaped) only text between tags is filled, values escaped: a variable in an attribute (a link's
 * href) stays as written, so a client named `javascript:…` never becomes a link.
 */
export const renderScriptText = (text: string, vars: Record<string, string>, html: boolean) =>
  html
    ? text
        .split(/(<[^>]*>)/)
        .map((part) => (part.startsWith('<') ? part : fill(part, vars, escapeHtml)))
        .join('')
    : fill(text, vars, (v) => v);

/**
 * Call scripts (DOMAIN 7.2) with versions: every version is a row sharing root_id. A draft is
 * edited in place; editing a published or archived version creates the next draft; publishing a
 * draft archives the family's published version. Writers (call.script.write) and callers with
 * data scope ALL (supervisors) see drafts and history; everyone else sees published scripts only.
 */
export class ScriptService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  seesDrafts(p: Principal) {
    return p.permissions.has('call.script.write') || p.dataScope === 'ALL';
  }

  private visible(p: Principal): SQL {
    return this.seesDrafts(p) ? sql`TRUE` : sql`s.status = 'PUBLISHED'`;
  }

  private select(db: DbOrTx, where: SQL, order: SQL, limit: number, offset: number) {
    return queryRows<Raw>(
      db,
      sql`SELECT s.*, coalesce(nullif(u.nickname, ''), u.username) AS updated_by_name
          FROM call_script s LEFT JOIN admin_user u ON u.id = s.updated_by
          WHERE s.deleted = false AND ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    );
  }

  /** The list's WHERE (visibility, filters) and ORDER BY; the export reads the same. */
  private listSql(p: Principal, q: Omit<Partial<ScriptListQuery>, 'page' | 'pageSize'> & { ids?: number[] }) {
    const conds: SQL[] = [this.visible(p)];
    if (q.ids?.length) conds.push(sqlIn(sql`s.id`, q.ids));
    if (q.status?.length) conds.push(sqlIn(sql`s.status`, q.status));
    else if (this.seesDrafts(p) && !q.ids?.length) conds.push(sql`s.status <> 'ARCHIVED'`);
    if (q.category?.length) conds.push(sqlIn(sql`s.category`, q.category));
    if (q.productId) conds.push(sql`s.product_ids @> ARRAY[${q.productId}]::bigint[]`);
    if (q.keyword) {
      const k = likeContains(q.keyword);
      conds.push(
        sql`(s.title ILIKE ${k} OR s.content ILIKE ${k} OR array_to_string(s.keywords, ' ') ILIKE ${k})`,
      );
    }
    const where = sql.join(conds, sql` AND `);
    const cols: Record<string, string> = {
      sort: 's.sort',
      updatedAt: 's.updated_at',
      useCount: 's.use_count',
      title: 's.title',
    };
    const parts = (q.sort ?? 'sort,-updatedAt')
      .split(',')
      .filter(Boolean)
      .map((s) => sql.raw(`${cols[s.replace(/^-/, '')]} ${s.startsWith('-') ? 'DESC' : 'ASC'}`));
    return { where, order: sql.join([...parts, sql.raw('s.id DESC')], sql`, `) };
  }

  async list(p: Principal, q: ScriptListQuery) {
    const { where, order } = this.listSql(p, q);
    const [items, [count]] = await Promise.all([
      this.select(this.db, where, order, q.pageSize, offsetOf(q)),
      queryRows<{ n: number }>(
        this.db,
        sql`SELECT count(*)::int AS n FROM call_script s WHERE s.deleted = false AND ${where}`,
      ),
    ]);
    return { items: items.map(toRow), total: count?.n ?? 0, page: q.page, pageSize: q.pageSize };
  }

  /** Scripts the export would write (capped at `cap`). */
  async count(p: Principal, q: ScriptExportQuery, cap: number): Promise<number> {
    const { where } = this.listSql(p, q);
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM call_script s WHERE s.deleted = false AND ${where} LIMIT ${cap}) t`,
    );
    return row?.n ?? 0;
  }

  /** The export's rows in the list's order, 500 at a time (scripts are few: offset paging). */
  async *batches(p: Principal, q: ScriptExportQuery): AsyncIterable<ScriptRow[]> {
    const { where, order } = this.listSql(p, q);
    for (let offset = 0; ; offset += 500) {
      const rows = await this.select(this.db, where, order, 500, offset);
      if (rows.length) yield rows.map(toRow);
      if (rows.length < 500) return;
    }
  }

  private async load(db: DbOrTx, p: Principal, id: number, lock = false): Promise<ScriptRow> {
    const [row] = await queryRows<Raw>(
      db,
      sql`SELECT s.*, coalesce(nullif(u.nickname, ''), u.username) AS updated_by_name
          FROM call_script s LEFT JOIN admin_user u ON u.id = s.updated_by
          WHERE s.id = ${id} AND s.deleted = false AND ${this.visible(p)} ${lock ? sql`FOR UPDATE OF s` : sql``}`,
    );
    if (!row) throw notFound();
    return toRow(row);
  }

  async get(p: Principal, id: number): Promise<ScriptRow> {
    await this.db.execute(sql`UPDATE call_script SET view_count = view_count + 1 WHERE id = ${id}`);
    return this.load(this.db, p, id);
  }

  private values(p: Principal, input: ScriptCreate) {
    return {
      title: input.title,
      category: input.category,
      productIds: [...new Set(input.productIds)],
      gradeIds: [...new Set(input.gradeIds)],
      content: sanitizeRichText(input.content),
      qaPairs: input.qaPairs,
      keywords: [...new Set(input.keywords)],
      sort: input.sort,
      updatedBy: p.userId,
      updatedAt: this.now(),
    };
  }

  async create(p: Principal, input: ScriptCreate, ip: string): Promise<ScriptRow> {
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(callScript)
        .values({ ...this.values(p, input), rootId: 0, createdBy: p.userId })
        .returning({ id: callScript.id });
      if (!row) throw new Error('insert failed');
      await tx.execute(sql`UPDATE call_script SET root_id = id WHERE id = ${row.id}`);
      await auditOf(
        tx,
        p,
        ip,
        'call.script.create',
        'call_script',
        row.id,
        said(`created "${input.title}"`, { title: input.title }),
      );
      return row.id;
    });
    return this.load(this.db, p, id);
  }

  /** Edit: a draft in place; a published or archived version becomes the next draft version. */
  async update(p: Principal, id: number, input: ScriptUpdate, ip: string): Promise<ScriptRow> {
    const newId = await this.db.transaction(async (tx) => {
      const cur = await this.load(tx, p, id, true);
      if (cur.version !== input.version) throw conflict();
      const { version: _v, ...rest } = input;
      if (cur.status === 'DRAFT') {
        await tx
          .update(callScript)
          .set({ ...this.values(p, rest), version: sql`${callScript.version} + 1` })
          .where(sql`${callScript.id} = ${id}`);
        await auditOf(
          tx,
          p,
          ip,
          'call.script.update',
          'call_script',
          id,
          said(`edited draft v${cur.versionNo}`, { version: cur.versionNo }),
        );
        return id;
      }
      const [draft] = await queryRows<{ version_no: number }>(
        tx,
        sql`SELECT version_no FROM call_script WHERE root_id = ${cur.rootId} AND status = 'DRAFT' AND deleted = false`,
      );
      if (draft) throw stateConflict('scriptDraftExists', { version: draft.version_no });
      const [max] = await queryRows<{ v: number }>(
        tx,
        sql`SELECT max(version_no)::int AS v FROM call_script WHERE root_id = ${cur.rootId}`,
      );
      const [row] = await tx
        .insert(callScript)
        .values({
          ...this.values(p, rest),
          rootId: cur.rootId,
          versionNo: (max?.v ?? cur.versionNo) + 1,
          createdBy: p.userId,
        })
        .returning({ id: callScript.id });
      if (!row) throw new Error('insert failed');
      await auditOf(
        tx,
        p,
        ip,
        'call.script.version',
        'call_script',
        row.id,
        said(`new draft v${(max?.v ?? cur.versionNo) + 1} of script ${cur.rootId}`, {
          version: (max?.v ?? cur.versionNo) + 1,
          rootId: cur.rootId,
        }),
      );
      return row.id;
    });
    return this.load(this.db, p, newId);
  }

  async publish(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const cur = await this.load(tx, p, id, true);
      await tx.execute(sql`SELECT id FROM call_script WHERE root_id = ${cur.rootId} FOR UPDATE`);
      const [fresh] = await queryRows<{ status: string }>(
        tx,
        sql`SELECT status FROM call_script WHERE id = ${id}`,
      );
      if (fresh?.status !== 'DRAFT') throw ruleRefused('scriptNotDraft');
      const now = this.now();
      await tx.execute(
        sql`UPDATE call_script SET status = 'ARCHIVED', version = version + 1, updated_at = ${now}, updated_by = ${p.userId}
            WHERE root_id = ${cur.rootId} AND status = 'PUBLISHED' AND deleted = false`,
      );
      await tx.execute(
        sql`UPDATE call_script SET status = 'PUBLISHED', published_at = ${now}, version = version + 1,
              updated_at = ${now}, updated_by = ${p.userId} WHERE id = ${id}`,
      );
      await auditOf(
        tx,
        p,
        ip,
        'call.script.publish',
        'call_script',
        id,
        said(`published v${cur.versionNo} of ${cur.rootId}`, { version: cur.versionNo, rootId: cur.rootId }),
      );
    });
    return this.load(this.db, p, id);
  }

  async offline(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const res = await queryRows<{ id: number }>(
        tx,
        sql`UPDATE call_script SET status = 'ARCHIVED', version = version + 1, updated_at = ${this.now()}, updated_by = ${p.userId}
            WHERE id = ${id} AND status = 'PUBLISHED' AND deleted = false RETURNING id`,
      );
      if (!res.length) {
        await this.load(tx, p, id);
        throw ruleRefused('scriptNotPublished');
      }
      await auditOf(tx, p, ip, 'call.script.offline', 'call_script', id, said('taken offline', {}));
    });
    return this.load(this.db, p, id);
  }

  bulkPublish(p: Principal, ids: number[], lang: Language, ip: string) {
    return runBulk(ids, lang, async (id) => {
      await this.publish(p, id, ip);
    });
  }
  bulkOffline(p: Principal, ids: number[], lang: Language, ip: string) {
    return runBulk(ids, lang, async (id) => {
      await this.offline(p, id, ip);
    });
  }

  async copy(p: Principal, id: number, ip: string) {
    const cur = await this.load(this.db, p, id);
    return this.create(
      p,
      {
        title: `${cur.title.slice(0, 58)}（副本）`,
        category: cur.category,
        productIds: cur.productIds,
        gradeIds: cur.gradeIds,
        content: cur.content,
        qaPairs: cur.qaPairs,
        keywords: cur.keywords,
        sort: cur.sort,
      },
      ip,
    );
  }

  /** Deletes a script with all its versions; one with a published version needs call.script.publish. */
  async remove(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const cur = await this.load(tx, p, id, true);
      const [pub] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM call_script WHERE root_id = ${cur.rootId} AND status = 'PUBLISHED' AND deleted = false`,
      );
      if ((pub?.n ?? 0) > 0 && !p.permissions.has('call.script.publish'))
        throw new AppError(403, 'forbidden');
      await tx.execute(
        sql`UPDATE call_script SET deleted = true, version = version + 1, updated_at = ${this.now()}, updated_by = ${p.userId}
            WHERE root_id = ${cur.rootId}`,
      );
      await auditOf(
        tx,
        p,
        ip,
        'call.script.delete',
        'call_script',
        cur.rootId,
        said(`deleted "${cur.title}"`, { title: cur.title }),
      );
    });
  }

  async versions(p: Principal, id: number) {
    const cur = await this.load(this.db, p, id);
    const rows = await this.select(
      this.db,
      sql`s.root_id = ${cur.rootId} AND ${this.visible(p)}`,
      sql`s.version_no DESC`,
      200,
      0,
    );
    return rows.map((r) => {
      const x = toRow(r);
      return {
        id: x.id,
        versionNo: x.versionNo,
        status: x.status,
        title: x.title,
        publishedAt: x.publishedAt,
        updatedAt: x.updatedAt,
        updatedByName: x.updatedByName,
      };
    });
  }

  /** What changed from version `against` to version `id` (lines of the text, then the Q&A pairs). */
  async diff(p: Principal, id: number, against: number) {
    const [to, from] = await Promise.all([this.load(this.db, p, id), this.load(this.db, p, against)]);
    if (to.rootId !== from.rootId) throw ruleRefused('scriptOtherFamily');
    const key = (q: { question: string; answer: string }) => `${q.question}\u0000${q.answer}`;
    const qa = diffLines(from.qaPairs.map(key), to.qaPairs.map(key)).map((d) => {
      const [question, answer] = d.text.split('\u0000');
      return { op: d.op, question: question ?? '', answer: answer ?? '' };
    });
    const brief = (s: ScriptRow) => ({
      id: s.id,
      versionNo: s.versionNo,
      status: s.status,
      title: s.title,
      publishedAt: s.publishedAt,
      updatedAt: s.updatedAt,
      updatedByName: s.updatedByName,
    });
    return {
      from: brief(from),
      to: brief(to),
      title: { from: from.title, to: to.title },
      lines: diffLines(htmlToLines(from.content), htmlToLines(to.content)),
      qa,
    };
  }

  /**
   * The published scripts for a client in the call panel (those for the client's grade, or for
   * every grade), with the variables filled in; counts their use.
   */
  async renderFor(
    db: DbOrTx,
    caller: Principal,
    c: { name: string; studentName: string; gradeId: number | null },
  ): Promise<RenderedScript[]> {
    const rows = await queryRows<Raw & { product_name: string | null; grade_name: string | null }>(
      db,
      sql`SELECT s.*, NULL AS updated_by_name,
            (SELECT p.name FROM product_spu p WHERE p.id = s.product_ids[1]) AS product_name,
            (SELECT g.name FROM grade g WHERE g.id = ${c.gradeId}) AS grade_name
          FROM call_script s
          WHERE s.deleted = false AND s.status = 'PUBLISHED'
            AND (cardinality(s.grade_ids) = 0 ${c.gradeId == null ? sql`` : sql`OR s.grade_ids @> ${bigintArray([c.gradeId])}`})
          ORDER BY s.sort, s.id LIMIT 5`,
    );
    if (rows.length)
      await db.execute(
        sql`UPDATE call_script SET use_count = use_count + 1 WHERE id IN (${sql.join(
          rows.map((r) => sql`${r.id}`),
          sql`, `,
        )})`,
      );
    return rows.map((r) => {
      const vars = {
        客户称呼: c.name,
        学生姓名: c.studentName,
        产品名: r.product_name ?? '',
        销售姓名: caller.nickname || caller.username,
        年级: r.grade_name ?? '',
      };
      return {
        id: Number(r.id),
        title: r.title,
        category: r.category,
        versionNo: r.version_no,
        content: renderScriptText(r.content, vars, true),
        qaPairs: (r.qa_pairs ?? []).map((q) => ({
          question: renderScriptText(q.question, vars, false),
          answer: renderScriptText(q.answer, vars, false),
        })),
      };
    });
  }
}
