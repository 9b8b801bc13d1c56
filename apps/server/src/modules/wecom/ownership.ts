// Ownership interplay of WeCom relations and clients (DOMAIN 9.5.5): a relation of a bound staff
// member with a linked client is weighed once per client it is linked to:
// - the client is in the pool: it goes to the adding staff when the claim rules allow it (pre-owner
//   ban, daily claim cap, owner limit), with owner log CLAIM, reason 企微添加;
// - the client is owned by another sales: a 撞单 (conflict) alert to the admins, nothing changes;
// - the client is the staff's own, or a rule refuses the claim: recorded, nothing changes.
// Idempotent and safe on concurrent runs: the relation's mark is taken by a conditional UPDATE
// first, claims take the staff member's ownership lock and move the client only if it is still
// in the pool.
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { client, clientOwnerLog } from '../../db/schema';
import { said, writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { DAY_MS, lockUserOwnership, readPoolConfig, type TargetUser } from '../clients/common';
import { checkDailyClaims, checkOwnerLimit } from '../clients/limits';

/** The owner-log reason of a claim made by adding the client on WeCom. */
export const WECOM_CLAIM_REASON = '企微添加';
const BATCH = 500;

export type OwnerCheck = 'CLAIMED' | 'OWN' | 'CONFLICT' | `REFUSED_${string}` | 'GONE';

interface Pending {
  id: number;
  userid: string;
  external_userid: string;
  staff_user_id: number;
  client_id: number;
}

interface Conflict {
  clientId: number;
  clientName: string;
  ownerId: number;
  ownerName: string;
  staffId: number;
  staffName: string;
  relationId: number;
}

const staffTarget = async (
  tx: DbOrTx,
  userId: number,
): Promise<(TargetUser & { enabled: boolean }) | null> => {
  const [row] = await queryRows<{
    id: number;
    name: string;
    department_id: number | null;
    ancestors: number[] | null;
    enabled: boolean;
  }>(
    tx,
    sql`SELECT u.id, coalesce(nullif(u.nickname, ''), u.username) AS name, u.department_id, d.ancestors,
               (u.status = 'ENABLED' AND u.deleted = false) AS enabled
        FROM admin_user u LEFT JOIN department d ON d.id = u.department_id WHERE u.id = ${userId}`,
  );
  if (!row) return null;
  const dept = row.department_id == null ? null : Number(row.department_id);
  return {
    id: Number(row.id),
    name: row.name,
    departmentId: dept,
    deptPath: dept == null ? [] : [dept, ...(row.ancestors ?? []).map(Number)],
    enabled: row.enabled,
  };
};

/**
 * Weighs the relations not yet weighed against their contact's current client (one corp, or one
 * contact of it). Returns the outcomes; conflicts are announced to every enabled admin in one
 * in-app notification per call.
 */
export const weighOwnership = async (
  db: Db,
  now: () => Date,
  corpId: string,
  externalUserid?: string,
): Promise<Record<string, number>> => {
  const out: Record<string, number> = { claimed: 0, own: 0, conflicts: 0, refused: 0 };
  const conflicts: Conflict[] = [];
  const one = externalUserid ? sql`AND c.external_userid = ${externalUserid}` : sql``;
  let lastId = 0;
  for (;;) {
    const pending = await queryRows<Pending>(
      db,
      sql`SELECT r.id, r.userid, r.external_userid, r.staff_user_id, c.client_id
          FROM wecom_relation r JOIN wecom_external_contact c ON c.id = r.contact_id
          WHERE r.corp_id = ${corpId} AND r.deleted = false AND r.status = 'NORMAL'
            AND r.staff_user_id IS NOT NULL AND c.deleted = false AND c.client_id IS NOT NULL
            AND r.owner_checked_client_id IS DISTINCT FROM c.client_id AND r.id > ${lastId} ${one}
          ORDER BY r.id LIMIT ${BATCH}`,
    );
    if (!pending.length) break;
    lastId = Number(pending[pending.length - 1]?.id);
    // Earliest relation first: when two sales added one pool client, the first adder gets it.
    const ordered = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM wecom_relation WHERE id IN ${pending.map((p) => Number(p.id))}
          ORDER BY add_time NULLS LAST, id`,
    );
    const byId = new Map(pending.map((p) => [Number(p.id), p]));
    for (const { id } of ordered) {
      const p = byId.get(Number(id));
      if (!p) continue;
      const result = await weighOne(db, now, {
        ...p,
        id: Number(p.id),
        staff_user_id: Number(p.staff_user_id),
        client_id: Number(p.client_id),
      });
      if (!result) continue;
      if (result.check === 'CLAIMED') out.claimed = (out.claimed ?? 0) + 1;
      else if (result.check === 'OWN') out.own = (out.own ?? 0) + 1;
      else if (result.check === 'CONFLICT') {
        out.conflicts = (out.conflicts ?? 0) + 1;
        if (result.conflict) conflicts.push(result.conflict);
      } else if (result.check.startsWith('REFUSED')) out.refused = (out.refused ?? 0) + 1;
    }
    if (pending.length < BATCH) break;
  }
  if (conflicts.length) await announceConflicts(db, now(), conflicts);
  return out;
};

const weighOne = async (
  db: Db,
  now: () => Date,
  p: Pending,
): Promise<{ check: OwnerCheck; conflict?: Conflict } | null> =>
  db.transaction(async (tx) => {
    // The mark first: a second server weighing the same relation finds it taken.
    const [mine] = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE wecom_relation SET owner_checked_client_id = ${p.client_id}
          WHERE id = ${p.id} AND owner_checked_client_id IS DISTINCT FROM ${p.client_id} RETURNING id`,
    );
    if (!mine) return null;
    const staff = await staffTarget(tx, p.staff_user_id);
    let check: OwnerCheck;
    let conflict: Conflict | undefined;
    if (!staff?.enabled) check = 'REFUSED_STAFF_DISABLED';
    else {
      await lockUserOwnership(tx, staff.id);
      const [c] = await queryRows<{
        id: number;
        name: string;
        owner_user_id: number | null;
        pre_owner_user_id: number | null;
        pool_time: Date | string | null;
        owner_name: string | null;
      }>(
        tx,
        sql`SELECT cl.id, cl.name, cl.owner_user_id, cl.pre_owner_user_id, cl.pool_time,
                   coalesce(nullif(u.nickname, ''), u.username) AS owner_name
            FROM client cl LEFT JOIN admin_user u ON u.id = cl.owner_user_id
            WHERE cl.id = ${p.client_id} AND cl.deleted = false FOR UPDATE OF cl`,
      );
      if (!c) check = 'GONE';
      else if (c.owner_user_id != null && Number(c.owner_user_id) === staff.id) check = 'OWN';
      else if (c.owner_user_id != null) {
        check = 'CONFLICT';
        conflict = {
          clientId: Number(c.id),
          clientName: c.name,
          ownerId: Number(c.owner_user_id),
          ownerName: c.owner_name ?? '',
          staffId: staff.id,
          staffName: staff.name,
          relationId: p.id,
        };
        await writeAudit(tx, {
          action: 'wecom.conflict',
          targetType: 'client',
          targetId: c.id,
          summary: said(
            `WeCom ${p.userid} (${staff.name}) added ${p.external_userid}; client owned by ${c.owner_name}`,
            {
              userid: p.userid,
              staff: staff.name,
              externalUserid: p.external_userid,
              owner: c.owner_name,
            },
          ),
          detail: { relationId: p.id, staffUserId: staff.id, ownerUserId: Number(c.owner_user_id) },
        });
      } else {
        check = await claimFromPool(tx, now(), staff, {
          id: Number(c.id),
          name: c.name,
          preOwnerUserId: c.pre_owner_user_id == null ? null : Number(c.pre_owner_user_id),
          poolTime: c.pool_time == null ? null : new Date(c.pool_time),
          externalUserid: p.external_userid,
          userid: p.userid,
        });
      }
    }
    await tx.execute(sql`UPDATE wecom_relation SET owner_check = ${check} WHERE id = ${p.id}`);
    // The client's timeline (its audit rows): this WeCom friendship, whatever it changed.
    if (check !== 'CONFLICT' && check !== 'GONE')
      await writeAudit(tx, {
        action: 'wecom.relation.add',
        targetType: 'client',
        targetId: p.client_id,
        summary: said(
          `WeCom friend ${p.external_userid} of ${p.userid}${staff ? ` (${staff.name})` : ''}: ${check}`,
          {
            externalUserid: p.external_userid,
            userid: p.userid,
            ownerCheck: check,
          },
        ),
        detail: { relationId: p.id, userid: p.userid, externalUserid: p.external_userid, check },
      });
    return { check, conflict };
  });

/** A pool client to the adding staff member, when the claim rules allow it. */
const claimFromPool = async (
  tx: DbOrTx,
  now: Date,
  staff: TargetUser,
  c: {
    id: number;
    name: string;
    preOwnerUserId: number | null;
    poolTime: Date | null;
    externalUserid: string;
    userid: string;
  },
): Promise<OwnerCheck> => {
  const cfg = await readPoolConfig(tx);
  if (
    c.preOwnerUserId === staff.id &&
    c.poolTime &&
    c.poolTime.getTime() > now.getTime() - cfg.preOwnerBanDays * DAY_MS
  )
    return 'REFUSED_preOwnerBan';
  try {
    await checkDailyClaims(tx, cfg, staff.id, now);
    await checkOwnerLimit(tx, staff);
  } catch (e) {
    if (e instanceof AppError) return `REFUSED_${e.messageKey}`.slice(0, 24) as OwnerCheck;
    throw e;
  }
  const moved = await tx
    .update(client)
    .set({
      ownerUserId: staff.id,
      ownerDeptId: staff.departmentId,
      ownerTime: now,
      followed: false,
      lockStatus: false,
      poolReason: null,
      version: sql`${client.version} + 1`,
      updatedAt: now,
    })
    .where(sql`${client.id} = ${c.id} AND ${client.ownerUserId} IS NULL AND ${client.deleted} = false`)
    .returning({ id: client.id });
  if (!moved.length) return 'REFUSED_notInPool';
  await tx.insert(clientOwnerLog).values({
    clientId: c.id,
    type: 'CLAIM',
    fromUserId: null,
    toUserId: staff.id,
    reason: WECOM_CLAIM_REASON,
    operatorId: null,
    createdAt: now,
  });
  await writeAudit(tx, {
    action: 'client.claim',
    targetType: 'client',
    targetId: c.id,
    summary: said(
      `WeCom: ${staff.name} added ${c.externalUserid} (${c.userid}); client ${c.id} (${c.name}) taken from the pool`,
      { id: c.id, name: c.name, staff: staff.name, externalUserid: c.externalUserid, wecom: true },
    ),
    detail: { reason: WECOM_CLAIM_REASON, toUserId: staff.id },
  });
  return 'CLAIMED';
};

/** One in-app 撞单 alert per enabled admin for the conflicts of one pass. */
const announceConflicts = async (db: DbOrTx, now: Date, conflicts: Conflict[]) => {
  const clients = conflicts
    .map((c) => `${c.clientName}（${c.ownerName} ↔ ${c.staffName}）`)
    .join('、')
    .slice(0, 400);
  const params = JSON.stringify({
    count: conflicts.length,
    clients,
    clientIds: conflicts.slice(0, 100).map((c) => c.clientId),
    relationIds: conflicts.slice(0, 100).map((c) => c.relationId),
  });
  await db.execute(
    sql`INSERT INTO notification (user_id, kind, params, created_at)
        SELECT DISTINCT u.id, 'WECOM_CONFLICT', ${params}::jsonb, ${now}::timestamptz
        FROM admin_user u JOIN admin_user_role ur ON ur.user_id = u.id JOIN role r ON r.id = ur.role_id
        WHERE r.key = 'admin' AND u.deleted = false AND u.status = 'ENABLED'`,
  );
};
