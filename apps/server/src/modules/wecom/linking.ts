import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

/** The 「联系我」 state we generate for a client: `c<clientId>` (DOMAIN 9.5.4). */
export const clientState = (clientId: number) => `c${clientId}`;

/**
 * Links unlinked external contacts of a corp to clients (DOMAIN 9.5.4), in order: the `state` of our
 * 「联系我」 QR (c<clientId>), then the contact's unionid ↔ a C-end member's unionid ↔ that member's
 * client, then a remark mobile equal to a live client's mobile. A contact keeps the first match; the
 * client's `wecom_external_userid` is filled in when it has none (the client list's "WeCom friend"
 * filter). `externalUserid` limits the pass to one contact (callbacks).
 */
export const autoLink = async (db: DbOrTx, corpId: string, externalUserid?: string): Promise<number> => {
  const one = externalUserid ? sql`AND c.external_userid = ${externalUserid}` : sql``;
  const linked = await queryRows<{ client_id: number; external_userid: string }>(
    db,
    sql`WITH pending AS (
          SELECT c.id, c.unionid FROM wecom_external_contact c
          WHERE c.corp_id = ${corpId} AND c.client_id IS NULL AND c.deleted = false ${one}),
        candidates AS (
          SELECT p.id AS contact_id, cl.id AS client_id, 1 AS prio, r.add_time, r.id AS rid
          FROM pending p
          JOIN wecom_relation r ON r.contact_id = p.id AND r.deleted = false
          -- CASE: the cast only runs on a state of our form
          JOIN client cl ON cl.deleted = false
           AND cl.id = CASE WHEN r.state ~ '^c[0-9]{1,18}$' THEN substring(r.state from 2)::bigint END
          UNION ALL
          SELECT p.id, cl.id, 2, NULL, NULL
          FROM pending p
          JOIN member_user m ON m.unionid = p.unionid
          JOIN client cl ON cl.deleted = false AND (cl.id = m.client_id OR cl.member_user_id = m.id)
          WHERE p.unionid IS NOT NULL
          UNION ALL
          SELECT p.id, cl.id, 3, r.add_time, r.id
          FROM pending p
          JOIN wecom_relation r ON r.contact_id = p.id AND r.deleted = false
          CROSS JOIN LATERAL jsonb_array_elements_text(r.remark_mobiles) AS mob(mobile)
          JOIN client cl ON cl.mobile = mob.mobile AND cl.deleted = false),
        best AS (
          SELECT DISTINCT ON (contact_id) contact_id, client_id FROM candidates
          ORDER BY contact_id, prio, add_time NULLS LAST, rid NULLS LAST, client_id)
        UPDATE wecom_external_contact c SET client_id = x.client_id
        FROM best x WHERE c.id = x.contact_id AND c.client_id IS NULL
        RETURNING c.client_id, c.external_userid`,
  );
  for (const l of linked)
    await db.execute(
      sql`UPDATE client SET wecom_external_userid = ${l.external_userid}
          WHERE id = ${l.client_id} AND wecom_external_userid IS NULL`,
    );
  return linked.length;
};
