// An add through one of our channel codes (issue 41 item 2), run in the callback's turn after the
// contact was re-fetched and auto-linked (the landed linking rules) and before its ownership is
// weighed: the relation records the code and its channel, the code's tags are put (mark_tag), and a
// contact no rule linked gets a new pool client with the code's channel as its source, which the
// ownership step then hands to the adding staff when the pool limits allow (else the 撞单 path).
// Idempotent: a retried event finds the code recorded, the tags on and the client made.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import type { wecomApp, wecomCallbackEvent } from '../../db/schema';
import { said, writeAudit } from '../../lib/audit';
import { markTag } from '../../providers/wecom/contact-way';
import type { WecomGateway } from '../wecom/gateway';

type App = typeof wecomApp.$inferSelect;
type Event = typeof wecomCallbackEvent.$inferSelect;

export const codeOfState = async (db: Db, corpId: string, state: string) => {
  if (!state) return null;
  const [code] = await queryRows<{
    id: number;
    name: string;
    channel_id: number;
    tag_ids: string[];
    welcome_text: string;
    deleted: boolean;
  }>(
    db,
    sql`SELECT id, name, channel_id, tag_ids, welcome_text, deleted FROM wecom_channel_code
        WHERE corp_id = ${corpId} AND state = ${state}`,
  );
  return code ? { ...code, id: Number(code.id), channel_id: Number(code.channel_id) } : null;
};

/**
 * Relations a sync found (an add whose callback we missed) carrying a code's state: they record the
 * code and its channel too (no tags, client or welcome: those belong to the moment of the add).
 */
export const markSyncedAdds = async (db: Db): Promise<number> => {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE wecom_relation r SET channel_code_id = k.id, channel_id = k.channel_id
        FROM wecom_channel_code k
        WHERE r.channel_code_id IS NULL AND r.state LIKE 'ch%' AND k.corp_id = r.corp_id AND k.state = r.state
        RETURNING r.id`,
  );
  return rows.length;
};

export const onChannelAdd =
  (db: Db, gateway: WecomGateway, now: () => Date, log?: FastifyBaseLogger) =>
  async (app: App, ev: Event) => {
    const f = ev.payload;
    const code = await codeOfState(db, app.corpId, f.State ?? '');
    if (!code) return;
    const ext = f.ExternalUserID ?? '';
    const userid = f.UserID ?? '';
    const [rel] = await queryRows<{ id: number; contact_id: number; tag_ids: string[] }>(
      db,
      sql`UPDATE wecom_relation SET channel_code_id = ${code.id}, channel_id = ${code.channel_id}
          WHERE corp_id = ${app.corpId} AND external_userid = ${ext} AND userid = ${userid} AND deleted = false
          RETURNING id, contact_id, tag_ids`,
    );
    if (!rel) return;
    const missing = code.tag_ids.filter((t) => !rel.tag_ids.includes(t));
    if (missing.length) {
      // WeCom first (API writes are not echoed by callbacks), then our row.
      await markTag(gateway.clientFor(app), userid, ext, missing);
      await db.execute(
        sql`UPDATE wecom_relation SET tag_ids = ARRAY(SELECT DISTINCT unnest(tag_ids || ${missing}::text[]))
            WHERE id = ${rel.id}`,
      );
    }
    await db.transaction(async (tx) => {
      const [contact] = await queryRows<{ id: number; client_id: number | null; name: string }>(
        tx,
        sql`SELECT id, client_id, name FROM wecom_external_contact WHERE id = ${rel.contact_id} FOR UPDATE`,
      );
      if (!contact || contact.client_id !== null) return;
      const at = now();
      const [created] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO client (name, channel_id, wecom_external_userid, pool_time, created_at, updated_at)
            VALUES (${(contact.name || ext).slice(0, 64)}, ${code.channel_id}, ${ext}, ${at}, ${at}, ${at})
            RETURNING id`,
      );
      if (!created) return;
      await tx.execute(
        sql`UPDATE wecom_external_contact SET client_id = ${created.id} WHERE id = ${contact.id}`,
      );
      await writeAudit(tx, {
        action: 'client.create',
        targetType: 'client',
        targetId: created.id,
        summary: said(`created client ${created.id} from WeCom channel code ${code.name}`, {
          id: Number(created.id),
          code: code.name,
        }),
        detail: { channelCodeId: code.id, externalUserid: ext, userid },
      });
    });
    log?.info({ code: code.id, relation: rel.id }, 'WeCom add through a channel code');
  };
