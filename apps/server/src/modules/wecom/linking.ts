import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

/** The 「联系我」 state we generate for a client: `c<clientId>` (DOMAIN 9.5.4). */
export const clientState = (clientId: number) => `c${clientId}`;

/**
 * Links unlinked external contacts of a corp to clients (DOMAIN 9.5.4), in order: the `state` of our
 * 「联系我」 QR (c<clientId>), then a remark mobile equal to a live client's mobile. A contact keeps
 * the first match; the client's `wecom_external_userid` is filled in when it has none (the client
 * list's "WeCom friend" filter). `externalUserid` limits the pass to one contact (callbacks).
 */
export const autoLink = async (db: DbOrTx, corpId: string, externalUserid?: string): Promise<number> => {
  const one = externalUserid ? sql`AND c.external_userid = ${externalUserid}` : sql``;
  const linked = await queryRows<{ client_id: number; external_userid: string }>(
    db,
    sql`WITH candidates AS (
          SELECT DISTINCT ON (c.id) c.id AS contact_id, cl.id AS client_id
          FROM wecom_external_contact c
          JOIN wecom_relation r ON r.contact_id = c.id AND r.deleted = false
          JOIN client cl ON cl.deleted = false AND (
                 (r.state ~ '^c[0-9]{1,18}$' AND cl.id = substring(r.state from 2)::bigint)
              OR cl.mobile IN (SELECT jsonb_array_elements_text(r.remark_mobiles)))
          WHERE c.corp_id = ${corpId} AND c.client_id IS NULL AND c.deleted = false ${one}
          ORDER BY c.id, (r.state ~ '^c[0-9]{1,18}$') DESC, r.add_time NULLS LAST, r.id)
        UPDATE wecom_external_contact c SET client_id = x.client_id
        FROM candidates x WHERE c.id = x.contact_id
        RETURNING c.client_id, c.external_userid`,
  );
  for (const l of linked)
    await db.execute(
      sql`UPDATE client SET wecom_external_userid = ${l.external_userid}
          WHERE id = ${l.client_id} AND wecom_external_userid IS NULL`,
    );
  return linked.length;
};
