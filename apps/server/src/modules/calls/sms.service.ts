import {
  isCnMobile,
  maskMobile,
  normalizeMobile,
  SIGN_SOURCES,
  type SignRow,
  SMS_SKIP_REASONS,
  type SmsLogQuery,
  type SmsLogRow,
  type SmsSkipReason,
  type TemplateCreate,
  type TemplateListQuery,
  type TemplateRow,
  type TemplateUpdate,
  templateParamsOf,
} from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { smsSign, smsTemplate } from '../../db/schema';
import { said } from '../../lib/audit';
import { scopeCondition } from '../../lib/data-scope';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import { likeContains, offsetOf, toIso } from '../../lib/list';
import { inIdOrder, queryNamed } from '../../lib/named-query';
import { sqlIn } from '../../lib/sql-in';
import type { ProviderRegistry } from '../../providers/registry';
import { renderSms, type SmsReceipt } from '../../providers/sms/types';
import type { Principal } from '../../types';
import {
  clientIsReadable,
  clientWritable,
  loadWritableClient,
  ruleRefused,
  shanghaiDayStart,
} from '../clients/common';
import type { FollowUpService } from '../clients/follow-ups.service';
import { ListTotals } from '../orders/list-totals';
import { auditOf, insideWindow, isUniqueViolation, readOutboundSettings } from './common';

/**
 * How long a sent message waits for its delivery receipt before it ends NO_RECEIPT: receipts come
 * within minutes (Aliyun retries a failed push for 16 minutes; a handset off the network is
 * reported when the operator gives up, within 72 hours).
 */
export const RECEIPT_WINDOW_MS = 72 * 60 * 60 * 1000;

/** Minimum seconds between template submissions per provider (Aliyun: >= 30 s apart). */
const SUBMIT_GAP_S: Record<string, number> = { aliyun: 30, tencent: 1, sandbox: 0 };
const SMS_LOCK = 7_500_301;
/** Template types the system sends itself (login codes): never offered or accepted for a manual send. */
const SYSTEM_TEMPLATE_TYPES: string[] = ['VERIFICATION'];

type TplRaw = typeof smsTemplate.$inferSelect & { signName: string | null; signStatus: string | null };

const toTemplate = (r: TplRaw): TemplateRow => ({
  id: r.id,
  code: r.code,
  name: r.name,
  type: r.type as TemplateRow['type'],
  signId: r.signId,
  signName: r.signName ?? '',
  content: r.content,
  params: r.params ?? [],
  provider: r.provider,
  providerTemplateCode: r.providerTemplateCode,
  auditStatus: r.auditStatus as TemplateRow['auditStatus'],
  rejectReason: r.rejectReason,
  enabled: r.enabled,
  applyRemark: r.applyRemark,
  submittedAt: toIso(r.submittedAt),
  reviewedAt: toIso(r.reviewedAt),
  sentCount: r.sentCount,
  updatedAt: toIso(r.updatedAt) as string,
  version: r.version,
});

const toSign = (r: typeof smsSign.$inferSelect): SignRow => ({
  id: r.id,
  name: r.name,
  provider: r.provider,
  source: r.source as SignRow['source'],
  status: r.status as SignRow['status'],
  rejectReason: r.rejectReason,
  isDefault: r.isDefault,
  remark: r.remark,
  submittedAt: toIso(r.submittedAt),
  updatedAt: toIso(r.updatedAt) as string,
  version: r.version,
});

type LogRaw = {
  id: number;
  template_id: number;
  template_code: string;
  template_type: string;
  sign_name: string;
  mobile: string;
  content: string;
  client_id: number | null;
  client_name: string | null;
  sent_by: number | null;
  sent_by_name: string | null;
  provider: string;
  send_status: string;
  receive_status: string;
  api_code: string;
  api_msg: string;
  biz_id: string;
  receive_code: string;
  sent_at: Date | string;
  received_at: Date | string | null;
  is_test: boolean;
};

const providerError = (err: unknown) => {
  const e = err as { code?: string; message?: string };
  return new AppError(
    502,
    'smsProviderFailed',
    { reason: [e.code, e.message].filter(Boolean).join(' ').slice(0, 200) },
    null,
    502,
  );
};

interface Recipient {
  clientId: number;
  name: string;
  mobile: string;
}

/**
 * SMS (DOMAIN 7.3): signatures and templates with the review state machine (DRAFT -> PENDING ->
 * APPROVED | REJECTED with the reason; editing an approved template clones a new draft), synced
 * from the provider; sending to a client and in bulk (PROMOTION honours sms_opt_out, the send
 * window and the per-mobile daily cap), test sends, the log with delivery receipts, and an SMS
 * follow-up for each message the provider accepted. Only APPROVED and enabled templates send.
 */
export class SmsService {
  private readonly logTotals: ListTotals;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly providers: ProviderRegistry,
    private readonly followUps: FollowUpService,
  ) {
    this.logTotals = new ListTotals(db, 'sms_log');
    providers.smsSink = (receipts) => this.applyReceipts('sandbox', receipts).then(() => undefined);
  }

  // ---- signatures ---------------------------------------------------------------------------------
  async listSigns(): Promise<SignRow[]> {
    const rows = await this.db
      .select()
      .from(smsSign)
      .where(sql`${smsSign.deleted} = false`)
      .orderBy(smsSign.id);
    return rows.map(toSign);
  }

  private async sign(db: DbOrTx, id: number) {
    const [row] = await db
      .select()
      .from(smsSign)
      .where(sql`${smsSign.id} = ${id} AND ${smsSign.deleted} = false`);
    if (!row) throw notFound();
    return row;
  }

  async createSign(
    p: Principal,
    input: { name: string; source: string; remark: string; isDefault: boolean },
    ip: string,
  ) {
    const providerName = await this.providers.currentSmsName();
    const [taken] = await queryRows<{ id: number }>(
      this.db,
      sql`SELECT id FROM sms_sign WHERE name = ${input.name} AND provider = ${providerName} AND deleted = false`,
    );
    if (taken) throw fieldError('name', 'signNameTaken');
    const provider = await this.providers.sms(providerName);
    await provider
      .submitSign({
        name: input.name,
        source: SIGN_SOURCES.indexOf(input.source as never),
        remark: input.remark,
      })
      .catch((err) => {
        throw providerError(err);
      });
    const id = await this.db
      .transaction(async (tx) => {
        if (input.isDefault) await tx.execute(sql`UPDATE sms_sign SET is_default = false WHERE is_default`);
        const [row] = await tx
          .insert(smsSign)
          .values({
            ...input,
            provider: providerName,
            status: 'PENDING',
            submittedAt: this.now(),
            createdBy: p.userId,
            updatedBy: p.userId,
          })
          .returning({ id: smsSign.id });
        if (!row) throw new Error('insert failed');
        await auditOf(
          tx,
          p,
          ip,
          'sms.sign.create',
          'sms_sign',
          row.id,
          said(`submitted ${input.name}`, { name: input.name }),
        );
        return row.id;
      })
      .catch((err) => {
        if (isUniqueViolation(err)) throw fieldError('name', 'signNameTaken');
        throw err;
      });
    return toSign(await this.sign(this.db, id));
  }

  /** Remark and default at any time; a rejected signature with a new name is submitted again. */
  async updateSign(
    p: Principal,
    id: number,
    input: { name: string; source: string; remark: string; isDefault: boolean; version: number },
    ip: string,
  ) {
    const cur = await this.sign(this.db, id);
    if (cur.version !== input.version) throw conflict();
    const resubmit = input.name !== cur.name || input.source !== cur.source;
    if (resubmit) {
      if (cur.status !== 'REJECTED') throw ruleRefused('signNotSubmittable');
      const provider = await this.providers.sms(cur.provider);
      await provider
        .submitSign({
          name: input.name,
          source: SIGN_SOURCES.indexOf(input.source as never),
          remark: input.remark,
        })
        .catch((err) => {
          throw providerError(err);
        });
    }
    await this.db.transaction(async (tx) => {
      if (input.isDefault)
        await tx.execute(sql`UPDATE sms_sign SET is_default = false WHERE is_default AND id <> ${id}`);
      const res = await tx
        .update(smsSign)
        .set({
          name: input.name,
          source: input.source,
          remark: input.remark,
          isDefault: input.isDefault,
          ...(resubmit ? { status: 'PENDING', rejectReason: '', submittedAt: this.now() } : {}),
          version: sql`${smsSign.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(sql`${smsSign.id} = ${id} AND ${smsSign.version} = ${input.version}`)
        .returning({ id: smsSign.id });
      if (!res.length) throw conflict();
      await auditOf(
        tx,
        p,
        ip,
        'sms.sign.update',
        'sms_sign',
        id,
        said(`${cur.name} -> ${input.name}${resubmit ? ' (resubmitted)' : ''}`, {
          from: cur.name,
          to: input.name,
          resubmitted: Boolean(resubmit),
        }),
      );
    });
    return toSign(await this.sign(this.db, id));
  }

  async syncSign(id: number) {
    const cur = await this.sign(this.db, id);
    const provider = await this.providers.sms(cur.provider);
    const state = await provider.signState(cur.name).catch((err) => {
      throw providerError(err);
    });
    const status = state.status === 'CANCELLED' ? 'REJECTED' : state.status;
    const rejectReason = state.reason.slice(0, 500);
    // An unchanged review writes nothing: a version bump every poll would refuse an editor's save.
    if (status === cur.status && rejectReason === cur.rejectReason) return toSign(cur);
    await this.db
      .update(smsSign)
      .set({
        status,
        rejectReason,
        version: sql`${smsSign.version} + 1`,
        updatedAt: this.now(),
      })
      .where(sql`${smsSign.id} = ${id} AND ${smsSign.version} = ${cur.version}`);
    return toSign(await this.sign(this.db, id));
  }

  async removeSign(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const cur = await this.sign(tx, id);
      const [used] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM sms_template WHERE sign_id = ${id} AND deleted = false`,
      );
      if ((used?.n ?? 0) > 0) throw new AppError(409, 'dictInUse', { count: used?.n ?? 0 });
      await tx
        .update(smsSign)
        .set({
          deleted: true,
          version: sql`${smsSign.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(sql`${smsSign.id} = ${id}`);
      await auditOf(
        tx,
        p,
        ip,
        'sms.sign.delete',
        'sms_sign',
        id,
        said(`deleted ${cur.name}`, { name: cur.name }),
      );
    });
  }

  // ---- templates ----------------------------------------------------------------------------------
  /** Senders (sms.send) without the template write or submit codes see approved templates only. */
  private templatesVisible(p: Principal): SQL {
    const all =
      p.permissions.has('sms.template.write') ||
      p.permissions.has('sms.template.submit') ||
      p.dataScope === 'ALL';
    return all ? sql`TRUE` : sql`t.audit_status = 'APPROVED'`;
  }

  private templateSelect() {
    return sql`SELECT t.*, s.name AS sign_name, s.status AS sign_status FROM sms_template t LEFT JOIN sms_sign s ON s.id = t.sign_id`;
  }

  private mapRaw(r: Record<string, unknown>): TplRaw {
    return {
      id: Number(r.id),
      code: r.code as string,
      name: r.name as string,
      type: r.type as string,
      signId: Number(r.sign_id),
      content: r.content as string,
      params: (r.params as string[]) ?? [],
      provider: r.provider as string,
      providerTemplateCode: r.provider_template_code as string,
      auditStatus: r.audit_status as string,
      rejectReason: r.reject_reason as string,
      enabled: r.enabled as boolean,
      applyRemark: r.apply_remark as string,
      submittedAt: r.submitted_at ? new Date(r.submitted_at as string) : null,
      reviewedAt: r.reviewed_at ? new Date(r.reviewed_at as string) : null,
      sentCount: r.sent_count as number,
      deleted: r.deleted as boolean,
      version: r.version as number,
      createdAt: new Date(r.created_at as string),
      createdBy: r.created_by == null ? null : Number(r.created_by),
      updatedAt: new Date(r.updated_at as string),
      updatedBy: r.updated_by == null ? null : Number(r.updated_by),
      signName: (r.sign_name as string) ?? null,
      signStatus: (r.sign_status as string) ?? null,
    };
  }

  /** The template list's WHERE over `sms_template t` (the workbench counts with it too). */
  templateWhere(p: Principal, q: Omit<Partial<TemplateListQuery>, 'page' | 'pageSize' | 'sort'>): SQL {
    const conds: SQL[] = [sql`t.deleted = false`, this.templatesVisible(p)];
    if (q.keyword)
      conds.push(
        sql`(t.name ILIKE ${likeContains(q.keyword)} OR t.code ILIKE ${likeContains(q.keyword)} OR t.content ILIKE ${likeContains(q.keyword)})`,
      );
    if (q.type?.length) conds.push(sqlIn(sql`t.type`, q.type));
    if (q.auditStatus?.length) conds.push(sqlIn(sql`t.audit_status`, q.auditStatus));
    if (q.enabled !== undefined) conds.push(sql`t.enabled = ${q.enabled}`);
    if (q.signId) conds.push(sql`t.sign_id = ${q.signId}`);
    return sql.join(conds, sql` AND `);
  }

  async listTemplates(p: Principal, q: TemplateListQuery) {
    const where = this.templateWhere(p, q);
    const cols: Record<string, string> = { updatedAt: 't.updated_at', code: 't.code', name: 't.name' };
    const parts = (q.sort ?? '-updatedAt')
      .split(',')
      .filter(Boolean)
      .map((s) => sql.raw(`${cols[s.replace(/^-/, '')]} ${s.startsWith('-') ? 'DESC' : 'ASC'}`));
    const [rows, [count]] = await Promise.all([
      queryRows<Record<string, unknown>>(
        this.db,
        sql`${this.templateSelect()} WHERE ${where} ORDER BY ${sql.join([...parts, sql.raw('t.id DESC')], sql`, `)}
            LIMIT ${q.pageSize} OFFSET ${offsetOf(q)}`,
      ),
      queryRows<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM sms_template t WHERE ${where}`),
    ]);
    return {
      items: rows.map((r) => toTemplate(this.mapRaw(r))),
      total: count?.n ?? 0,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  private async template(db: DbOrTx, id: number, p?: Principal, lock = false): Promise<TplRaw> {
    const [row] = await queryRows<Record<string, unknown>>(
      db,
      sql`${this.templateSelect()} WHERE t.id = ${id} AND t.deleted = false ${p ? sql`AND ${this.templatesVisible(p)}` : sql``}
          ${lock ? sql`FOR UPDATE OF t` : sql``}`,
    );
    if (!row) throw notFound();
    return this.mapRaw(row);
  }

  async getTemplate(p: Principal, id: number) {
    return toTemplate(await this.template(this.db, id, p));
  }

  private async signExists(db: DbOrTx, id: number) {
    const [s] = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM sms_sign WHERE id = ${id} AND deleted = false`,
    );
    if (!s) throw fieldError('signId', 'notFound');
  }

  private codeTaken = (err: unknown): never => {
    if (isUniqueViolation(err)) throw fieldError('code', 'templateCodeTaken');
    throw err;
  };

  private async freeCode(db: DbOrTx, base: string) {
    for (let i = 2; i < 100; i++) {
      const code = `${base.slice(0, 28)}_${i}`;
      const [t] = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM sms_template WHERE code = ${code} AND deleted = false`,
      );
      if (!t) return code;
    }
    throw conflict();
  }

  async createTemplate(p: Principal, input: TemplateCreate, ip: string) {
    const provider = await this.providers.currentSmsName();
    const id = await this.db
      .transaction(async (tx) => {
        await this.signExists(tx, input.signId);
        const [row] = await tx
          .insert(smsTemplate)
          .values({
            ...input,
            params: templateParamsOf(input.content),
            provider,
            auditStatus: 'DRAFT',
            createdBy: p.userId,
            updatedBy: p.userId,
          })
          .returning({ id: smsTemplate.id });
        if (!row) throw new Error('insert failed');
        await auditOf(
          tx,
          p,
          ip,
          'sms.template.create',
          'sms_template',
          row.id,
          said(`draft ${input.code}`, { code: input.code }),
        );
        return row.id;
      })
      .catch(this.codeTaken);
    return this.getTemplate(p, id);
  }

  /**
   * Edit: drafts and rejected templates in place (a rejected one goes back to draft, keeping the
   * reason until it is submitted again); pending ones are locked; an approved or cancelled one is
   * cloned into a new draft (with a free code when the code is unchanged).
   */
  async updateTemplate(p: Principal, id: number, input: TemplateUpdate, ip: string) {
    // Read before the transaction: PGlite has one connection, a query outside the transaction would wait for it.
    const provider = await this.providers.currentSmsName();
    const newId = await this.db
      .transaction(async (tx) => {
        const cur = await this.template(tx, id, p, true);
        if (cur.version !== input.version) throw conflict();
        if (cur.auditStatus === 'PENDING') throw new AppError(409, 'templatePendingLocked');
        await this.signExists(tx, input.signId);
        const { version: _v, ...values } = input;
        if (cur.auditStatus === 'DRAFT' || cur.auditStatus === 'REJECTED') {
          await tx
            .update(smsTemplate)
            .set({
              ...values,
              params: templateParamsOf(input.content),
              auditStatus: 'DRAFT',
              version: sql`${smsTemplate.version} + 1`,
              updatedAt: this.now(),
              updatedBy: p.userId,
            })
            .where(sql`${smsTemplate.id} = ${id}`);
          await auditOf(
            tx,
            p,
            ip,
            'sms.template.update',
            'sms_template',
            id,
            said(`edited ${input.code}`, { code: input.code }),
          );
          return id;
        }
        const code = input.code === cur.code ? await this.freeCode(tx, cur.code) : input.code;
        const [row] = await tx
          .insert(smsTemplate)
          .values({
            ...values,
            code,
            params: templateParamsOf(input.content),
            provider,
            auditStatus: 'DRAFT',
            createdBy: p.userId,
            updatedBy: p.userId,
          })
          .returning({ id: smsTemplate.id });
        if (!row) throw new Error('insert failed');
        await auditOf(
          tx,
          p,
          ip,
          'sms.template.clone',
          'sms_template',
          row.id,
          said(`draft ${code} from ${cur.code}`, { code, from: cur.code }),
        );
        return row.id;
      })
      .catch(this.codeTaken);
    return this.getTemplate(p, newId);
  }

  async copyTemplate(p: Principal, id: number, ip: string) {
    const cur = await this.template(this.db, id, p);
    return this.createTemplate(
      p,
      {
        code: await this.freeCode(this.db, cur.code),
        name: cur.name,
        type: cur.type as TemplateCreate['type'],
        signId: cur.signId,
        content: cur.content,
        applyRemark: cur.applyRemark,
      },
      ip,
    );
  }

  /** Submit for review: DRAFT or REJECTED -> PENDING, sent to the provider (throttled per provider). */
  async submitTemplate(p: Principal, id: number, ip: string) {
    const claimed = await this.db.transaction(async (tx) => {
      const cur = await this.template(tx, id, p, true);
      if (cur.auditStatus !== 'DRAFT' && cur.auditStatus !== 'REJECTED')
        throw ruleRefused('templateNotSubmittable');
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SMS_LOCK})`);
      const gap = SUBMIT_GAP_S[cur.provider] ?? 0;
      if (gap > 0) {
        const [last] = await queryRows<{ at: Date | string | null }>(
          tx,
          sql`SELECT max(submitted_at) AS at FROM sms_template WHERE provider = ${cur.provider}`,
        );
        const since = last?.at
          ? (this.now().getTime() - new Date(last.at).getTime()) / 1000
          : Number.POSITIVE_INFINITY;
        if (since < gap)
          throw new AppError(429, 'templateSubmitThrottled', { seconds: Math.ceil(gap - since) }, null, 429, {
            'retry-after': String(Math.ceil(gap - since)),
          });
      }
      await tx
        .update(smsTemplate)
        .set({ auditStatus: 'PENDING', submittedAt: this.now(), version: sql`${smsTemplate.version} + 1` })
        .where(sql`${smsTemplate.id} = ${id}`);
      return cur;
    });
    try {
      const provider = await this.providers.sms(claimed.provider);
      const code = await provider.submitTemplate({
        name: claimed.name,
        content: claimed.content,
        type: claimed.type as TemplateCreate['type'],
        remark: claimed.applyRemark,
      });
      await this.db.transaction(async (tx) => {
        await tx
          .update(smsTemplate)
          .set({ providerTemplateCode: code, rejectReason: '', updatedAt: this.now(), updatedBy: p.userId })
          .where(sql`${smsTemplate.id} = ${id}`);
        await auditOf(
          tx,
          p,
          ip,
          'sms.template.submit',
          'sms_template',
          id,
          said(`submitted ${claimed.code} as ${code}`, { code: claimed.code, as: code }),
        );
      });
    } catch (err) {
      await this.db
        .update(smsTemplate)
        .set({ auditStatus: claimed.auditStatus, version: sql`${smsTemplate.version} + 1` })
        .where(sql`${smsTemplate.id} = ${id}`);
      throw providerError(err);
    }
    return this.getTemplate(p, id);
  }

  /** Reads the review outcome of a pending template from its provider. */
  async syncTemplate(id: number) {
    const cur = await this.template(this.db, id);
    if (cur.auditStatus !== 'PENDING' || !cur.providerTemplateCode) return toTemplate(cur);
    const provider = await this.providers.sms(cur.provider);
    const state = await provider.templateState(cur.providerTemplateCode);
    if (state.status !== 'PENDING') {
      await this.db
        .update(smsTemplate)
        .set({
          auditStatus: state.status,
          rejectReason: state.reason.slice(0, 500),
          reviewedAt: this.now(),
          version: sql`${smsTemplate.version} + 1`,
          updatedAt: this.now(),
        })
        .where(sql`${smsTemplate.id} = ${id} AND ${smsTemplate.auditStatus} = 'PENDING'`);
    }
    return toTemplate(await this.template(this.db, id));
  }

  async syncTemplateFor(p: Principal, id: number) {
    await this.template(this.db, id, p);
    try {
      return await this.syncTemplate(id);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw providerError(err);
    }
  }

  /** The job: every pending template (oldest submission first), a bounded batch per run. */
  async syncPending(): Promise<{ checked: number; decided: number; failed: number }> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`SELECT id FROM sms_template WHERE audit_status = 'PENDING' AND deleted = false ORDER BY submitted_at LIMIT 100`,
    );
    let decided = 0;
    let failed = 0;
    for (const r of rows) {
      try {
        const t = await this.syncTemplate(Number(r.id));
        if (t.auditStatus !== 'PENDING') decided++;
      } catch {
        failed++;
      }
    }
    const signs = await queryRows<{ id: number }>(
      this.db,
      sql`SELECT id FROM sms_sign WHERE status = 'PENDING' AND deleted = false ORDER BY submitted_at LIMIT 100`,
    );
    for (const s of signs) await this.syncSign(Number(s.id)).catch(() => failed++);
    return { checked: rows.length + signs.length, decided, failed };
  }

  async enableTemplate(p: Principal, id: number, enabled: boolean, version: number, ip: string) {
    await this.db.transaction(async (tx) => {
      await this.template(tx, id, p);
      const res = await tx
        .update(smsTemplate)
        .set({
          enabled,
          version: sql`${smsTemplate.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(sql`${smsTemplate.id} = ${id} AND ${smsTemplate.version} = ${version}`)
        .returning({ id: smsTemplate.id });
      if (!res.length) throw conflict();
      await auditOf(
        tx,
        p,
        ip,
        'sms.template.enable',
        'sms_template',
        id,
        said(enabled ? 'enabled' : 'disabled', { enabled }),
      );
    });
    return this.getTemplate(p, id);
  }

  async removeTemplate(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const cur = await this.template(tx, id, p, true);
      await tx
        .update(smsTemplate)
        .set({
          deleted: true,
          version: sql`${smsTemplate.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(sql`${smsTemplate.id} = ${id}`);
      await auditOf(
        tx,
        p,
        ip,
        'sms.template.delete',
        'sms_template',
        id,
        said(`deleted ${cur.code}`, { code: cur.code }),
      );
    });
  }

  // ---- sending ------------------------------------------------------------------------------------
  private async sendable(p: Principal, templateId: number) {
    const t = await this.template(this.db, templateId, p);
    if (t.auditStatus !== 'APPROVED' || !t.enabled) throw ruleRefused('templateNotSendable');
    if (t.signStatus !== 'APPROVED') throw ruleRefused('signNotApproved');
    return t;
  }

  /** A template a user sends by hand to clients: system ones (verification codes) are the system's. */
  private async manuallySendable(p: Principal, templateId: number) {
    const t = await this.sendable(p, templateId);
    if (SYSTEM_TEMPLATE_TYPES.includes(t.type)) throw ruleRefused('templateSystemOnly');
    return t;
  }

  /** The templates offered for sending to clients: approved, enabled, signed, not system templates. */
  async manualTemplates(p: Principal): Promise<{ items: TemplateRow[] }> {
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`${this.templateSelect()} WHERE t.deleted = false AND ${this.templatesVisible(p)}
            AND t.audit_status = 'APPROVED' AND t.enabled AND s.status = 'APPROVED'
            AND NOT ${sqlIn(sql`t.type`, SYSTEM_TEMPLATE_TYPES)}
          ORDER BY t.name, t.id`,
    );
    return { items: rows.map((r) => toTemplate(this.mapRaw(r))) };
  }

  private paramsFor(t: TplRaw, given: Record<string, string>, r: { name: string } | null) {
    const params: Record<string, string> = {};
    for (const name of t.params) {
      const v = given[name]?.trim() || (name === 'name' && r ? r.name : '');
      if (!v) throw fieldError(`params.${name}`, 'templateParamMissing', { name });
      params[name] = v;
    }
    return params;
  }

  /** Recipients among `clientIds` and why the others are skipped (in input order). */
  private async plan(p: Principal, t: TplRaw, clientIds: number[]) {
    const settings = await readOutboundSettings(this.db);
    const promo = t.type === 'PROMOTION';
    const rows = await queryRows<{ id: number; name: string; mobile: string | null; sms_opt_out: boolean }>(
      this.db,
      sql`SELECT id, name, mobile, sms_opt_out FROM client WHERE id IN (${sql.join(
        clientIds.map((id) => sql`${id}`),
        sql`, `,
      )}) AND ${clientWritable(p)}`,
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const sentToday = new Map<string, number>();
    const mobiles = rows.filter((r) => r.mobile).map((r) => sql`${r.mobile}`);
    if (promo && mobiles.length) {
      const counts = await queryRows<{ mobile: string; n: number }>(
        this.db,
        sql`SELECT mobile, count(*)::int AS n FROM sms_log
            WHERE mobile IN (${sql.join(mobiles, sql`, `)}) AND sent_at >= ${shanghaiDayStart(this.now())} AND template_type = 'PROMOTION'
              AND send_status IN ('INIT','SUCCESS') AND is_test = false
            GROUP BY mobile`,
      );
      for (const c of counts) sentToday.set(c.mobile, c.n);
    }
    const skipped = Object.fromEntries(SMS_SKIP_REASONS.map((r) => [r, 0])) as Record<SmsSkipReason, number>;
    const skip = (why: SmsSkipReason) => {
      skipped[why] += 1;
    };
    const recipients: Recipient[] = [];
    const seen = new Set<string>();
    const open = !promo || insideWindow(this.now(), settings.smsWindowStart, settings.smsWindowEnd);
    for (const id of clientIds) {
      const c = byId.get(id);
      if (!c) skip('NOT_FOUND');
      else if (!c.mobile) skip('NO_MOBILE');
      else if (promo && c.sms_opt_out) skip('OPT_OUT');
      else if (seen.has(c.mobile)) skip('DUPLICATE_MOBILE');
      else {
        seen.add(c.mobile);
        if (!open) skip('OUTSIDE_WINDOW');
        else if (promo && (sentToday.get(c.mobile) ?? 0) >= settings.smsDailyCap) skip('DAILY_CAP');
        else recipients.push({ clientId: Number(c.id), name: c.name, mobile: c.mobile });
      }
    }
    return { recipients, skipped, settings };
  }

  async preview(
    p: Principal,
    input: { templateId: number; clientIds: number[]; params: Record<string, string> },
  ) {
    const t = await this.manuallySendable(p, input.templateId);
    const ids = [...input.clientIds];
    const { recipients, skipped } = await this.plan(p, t, ids);
    const first = recipients[0] ?? null;
    const sample = renderSms(t.content, first ? this.paramsFor(t, input.params, first) : input.params);
    return { total: ids.length, willSend: recipients.length, skipped, sample: `【${t.signName}】${sample}` };
  }

  /**
   * One message: the log row first (INIT, under a per-mobile lock so the daily cap holds under
   * concurrency), then the provider, then the outcome and, when accepted, the SMS follow-up.
   */
  private async deliver(
    p: Principal,
    t: TplRaw,
    to: { mobile: string; clientId: number | null },
    params: Record<string, string>,
    isTest: boolean,
    ip: string,
  ): Promise<SmsLogRow> {
    const content = `【${t.signName}】${renderSms(t.content, params)}`;
    const settings = await readOutboundSettings(this.db);
    const logId = await this.db.transaction(async (tx) => {
      if (t.type === 'PROMOTION' && !isTest) {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${SMS_LOCK}, hashtext(${to.mobile}))`);
        const [n] = await queryRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM sms_log WHERE mobile = ${to.mobile} AND sent_at >= ${shanghaiDayStart(this.now())}
                AND template_type = 'PROMOTION' AND send_status IN ('INIT','SUCCESS') AND is_test = false`,
        );
        if ((n?.n ?? 0) >= settings.smsDailyCap)
          throw ruleRefused('smsDailyCap', { cap: settings.smsDailyCap });
      }
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO sms_log (template_id, template_code, template_type, sign_name, mobile, params, content, client_id,
              sent_by, dept_id, provider, is_test, sent_at)
            VALUES (${t.id}, ${t.code}, ${t.type}, ${t.signName ?? ''}, ${to.mobile}, ${JSON.stringify(params)}::jsonb,
              ${content.slice(0, 1000)}, ${to.clientId}, ${p.userId}, ${p.departmentId}, ${t.provider}, ${isTest}, ${this.now()})
            RETURNING id`,
      );
      if (!row) throw new Error('insert failed');
      await auditOf(
        tx,
        p,
        ip,
        isTest ? 'sms.test' : 'sms.send',
        to.clientId ? 'client' : 'sms_template',
        to.clientId ?? t.id,
        said(`${t.code} to ${maskMobile(to.mobile)} (log ${row.id})`, {
          code: t.code,
          mobile: maskMobile(to.mobile),
          logId: row.id,
        }),
      );
      return Number(row.id);
    });
    const provider = await this.providers.sms(t.provider);
    const res = await provider
      .send({
        mobile: to.mobile,
        signName: t.signName ?? '',
        templateCode: t.providerTemplateCode,
        params,
        paramOrder: t.params,
        outId: String(logId),
      })
      .catch((err: { code?: string; message?: string }) => ({
        ok: false,
        code: err.code ?? 'ERROR',
        message: err.message ?? '',
        bizId: '',
        requestId: '',
      }));
    await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE sms_log SET send_status = ${res.ok ? 'SUCCESS' : 'FAILURE'}, api_code = ${res.code.slice(0, 64)},
              api_msg = ${res.message.slice(0, 200)}, biz_id = ${res.bizId.slice(0, 64)}, request_id = ${res.requestId.slice(0, 64)},
              receive_status = ${res.ok ? sql`receive_status` : sql`'FAILURE'`}
            WHERE id = ${logId}`,
      );
      if (res.ok) {
        await tx.execute(sql`UPDATE sms_template SET sent_count = sent_count + 1 WHERE id = ${t.id}`);
        if (to.clientId != null)
          await this.followUps.recordAutomatic(
            {
              clientId: to.clientId,
              source: 'SMS',
              type: 'SMS',
              content: content.slice(0, 2000),
              userId: p.userId,
              deptId: p.departmentId,
            },
            tx,
          );
      }
    });
    return this.log(p, logId);
  }

  async send(
    p: Principal,
    input: { templateId: number; clientId: number; params: Record<string, string> },
    ip: string,
  ) {
    const t = await this.manuallySendable(p, input.templateId);
    const c = await loadWritableClient<{
      id: number;
      name: string;
      mobile: string | null;
      sms_opt_out: boolean;
    }>(this.db, p, input.clientId, sql`id, name, mobile, sms_opt_out`, 'callClientNotOwned');
    if (!c.mobile) throw ruleRefused('callNoMobile');
    if (t.type === 'PROMOTION') {
      if (c.sms_opt_out) throw ruleRefused('smsOptOut');
      const s = await readOutboundSettings(this.db);
      if (!insideWindow(this.now(), s.smsWindowStart, s.smsWindowEnd))
        throw ruleRefused('smsOutsideWindow', { start: s.smsWindowStart, end: s.smsWindowEnd });
    }
    const params = this.paramsFor(t, input.params, c);
    return this.deliver(p, t, { mobile: c.mobile, clientId: Number(c.id) }, params, false, ip);
  }

  async bulkSend(
    p: Principal,
    input: { templateId: number; clientIds: number[]; params: Record<string, string> },
    ip: string,
  ) {
    const t = await this.manuallySendable(p, input.templateId);
    const { recipients, skipped } = await this.plan(p, t, input.clientIds);
    let sent = 0;
    let failed = 0;
    let sample = '';
    for (const r of recipients) {
      try {
        const params = this.paramsFor(t, input.params, r);
        const log = await this.deliver(p, t, { mobile: r.mobile, clientId: r.clientId }, params, false, ip);
        if (!sample) sample = log.content;
        if (log.sendStatus === 'SUCCESS') sent++;
        else failed++;
      } catch (err) {
        if (err instanceof AppError && err.messageKey === 'smsDailyCap') {
          skipped.DAILY_CAP += 1;
          continue;
        }
        if (err instanceof AppError && err.messageKey === 'validationFailed') throw err;
        failed++;
      }
    }
    return {
      total: input.clientIds.length,
      willSend: recipients.length,
      skipped,
      sample,
      sent,
      failed,
    };
  }

  async testSend(
    p: Principal,
    id: number,
    input: { mobile: string; params: Record<string, string> },
    ip: string,
  ) {
    const t = await this.sendable(p, id);
    const mobile = normalizeMobile(input.mobile);
    if (!isCnMobile(mobile)) throw fieldError('mobile', 'mobileInvalid');
    const params = this.paramsFor(t, input.params, null);
    return this.deliver(p, t, { mobile, clientId: null }, params, true, ip);
  }

  // ---- log and receipts ---------------------------------------------------------------------------
  private logVisible(p: Principal): SQL {
    return scopeCondition(p, { owner: sql`l.sent_by`, dept: sql`l.dept_id` });
  }

  private logSelect() {
    return sql`SELECT l.*, c.name AS client_name, coalesce(nullif(u.nickname, ''), u.username) AS sent_by_name
      FROM sms_log l LEFT JOIN client c ON c.id = l.client_id LEFT JOIN admin_user u ON u.id = l.sent_by`;
  }

  private toLog(r: LogRaw): SmsLogRow {
    return {
      id: Number(r.id),
      templateId: Number(r.template_id),
      templateCode: r.template_code,
      templateType: r.template_type as SmsLogRow['templateType'],
      signName: r.sign_name,
      mobile: maskMobile(r.mobile),
      content: r.content,
      clientId: r.client_id == null ? null : Number(r.client_id),
      clientName: r.client_name,
      sentBy: r.sent_by == null ? null : Number(r.sent_by),
      sentByName: r.sent_by_name,
      provider: r.provider,
      sendStatus: r.send_status as SmsLogRow['sendStatus'],
      receiveStatus: r.receive_status as SmsLogRow['receiveStatus'],
      apiCode: r.api_code,
      apiMsg: r.api_msg,
      bizId: r.biz_id,
      receiveCode: r.receive_code,
      sentAt: toIso(r.sent_at) as string,
      receivedAt: toIso(r.received_at),
      isTest: r.is_test,
    };
  }

  async log(p: Principal, id: number): Promise<SmsLogRow> {
    const [row] = await queryRows<LogRaw>(
      this.db,
      sql`${this.logSelect()} WHERE l.id = ${id} AND ${this.logVisible(p)}`,
    );
    if (!row) throw notFound();
    return this.toLog(row);
  }

  async logs(p: Principal, q: SmsLogQuery) {
    let scope = this.logVisible(p);
    // A client the caller may read shows all its messages (whoever sent them).
    if (q.clientId && (await clientIsReadable(this.db, p, q.clientId))) scope = sql`TRUE`;
    const conds: SQL[] = [scope];
    if (q.templateId) conds.push(sql`l.template_id = ${q.templateId}`);
    if (q.clientId) conds.push(sql`l.client_id = ${q.clientId}`);
    if (q.sendStatus?.length) conds.push(sqlIn(sql`l.send_status`, q.sendStatus));
    if (q.receiveStatus?.length) conds.push(sqlIn(sql`l.receive_status`, q.receiveStatus));
    const unwindowed = sql.join(conds, sql` AND `);
    const from = q.from ? new Date(q.from) : undefined;
    const to = q.to ? new Date(q.to) : undefined;
    if (from) conds.push(sql`l.sent_at >= ${from}`);
    if (to) conds.push(sql`l.sent_at <= ${to}`);
    const where = sql.join(conds, sql` AND `);
    // A random window is a new WHERE per request: its estimate scales the unwindowed one (ListTotals).
    const timeWindow = { base: sql`FROM sms_log l WHERE ${unwindowed}`, column: 'sent_at', from, to };
    // NULLS placement as in the (…, sent_at DESC NULLS LAST, id DESC NULLS LAST) indexes, so they serve the order.
    const dir = sql.raw(q.sort === 'sentAt' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST');
    // A page that is not full (a client's SMS tab, most short lists) is its own exact total: no
    // planner estimate and no count (ListTotals.pageOfIds, as the call list).
    const page = await this.logTotals.pageOfIds(
      sql`FROM sms_log l WHERE ${where}`,
      // The page's ids, then their rows by a named prepared statement (as the call list).
      async (limit) =>
        (
          await queryRows<{ id: number }>(
            this.db,
            sql`SELECT l.id FROM sms_log l WHERE ${where} ORDER BY l.sent_at ${dir}, l.id ${dir} LIMIT ${limit} OFFSET ${offsetOf(q)}`,
          )
        ).map((r) => Number(r.id)),
      async (ids) =>
        inIdOrder(
          ids,
          await queryNamed<LogRaw>(
            this.db,
            'sms_log_rows',
            sql`${this.logSelect()} WHERE l.id = ANY(${sql.param(ids)}::bigint[])`,
          ),
        ),
      q,
      timeWindow,
    );
    return { ...page, items: page.items.map((r) => this.toLog(r)), page: q.page, pageSize: q.pageSize };
  }

  /** Messages still awaiting their receipt past the window: NO_RECEIPT, not INIT forever. */
  async closeUnreceipted(now: Date) {
    const closed = await queryRows<{ id: number }>(
      this.db,
      sql`UPDATE sms_log SET receive_status = 'NO_RECEIPT'
          WHERE receive_status = 'INIT' AND sent_at < ${new Date(now.getTime() - RECEIPT_WINDOW_MS)}
          RETURNING id`,
    );
    return closed.length;
  }

  /** Delivery receipts: the first one for a message decides; repeats and strays change nothing. */
  async applyReceipts(provider: string, receipts: SmsReceipt[]) {
    let applied = 0;
    for (const r of receipts) {
      const outId = /^\d{1,18}$/.test(r.outId ?? '') ? Number(r.outId) : null;
      if (!r.bizId && outId == null) continue;
      // By our id when echoed (the receipt may arrive before the send's answer is stored), else by biz id.
      const match = outId != null ? sql`id = ${outId}` : sql`biz_id = ${r.bizId}`;
      const res = await queryRows<{ id: number }>(
        this.db,
        sql`UPDATE sms_log SET receive_status = ${r.success ? 'SUCCESS' : 'FAILURE'}, receive_code = ${r.code.slice(0, 64)},
              received_at = ${r.at ?? this.now()}
            WHERE provider = ${provider} AND ${match} AND receive_status = 'INIT' AND send_status <> 'FAILURE'
              ${r.mobile ? sql`AND (mobile = ${r.mobile} OR ${r.mobile} LIKE '%' || mobile)` : sql``}
            RETURNING id`,
      );
      applied += res.length;
    }
    return { applied, ignored: receipts.length - applied };
  }
}
