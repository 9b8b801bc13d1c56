// Welcome messages (issue 41 item 2): WeCom accepts an add's WelcomeCode once and within 20 seconds,
// so the welcome is written and queued when the callback arrives (not in the event's turn behind a
// sync) and sent by a job of its own queue ('wecom.welcome'), which bulk work never shares. The
// text is the code's welcome (a code without one sends none), or the app's default for adds without
// a code of ours. 41051 (already sent) is final; 41096 is retried by the queue.
import { WELCOME_NICKNAME } from '@educrm/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { wecomApp, wecomExternalContact, wecomWelcome } from '../../db/schema';
import { defineJob, type JobQueue } from '../../jobs/queue';
import { WecomApiError } from '../../providers/wecom/client';
import { sendWelcomeMsg, WELCOME_ALREADY_SENT, WELCOME_RETRY } from '../../providers/wecom/contact-way';
import type { WecomGateway } from '../wecom/gateway';
import { codeOfState } from './on-add';

type App = typeof wecomApp.$inferSelect;

export class WelcomeSender {
  readonly job = defineJob<{ welcomeId: number }>({
    name: 'wecom.welcome',
    // WeCom's 20 seconds: quick retries (41096, a network error), then the welcome is lost.
    retry: { limit: 3, delaySeconds: 1, backoff: false },
    expireInSeconds: 30,
    run: ({ data }) => this.send(data.welcomeId),
    onFailed: async ({ data }, err) => {
      await this.db
        .update(wecomWelcome)
        .set({ status: 'FAILED', errcode: err instanceof WecomApiError ? err.errcode : -1 })
        .where(and(eq(wecomWelcome.id, data.welcomeId), eq(wecomWelcome.status, 'PENDING')));
    },
  });

  constructor(
    private readonly db: Db,
    private readonly gateway: WecomGateway,
    private readonly queue: JobQueue,
    private readonly now: () => Date,
  ) {
    queue.register(this.job);
  }

  /** The callback hook: an add carrying a WelcomeCode gets its welcome row and job at once. */
  received = async (app: App, f: Record<string, string>) => {
    if (f.Event !== 'change_external_contact' || f.ChangeType !== 'add_external_contact' || !f.WelcomeCode)
      return;
    const [row] = await this.db
      .insert(wecomWelcome)
      .values({
        appId: app.id,
        corpId: app.corpId,
        userid: (f.UserID ?? '').slice(0, 64),
        externalUserid: (f.ExternalUserID ?? '').slice(0, 64),
        state: (f.State ?? '').slice(0, 64),
        welcomeCode: f.WelcomeCode.slice(0, 256),
        receivedAt: this.now(),
      })
      .onConflictDoNothing()
      .returning({ id: wecomWelcome.id });
    if (row) await this.queue.send(this.job, { welcomeId: row.id });
  };

  /** The customer's WeCom name: ours when the contact is known, else WeCom's. */
  private async nickname(app: App, ext: string): Promise<string> {
    const [c] = await this.db
      .select({ name: wecomExternalContact.name })
      .from(wecomExternalContact)
      .where(and(eq(wecomExternalContact.corpId, app.corpId), eq(wecomExternalContact.externalUserid, ext)));
    if (c?.name) return c.name;
    const res = await this.gateway
      .clientFor(app)
      .get('/cgi-bin/externalcontact/get', { external_userid: ext })
      .catch(() => null);
    return String((res?.external_contact as { name?: string } | undefined)?.name ?? '');
  }

  async send(id: number): Promise<Record<string, number>> {
    const [w] = await this.db
      .update(wecomWelcome)
      .set({ attempts: sql`${wecomWelcome.attempts} + 1` })
      .where(and(eq(wecomWelcome.id, id), eq(wecomWelcome.status, 'PENDING')))
      .returning();
    if (!w) return { skipped: 1 };
    const [app] = await this.db.select().from(wecomApp).where(eq(wecomApp.id, w.appId));
    const code = await codeOfState(this.db, w.corpId, w.state);
    const template = code ? code.welcome_text : (app?.defaultWelcome ?? '');
    if (!app || app.deleted || !template) {
      await this.db
        .update(wecomWelcome)
        .set({ status: 'SKIPPED', channelCodeId: code?.id ?? null })
        .where(eq(wecomWelcome.id, id));
      return { skipped: 1 };
    }
    const text = template.includes(WELCOME_NICKNAME)
      ? template.replaceAll(WELCOME_NICKNAME, await this.nickname(app, w.externalUserid))
      : template;
    try {
      await sendWelcomeMsg(this.gateway.clientFor(app), w.welcomeCode, text);
    } catch (e) {
      if (!(e instanceof WecomApiError)) throw e;
      const retry = e.errcode === WELCOME_RETRY;
      await this.db
        .update(wecomWelcome)
        .set({
          errcode: e.errcode,
          channelCodeId: code?.id ?? null,
          ...(retry ? {} : { status: 'FAILED' as const }),
        })
        .where(eq(wecomWelcome.id, id));
      if (retry) throw e;
      return e.errcode === WELCOME_ALREADY_SENT ? { alreadySent: 1 } : { failed: 1 };
    }
    await this.db
      .update(wecomWelcome)
      .set({ status: 'SENT', sentAt: this.now(), text, channelCodeId: code?.id ?? null, errcode: null })
      .where(eq(wecomWelcome.id, id));
    return { sent: 1 };
  }
}
