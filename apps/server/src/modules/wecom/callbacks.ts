// WeCom callbacks (DOMAIN 9.5.2): GET URL verification and encrypted POST events on a public URL,
// authenticated by msg_signature with the app's Token and the receive id checked against the corp.
// An event is stored (de-duplicated) and acknowledged at once; a handler re-fetches what it names and
// applies it (payloads carry ids only), retried on failure.
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import {
  wecomApp,
  wecomCallbackEvent,
  wecomDepartment,
  wecomExternalContact,
  wecomMember,
  wecomRelation,
  wecomTag,
  wecomTagGroup,
} from '../../db/schema';
import { said, writeAudit } from '../../lib/audit';
import type { SecretBox } from '../../lib/secret-box';
import { WecomApiError, type WecomClient } from '../../providers/wecom/client';
import {
  MAX_CALLBACK_XML,
  openCallback,
  openCallbackBody,
  WecomCryptoError,
} from '../../providers/wecom/crypto';
import type { Json } from '../../providers/wecom/simulator';
import { CALLBACK_PATH } from './apps.service';
import type { WecomGateway } from './gateway';
import { autoLink } from './linking';
import { weighOwnership } from './ownership';
import type { WecomSync } from './sync';

type Event = typeof wecomCallbackEvent.$inferSelect;
type App = typeof wecomApp.$inferSelect;
const MAX_ATTEMPTS = 5;
/** How far a callback's timestamp may be from our clock: WeCom's retries come within minutes. */
export const CALLBACK_WINDOW_S = 10 * 60;

const signedQuery = z.object({
  msg_signature: z.string().min(1).max(64),
  timestamp: z.string().min(1).max(20),
  nonce: z.string().min(1).max(64),
});

/** The fields that make two deliveries the same event (WeCom retries up to three times). */
export const dedupKeyOf = (f: Record<string, string>) =>
  [
    f.ToUserName,
    f.CreateTime,
    f.Event,
    f.ChangeType,
    f.UserID,
    f.ExternalUserID,
    f.Id,
    f.TagType,
    f.FailReason,
  ]
    .map((v) => v ?? '')
    .join('|')
    .slice(0, 300);

/** Work other modules add to the callback path (the channel codes of issue 41). */
export interface CallbackHooks {
  /** When an event is stored, before its turn comes: work that cannot wait (a welcome message). */
  received: ((app: App, fields: Record<string, string>) => Promise<void>)[];
  /** After an added contact was re-fetched and auto-linked, before its ownership is weighed. */
  added: ((app: App, ev: Event) => Promise<void>)[];
}

export class WecomCallbacks {
  readonly hooks: CallbackHooks = { received: [], added: [] };
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly gateway: WecomGateway,
    private readonly sync: WecomSync,
    private readonly now: () => Date,
    private readonly log?: FastifyBaseLogger,
  ) {}

  private async appOf(key: string): Promise<App | null> {
    const [app] = await this.db
      .select()
      .from(wecomApp)
      .where(and(eq(wecomApp.callbackKey, key), eq(wecomApp.deleted, false)));
    return app ?? null;
  }

  /** A timestamp outside the window is a replay of an old (or forged future) delivery. */
  private fresh(timestamp: string) {
    const at = Number(timestamp);
    return /^\d{1,12}$/.test(timestamp) && Math.abs(this.now().getTime() / 1000 - at) <= CALLBACK_WINDOW_S;
  }

  private keysOf(app: App) {
    return {
      token: this.box.open(app.callbackTokenSealed),
      encodingAesKey: this.box.open(app.encodingAesKeySealed),
      receiveId: app.corpId,
    };
  }

  /** GET: the decrypted echostr, or null when the key, signature or corp does not match. */
  async verify(key: string, q: z.infer<typeof signedQuery> & { echostr: string }): Promise<string | null> {
    if (!this.fresh(q.timestamp)) return null;
    const app = await this.appOf(key);
    if (!app) return null;
    try {
      return openCallback(this.keysOf(app), q, q.echostr);
    } catch (e) {
      if (e instanceof WecomCryptoError) return null;
      throw e;
    }
  }

  /** POST: stores the event once; false when it cannot be authenticated. */
  async receive(
    key: string,
    q: z.infer<typeof signedQuery>,
    body: string,
  ): Promise<'stored' | 'duplicate' | false> {
    if (!this.fresh(q.timestamp) || body.length > MAX_CALLBACK_XML) return false;
    const app = await this.appOf(key);
    if (!app) return false;
    let fields: Record<string, string>;
    try {
      fields = openCallbackBody(this.keysOf(app), q, body);
    } catch (e) {
      if (e instanceof WecomCryptoError) return false;
      throw e;
    }
    const [row] = await this.db
      .insert(wecomCallbackEvent)
      .values({
        appId: app.id,
        corpId: app.corpId,
        dedupKey: dedupKeyOf(fields),
        event: (fields.Event ?? fields.MsgType ?? '').slice(0, 64),
        changeType: (fields.ChangeType ?? '').slice(0, 64),
        payload: fields,
        status: app.status === 'DISABLED' ? 'IGNORED' : 'PENDING',
        receivedAt: this.now(),
      })
      .onConflictDoNothing()
      .returning({ id: wecomCallbackEvent.id });
    if (row && app.status !== 'DISABLED')
      for (const hook of this.hooks.received)
        await hook(app, fields).catch((err) => this.log?.error({ err }, 'WeCom callback hook failed'));
    return row ? 'stored' : 'duplicate';
  }

  /** Applies the pending events in arrival order; a failing one is retried on the next pass. */
  async processPending(limit = 500): Promise<Record<string, number>> {
    const out = { processed: 0, failed: 0 };
    const events = await this.db
      .select()
      .from(wecomCallbackEvent)
      .where(eq(wecomCallbackEvent.status, 'PENDING'))
      .orderBy(wecomCallbackEvent.id)
      .limit(limit);
    for (const ev of events) {
      // Claim: another server that took it first has bumped the attempts.
      const [claimed] = await this.db
        .update(wecomCallbackEvent)
        .set({ attempts: ev.attempts + 1 })
        .where(
          and(
            eq(wecomCallbackEvent.id, ev.id),
            eq(wecomCallbackEvent.status, 'PENDING'),
            eq(wecomCallbackEvent.attempts, ev.attempts),
          ),
        )
        .returning({ id: wecomCallbackEvent.id });
      if (!claimed) continue;
      try {
        await this.apply(ev);
        await this.db
          .update(wecomCallbackEvent)
          .set({ status: 'DONE', processedAt: this.now(), error: null })
          .where(eq(wecomCallbackEvent.id, ev.id));
        out.processed++;
      } catch (e) {
        out.failed++;
        this.log?.warn({ event: ev.id, err: (e as Error).message }, 'WeCom callback event failed');
        await this.db
          .update(wecomCallbackEvent)
          .set({
            status: ev.attempts + 1 >= MAX_ATTEMPTS ? 'FAILED' : 'PENDING',
            error: (e as Error).message.slice(0, 300),
          })
          .where(eq(wecomCallbackEvent.id, ev.id));
      }
    }
    return out;
  }

  private async apply(ev: Event) {
    const [app] = await this.db.select().from(wecomApp).where(eq(wecomApp.id, ev.appId));
    if (!app) return;
    const client = this.gateway.clientFor(app);
    const f = ev.payload;
    const corp = ev.corpId;
    if (ev.event === 'change_external_contact') {
      const ext = f.ExternalUserID ?? '';
      const userid = f.UserID ?? '';
      if (ev.changeType === 'del_external_contact' || ev.changeType === 'del_follow_user') {
        await this.db
          .update(wecomRelation)
          .set({
            deleted: true,
            status: ev.changeType === 'del_external_contact' ? 'STAFF_DELETED' : 'CUSTOMER_DELETED',
            syncedAt: this.now(),
          })
          .where(
            and(
              eq(wecomRelation.corpId, corp),
              eq(wecomRelation.externalUserid, ext),
              eq(wecomRelation.userid, userid),
            ),
          );
        await this.refreshCount(corp, userid);
        // The linked client's timeline: the friendship ended, and who ended it.
        const [linked] = await this.db
          .select({ clientId: wecomExternalContact.clientId })
          .from(wecomExternalContact)
          .where(and(eq(wecomExternalContact.corpId, corp), eq(wecomExternalContact.externalUserid, ext)));
        if (linked?.clientId)
          await writeAudit(this.db, {
            action: 'wecom.relation.end',
            targetType: 'client',
            targetId: linked.clientId,
            summary: said(
              `WeCom friendship of ${userid} with ${ext} ended (${ev.changeType === 'del_external_contact' ? 'staff deleted the customer' : 'customer deleted the staff'})`,
              { userid, externalUserid: ext, byStaff: ev.changeType === 'del_external_contact' },
            ),
            detail: { userid, externalUserid: ext, changeType: ev.changeType },
          });
        return;
      }
      await this.refetchContact(client, corp, ext);
      await autoLink(this.db, corp, ext);
      if (ev.changeType === 'add_external_contact') for (const hook of this.hooks.added) await hook(app, ev);
      await weighOwnership(this.db, this.now, corp, ext);
      if (userid) await this.refreshCount(corp, userid);
      return;
    }
    if (ev.event === 'change_external_tag') {
      const res = await client.post('/cgi-bin/externalcontact/get_corp_tag_list', {});
      const groups = (res.tag_group as Json[]) ?? [];
      await this.sync.upsertTagLibrary(corp, groups, null, null);
      const groupIds = groups.map((g) => String(g.group_id));
      const tagIds = groups.flatMap((g) => ((g.tag as Json[]) ?? []).map((t) => String(t.id)));
      await this.db
        .update(wecomTag)
        .set({ deleted: true, syncedAt: this.now() })
        .where(
          and(
            eq(wecomTag.corpId, corp),
            eq(wecomTag.deleted, false),
            tagIds.length ? notInArray(wecomTag.tagId, tagIds) : undefined,
          ),
        );
      await this.db
        .update(wecomTagGroup)
        .set({ deleted: true, syncedAt: this.now() })
        .where(
          and(
            eq(wecomTagGroup.corpId, corp),
            eq(wecomTagGroup.deleted, false),
            groupIds.length ? notInArray(wecomTagGroup.groupId, groupIds) : undefined,
          ),
        );
      return;
    }
    if (ev.event === 'change_contact') {
      const ct = ev.changeType;
      if (ct === 'delete_user') {
        await this.db
          .update(wecomMember)
          .set({ deleted: true, status: 5, syncedAt: this.now() })
          .where(and(eq(wecomMember.corpId, corp), eq(wecomMember.userid, f.UserID ?? '')));
      } else if (ct === 'create_user' || ct === 'update_user') {
        const userid = f.NewUserID || f.UserID || '';
        if (f.NewUserID && f.UserID && f.NewUserID !== f.UserID) {
          await this.db
            .update(wecomMember)
            .set({ userid: f.NewUserID })
            .where(and(eq(wecomMember.corpId, corp), eq(wecomMember.userid, f.UserID)));
        }
        await this.sync.upsertMember(corp, null, await client.get('/cgi-bin/user/get', { userid }));
      } else if (ct === 'delete_party') {
        await this.db
          .update(wecomDepartment)
          .set({ deleted: true, syncedAt: this.now() })
          .where(and(eq(wecomDepartment.corpId, corp), eq(wecomDepartment.deptId, Number(f.Id ?? 0))));
      } else if (ct === 'create_party' || ct === 'update_party') {
        const res = await client.get('/cgi-bin/department/list', { id: String(f.Id ?? '') });
        const list = ((res.department as Json[]) ?? []).filter((d) => Number(d.id) === Number(f.Id));
        await this.sync.upsertDepartments(corp, null, list);
      }
    }
  }

  /** externalcontact/get (with its cursor) → the contact and every follow relation. */
  private async refetchContact(client: WecomClient, corp: string, ext: string) {
    let cursor = '';
    const follows: Json[] = [];
    let contact: Json | null = null;
    try {
      do {
        const res = await client.get('/cgi-bin/externalcontact/get', { external_userid: ext, cursor });
        contact = res.external_contact as Json;
        follows.push(...((res.follow_user as Json[]) ?? []));
        cursor = String(res.next_cursor ?? '');
      } while (cursor);
    } catch (e) {
      // No longer anyone's contact: every relation ends.
      if (e instanceof WecomApiError && e.errcode === 84061) {
        await this.db
          .update(wecomRelation)
          .set({ deleted: true, status: 'CUSTOMER_DELETED', syncedAt: this.now() })
          .where(and(eq(wecomRelation.corpId, corp), eq(wecomRelation.externalUserid, ext)));
        return;
      }
      throw e;
    }
    if (!contact) return;
    const userids = follows.map((x) => String(x.userid));
    const staff = new Map(
      userids.length
        ? (
            await this.db
              .select({ userid: wecomMember.userid, sysUserId: wecomMember.sysUserId })
              .from(wecomMember)
              .where(and(eq(wecomMember.corpId, corp), inArray(wecomMember.userid, userids)))
          ).map((m) => [m.userid, m.sysUserId])
        : [],
    );
    await this.sync.upsertContacts(
      null,
      corp,
      null,
      [{ external_contact: contact, follow_user: follows }],
      staff,
    );
    // relations WeCom no longer lists end
    await this.db
      .update(wecomRelation)
      .set({ deleted: true, syncedAt: this.now() })
      .where(
        and(
          eq(wecomRelation.corpId, corp),
          eq(wecomRelation.externalUserid, ext),
          eq(wecomRelation.deleted, false),
          userids.length ? notInArray(wecomRelation.userid, userids) : undefined,
        ),
      );
    await this.db
      .update(wecomExternalContact)
      .set({ deleted: false })
      .where(and(eq(wecomExternalContact.corpId, corp), eq(wecomExternalContact.externalUserid, ext)));
  }

  private async refreshCount(corp: string, userid: string) {
    if (!userid) return;
    await this.db.execute(sql`
      UPDATE wecom_member SET customer_count = (
        SELECT count(*)::int FROM wecom_relation r
        WHERE r.corp_id = ${corp} AND r.userid = ${userid} AND r.deleted = false)
      WHERE corp_id = ${corp} AND userid = ${userid}`);
  }
}

/** The public callback URL of every app: /api/public/wecom/callback/:key. */
export const wecomCallbackRoutes = async (
  app: FastifyInstance,
  opts: { callbacks: WecomCallbacks; onEvent: () => void },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // WeCom posts XML; this parser exists only inside this plugin.
  app.addContentTypeParser(
    ['text/xml', 'application/xml', 'text/plain'],
    { parseAs: 'string', bodyLimit: MAX_CALLBACK_XML },
    (_req, body, done) => done(null, body),
  );
  const params = z.object({ key: z.string().regex(/^[0-9a-f]{1,32}$/) });
  const plain = (reply: { code(n: number): unknown; type(t: string): unknown }, status: number) => {
    reply.code(status);
    reply.type('text/plain; charset=utf-8');
  };
  r.get(
    `${CALLBACK_PATH}/:key`,
    {
      config: { access: { public: true } },
      schema: {
        hide: true,
        params,
        querystring: signedQuery.extend({ echostr: z.string().min(1).max(2048) }),
      },
    },
    async (req, reply) => {
      const echo = await opts.callbacks.verify(req.params.key, req.query);
      plain(reply, echo === null ? 403 : 200);
      return echo ?? 'invalid signature';
    },
  );
  r.post(
    `${CALLBACK_PATH}/:key`,
    {
      bodyLimit: MAX_CALLBACK_XML,
      config: { access: { public: true } },
      schema: { hide: true, params, querystring: signedQuery },
    },
    async (req, reply) => {
      const body = typeof req.body === 'string' ? req.body : '';
      const result = await opts.callbacks.receive(req.params.key, req.query, body);
      plain(reply, result ? 200 : 403);
      if (result === 'stored') opts.onEvent();
      // WeCom takes an empty body (or "success") as received.
      return result ? 'success' : 'invalid signature';
    },
  );
};
