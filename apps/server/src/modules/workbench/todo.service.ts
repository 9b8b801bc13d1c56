import {
  clientListQuery,
  MENU_GROUPS,
  orderListQuery,
  TODO_FILTERS,
  TODO_KINDS,
  type TodoItem,
  type TodoKind,
  type TodoMark,
  type TodoMarkBody,
  templateListQuery,
  wecomContactListQuery,
} from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { said, writeAudit } from '../../lib/audit';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { toIso } from '../../lib/list';
import type { Principal } from '../../types';
import type { SmsService } from '../calls/sms.service';
import type { ClientService, ListScene } from '../clients/clients.service';
import type { OrderQueries } from '../orders/order-queries';
import type { WecomContacts } from '../wecom/contacts';

/** The list reads the to-do counts with: each list's own WHERE, so a count is its linked list. */
export interface TodoSources {
  clients: ClientService;
  orders: OrderQueries;
  wecom: WecomContacts;
  sms: SmsService;
}

/** One kind for one caller: its list's table, row id, WHERE (without marks) and link. */
interface KindPlan {
  kind: TodoKind;
  from: SQL;
  rowId: SQL;
  where: SQL;
  path: string;
}

const pathOf = (code: string): string => {
  for (const g of MENU_GROUPS) for (const page of g.pages) if (page.code === code) return page.path;
  throw new Error(`no page ${code}`);
};

/**
 * Codes that let a caller act on some to-do kind: the mark routes ask for any of them (a read-only
 * role marks nothing), and each kind below asks for its own.
 */
export const TODO_ACTION_CODES = [
  'followup.create',
  'wecom.contact.link',
  'order.confirm',
  'order.refund.audit',
  'course.student.write',
  'sms.template.write',
] as const;

const has = (p: Principal, ...codes: string[]) => codes.every((c) => p.permissions.has(c));

/**
 * Which client list a caller's client kinds count and link to: My clients for a SELF scope (or
 * without All clients), All clients (the caller's scope) otherwise.
 */
const clientScene = (p: Principal): ListScene | null => {
  const mine = has(p, 'client.my-list');
  const all = has(p, 'client.list');
  if (!mine && !all) return null;
  return (p.dataScope === 'SELF' && mine) || !all ? 'mine' : 'all';
};

/**
 * The to-do list of issue 42: counts computed from the data in SQL within the caller's permissions
 * and data scope, through the lists' own filters; per-user marks (done, snoozed) leave rows out.
 */
export class TodoService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly sources: TodoSources,
  ) {}

  /** The caller's kinds (absent: no permission), each with its table, WHERE and link. */
  private async plans(p: Principal): Promise<KindPlan[]> {
    const { clients, orders, wecom, sms } = this.sources;
    const plans: KindPlan[] = [];
    const scene = clientScene(p);
    const cfg = scene ? await clients.poolConfig.get() : null;
    const clientPlan = (kind: TodoKind, s: ListScene) => {
      if (!cfg) return;
      const f = clientListQuery.parse({ ...TODO_FILTERS[kind] });
      plans.push({
        kind,
        from: sql`client`,
        rowId: sql`client.id`,
        where: clients.whereOf(p, s, f, cfg),
        path: pathOf(s === 'mine' ? 'client.my-list' : 'client.list'),
      });
    };
    const orderPlan = (kind: TodoKind) =>
      plans.push({
        kind,
        from: sql`sales_order o`,
        rowId: sql`o.id`,
        where: orders.where(p, orderListQuery.parse({ ...TODO_FILTERS[kind] })),
        path: pathOf('order.list'),
      });
    for (const kind of TODO_KINDS) {
      switch (kind) {
        case 'FOLLOW_UP_TODAY':
        case 'FOLLOW_UP_OVERDUE':
        case 'RECYCLE_SOON':
          if (scene) clientPlan(kind, scene);
          break;
        case 'NEW_ASSIGNED':
          if (has(p, 'client.my-list', 'followup.create')) clientPlan(kind, 'mine');
          break;
        case 'WECOM_UNLINKED':
          if (has(p, 'wecom.contact-list', 'wecom.contact.link'))
            plans.push({
              kind,
              from: sql`wecom_relation r JOIN wecom_external_contact c ON c.id = r.contact_id`,
              rowId: sql`r.id`,
              where: wecom.where(wecomContactListQuery.parse({ ...TODO_FILTERS[kind] }), p),
              path: pathOf('wecom.contact-list'),
            });
          break;
        case 'PAYMENT_TO_CONFIRM':
          if (has(p, 'order.list', 'order.confirm')) orderPlan(kind);
          break;
        case 'REFUND_APPROVAL':
          if (has(p, 'order.list', 'order.refund.audit')) orderPlan(kind);
          break;
        case 'PAID_NOT_ENROLLED':
          if (has(p, 'order.list', 'course.student.write')) orderPlan(kind);
          break;
        case 'SMS_TEMPLATE_REJECTED':
          if (has(p, 'call.sms-template-list', 'sms.template.write'))
            plans.push({
              kind,
              from: sql`sms_template t`,
              rowId: sql`t.id`,
              where: sms.templateWhere(p, templateListQuery.parse({ ...TODO_FILTERS[kind] })),
              path: pathOf('call.sms-template-list'),
            });
          break;
      }
    }
    return plans;
  }

  /** Rows a live mark of the caller leaves out of a kind. */
  private unmarked(p: Principal, plan: KindPlan, now: Date): SQL {
    return sql`NOT EXISTS (SELECT 1 FROM workbench_mark wm WHERE wm.user_id = ${p.userId}
      AND wm.kind = ${plan.kind} AND wm.row_id = ${plan.rowId} AND (wm.until IS NULL OR wm.until > ${now}))`;
  }

  /** The counts, in one statement (one scalar subquery per kind). */
  async list(p: Principal): Promise<{ items: TodoItem[] }> {
    const plans = await this.plans(p);
    if (!plans.length) return { items: [] };
    const now = this.now();
    const [row] = await queryRows<Record<string, number>>(
      this.db,
      sql`SELECT ${sql.join(
        plans.map(
          (plan, i) =>
            sql`(SELECT count(*)::int FROM ${plan.from} WHERE ${plan.where} AND ${this.unmarked(p, plan, now)}) AS ${sql.identifier(`k${i}`)}`,
        ),
        sql`, `,
      )}`,
    );
    return {
      items: plans.map((plan, i) => ({
        kind: plan.kind,
        count: Number(row?.[`k${i}`] ?? 0),
        link: { path: plan.path, query: { ...TODO_FILTERS[plan.kind] } },
      })),
    };
  }

  /** The caller's plan of a kind, and that the row is one of the kind's rows for them now. */
  private async rowOf(p: Principal, kind: TodoKind, rowId: number): Promise<KindPlan> {
    const plan = (await this.plans(p)).find((x) => x.kind === kind);
    if (!plan) throw forbidden();
    const [hit] = await queryRows<{ one: number }>(
      this.db,
      sql`SELECT 1 AS one FROM ${plan.from} WHERE ${plan.where} AND ${plan.rowId} = ${rowId} LIMIT 1`,
    );
    if (!hit) throw notFound();
    return plan;
  }

  /** Done (`until` null) or snoozed until `until`: the row leaves the caller's count. Audited. */
  async mark(p: Principal, body: TodoMarkBody, ip: string | null): Promise<TodoMark> {
    const now = this.now();
    const until = body.until ? new Date(body.until) : null;
    if (until && until <= now) throw fieldError('until', 'todoSnoozePast');
    await this.rowOf(p, body.kind, body.rowId);
    return this.db.transaction(async (tx) => {
      const [row] = await queryRows<{ until: Date | string | null; updated_at: Date | string }>(
        tx,
        sql`INSERT INTO workbench_mark (user_id, kind, row_id, until, created_at, updated_at)
            VALUES (${p.userId}, ${body.kind}, ${body.rowId}, ${until}, ${now}, ${now})
            ON CONFLICT (user_id, kind, row_id) DO UPDATE SET until = EXCLUDED.until, updated_at = EXCLUDED.updated_at
            RETURNING until, updated_at`,
      );
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: until ? 'workbench.todo.snooze' : 'workbench.todo.done',
        targetType: 'workbench_mark',
        targetId: body.rowId,
        summary: said(
          until
            ? `snoozed to-do ${body.kind} row ${body.rowId} until ${until.toISOString()}`
            : `marked to-do ${body.kind} row ${body.rowId} done`,
          { kind: body.kind, id: body.rowId, until: until ? until.toISOString() : null },
        ),
        ip,
      });
      return {
        kind: body.kind,
        rowId: body.rowId,
        until: toIso(row?.until ?? null),
        updatedAt: toIso(row?.updated_at ?? now) as string,
      };
    });
  }

  /** Undoes the caller's mark on a row (it counts again). Audited. */
  async unmark(p: Principal, kind: TodoKind, rowId: number, ip: string | null): Promise<void> {
    if (!(await this.plans(p)).some((x) => x.kind === kind)) throw forbidden();
    await this.db.transaction(async (tx) => {
      const gone = await queryRows<{ row_id: number }>(
        tx,
        sql`DELETE FROM workbench_mark WHERE user_id = ${p.userId} AND kind = ${kind} AND row_id = ${rowId} RETURNING row_id`,
      );
      if (!gone.length) throw notFound();
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'workbench.todo.unmark',
        targetType: 'workbench_mark',
        targetId: rowId,
        summary: said(`undid the mark on to-do ${kind} row ${rowId}`, { kind, id: rowId }),
        ip,
      });
    });
  }
}
