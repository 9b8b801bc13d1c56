import { z } from 'zod';
import { dateParam } from './list';

/**
 * The workbench's to-do list (issue 42, item 1): per item kind a count of the rows waiting for the
 * caller, computed from the data itself in the caller's permissions and data scope, and a link to the
 * list page that shows exactly those rows. A row marked done, or snoozed until a later time, drops
 * out of its kind's count for the user who marked it.
 */
export const TODO_KINDS = [
  'FOLLOW_UP_TODAY',
  'FOLLOW_UP_OVERDUE',
  'RECYCLE_SOON',
  'NEW_ASSIGNED',
  'WECOM_UNLINKED',
  'PAYMENT_TO_CONFIRM',
  'REFUND_APPROVAL',
  'PAID_NOT_ENROLLED',
  'SMS_TEMPLATE_REJECTED',
] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

/** How many days back (Asia/Shanghai calendar days, today included) a client counts as newly assigned. */
export const NEW_ASSIGNED_DAYS = 3;

/**
 * The list filter of each kind, as the list page's URL (and its list call) takes it. The server
 * parses it with the list's own query schema and counts with the list's own WHERE, so the count and
 * the linked list are one filter. The path depends on the caller (My clients for a SELF scope).
 */
export const TODO_FILTERS: Record<TodoKind, Readonly<Record<string, string>>> = {
  FOLLOW_UP_TODAY: { nextFollow: 'today' },
  FOLLOW_UP_OVERDUE: { nextFollow: 'overdue' },
  RECYCLE_SOON: { aboutToRecycle: 'true' },
  NEW_ASSIGNED: { followed: 'false', assignedDays: String(NEW_ASSIGNED_DAYS) },
  WECOM_UNLINKED: { linked: 'false', status: 'NORMAL' },
  PAYMENT_TO_CONFIRM: { status: 'PENDING', createdType: 'MANUAL' },
  REFUND_APPROVAL: { refundPending: 'true' },
  PAID_NOT_ENROLLED: { notEnrolled: 'true' },
  SMS_TEMPLATE_REJECTED: { auditStatus: 'REJECTED' },
};

export const todoItem = z.object({
  kind: z.enum(TODO_KINDS),
  /** Rows waiting, without the ones the caller marked done or snoozed. */
  count: z.number().int(),
  /** The list page (a route path) and its filter (URL query parameters). */
  link: z.object({ path: z.string(), query: z.record(z.string(), z.string()) }),
});
export type TodoItem = z.infer<typeof todoItem>;

/** The caller's kinds, in TODO_KINDS order; a kind the caller may not see is absent. */
export const todoList = z.object({ items: z.array(todoItem) });
export type TodoList = z.infer<typeof todoList>;

const rowRef = {
  kind: z.enum(TODO_KINDS),
  /** The id of the row in the kind's list (client, WeCom relation, order, SMS template). */
  rowId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
};

/** Done (`until` null: out of the count for good) or snoozed until `until`. */
export const todoMarkBody = z.object({ ...rowRef, until: dateParam.nullable() }).strict();
export type TodoMarkBody = z.infer<typeof todoMarkBody>;

/** Undoes a mark: the row counts again. */
export const todoUnmarkQuery = z
  .object({
    kind: z.enum(TODO_KINDS),
    rowId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  })
  .strict();

export const todoMark = z.object({
  kind: z.enum(TODO_KINDS),
  rowId: z.number().int(),
  until: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});
export type TodoMark = z.infer<typeof todoMark>;
