import {
  envelopeOf,
  formatMessage,
  idParam,
  type Language,
  type MessageKey,
  type NotificationRow,
  notificationListQuery,
  notificationRow,
} from '@educrm/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { notification } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { ok, toIso } from '../../lib/list';
import { principalOf, requestLanguage } from '../../lib/request-context';

/** Title and content message keys of each notification kind. */
const RECYCLE: [MessageKey, MessageKey] = ['reminderRecycleTitle', 'reminderRecycleContent'];
const TEXT: Record<string, [MessageKey, MessageKey]> = {
  CLIENT_RECYCLE_SOON: ['reminderRecycleTitle', 'reminderRecycleContent'],
  CALLER_NUMBER_FLAGGED: ['numberFlaggedTitle', 'numberFlaggedContent'],
  COURSE_EXPIRE_SOON: ['reminderCourseExpireTitle', 'reminderCourseExpireContent'],
  WECOM_CONFLICT: ['wecomConflictTitle', 'wecomConflictContent'],
};

const render = (lang: Language, r: typeof notification.$inferSelect): NotificationRow => {
  const params = (r.params ?? {}) as Record<string, unknown>;
  const text = Object.fromEntries(
    Object.entries(params).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
  ) as Record<string, string | number>;
  return {
    id: r.id,
    kind: r.kind as NotificationRow['kind'],
    title: formatMessage(lang, (TEXT[r.kind] ?? RECYCLE)[0], text),
    content: formatMessage(lang, (TEXT[r.kind] ?? RECYCLE)[1], text),
    data: params,
    createdAt: toIso(r.createdAt) as string,
    readAt: toIso(r.readAt),
  };
};

/** In-app reminders of the signed-in user (written by jobs; rendered in the request's language). */
export class NotificationService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async list(userId: number, lang: Language, unreadOnly: boolean, limit: number) {
    const where = and(eq(notification.userId, userId), unreadOnly ? isNull(notification.readAt) : undefined);
    const [rows, [unread]] = await Promise.all([
      this.db.select().from(notification).where(where).orderBy(desc(notification.createdAt)).limit(limit),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(notification)
        .where(and(eq(notification.userId, userId), isNull(notification.readAt))),
    ]);
    return { items: rows.map((r) => render(lang, r)), unread: unread?.n ?? 0 };
  }

  async markRead(userId: number, id: number) {
    const res = await this.db
      .update(notification)
      .set({ readAt: sql`coalesce(${notification.readAt}, ${this.now()})` })
      .where(and(eq(notification.id, id), eq(notification.userId, userId)))
      .returning({ id: notification.id });
    if (!res.length) throw notFound();
  }

  async markAllRead(userId: number) {
    const res = await this.db
      .update(notification)
      .set({ readAt: this.now() })
      .where(and(eq(notification.userId, userId), isNull(notification.readAt)))
      .returning({ id: notification.id });
    return res.length;
  }
}

export const notificationRoutes = async (
  app: FastifyInstance,
  opts: { notifications: NotificationService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const SIGNED_IN = { authenticated: true } as const;
  r.get(
    '/api/v1/notifications',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        querystring: notificationListQuery,
        response: {
          200: envelopeOf(z.object({ items: z.array(notificationRow), unread: z.number().int() })),
        },
      },
    },
    async (req) =>
      ok(
        await opts.notifications.list(
          principalOf(req).userId,
          requestLanguage(req),
          req.query.unreadOnly,
          req.query.limit,
        ),
      ),
  );
  r.post(
    '/api/v1/notifications/:id/read',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: idParam, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await opts.notifications.markRead(principalOf(req).userId, req.params.id);
      return ok(null);
    },
  );
  r.post(
    '/api/v1/notifications/read-all',
    {
      config: { access: SIGNED_IN },
      schema: { tags, response: { 200: envelopeOf(z.object({ updated: z.number().int() })) } },
    },
    async (req) => ok({ updated: await opts.notifications.markAllRead(principalOf(req).userId) }),
  );
};
