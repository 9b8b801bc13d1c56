import type { Language, Profile, profileUpdate } from '@educrm/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { adminUser, department } from '../../db/schema';
import { said, writeAudit } from '../../lib/audit';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { hashPassword, type ScryptParams, verifyPassword } from '../../lib/password';
import { checkPassword } from '../../lib/password-policy';
import type { Principal } from '../../types';
import type { SessionService } from '../auth/sessions';
import type { FileService } from '../files/service';

/** The signed-in user's own profile: details, avatar, language, password and sessions. */
export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly now: () => Date,
    private readonly files: FileService,
    private readonly scrypt?: ScryptParams,
  ) {}

  async get(p: Principal): Promise<Profile> {
    const [row] = await this.db
      .select({
        id: adminUser.id,
        username: adminUser.username,
        nickname: adminUser.nickname,
        avatarUrl: adminUser.avatarUrl,
        introduction: adminUser.introduction,
        lang: adminUser.lang,
        departmentName: department.name,
        version: adminUser.version,
        roles: sql<
          Profile['roles'] | null
        >`(SELECT json_agg(json_build_object('key', r.key, 'name', r.name) ORDER BY r.sort)
          FROM admin_user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = ${adminUser.id})`,
      })
      .from(adminUser)
      .leftJoin(department, eq(department.id, adminUser.departmentId))
      .where(eq(adminUser.id, p.userId));
    if (!row) throw notFound();
    return { ...row, lang: (row.lang as Language | null) ?? null, roles: row.roles ?? [] };
  }

  async update(p: Principal, input: z.infer<typeof profileUpdate>, ip: string) {
    await this.db.transaction(async (tx) => {
      await tx
        .update(adminUser)
        .set({ ...input, version: sql`${adminUser.version} + 1`, updatedAt: this.now(), updatedBy: p.userId })
        .where(eq(adminUser.id, p.userId));
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'profile.update',
        targetType: 'admin_user',
        targetId: p.userId,
        summary: said('updated own profile', {}),
        ip,
      });
    });
    return this.get(p);
  }

  async setLanguage(p: Principal, lang: Language) {
    await this.db.update(adminUser).set({ lang }).where(eq(adminUser.id, p.userId));
  }

  async setAvatar(p: Principal, data: Buffer, ip: string) {
    return this.db.transaction(async (tx) => {
      const stored = await this.files.storeImage(tx, data, 'avatar', p.userId);
      await tx
        .update(adminUser)
        .set({ avatarUrl: stored.url, updatedAt: this.now() })
        .where(eq(adminUser.id, p.userId));
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'profile.avatar',
        targetType: 'admin_user',
        targetId: p.userId,
        summary: said(`uploaded an avatar (${stored.type}, ${data.length} bytes)`, {
          type: stored.type,
          bytes: data.length,
        }),
        ip,
      });
      return { avatarUrl: stored.url };
    });
  }

  /** Needs the current password; ends every other session of the user. */
  async changePassword(p: Principal, current: string, next: string, ip: string) {
    const [row] = await this.db
      .select({ hash: adminUser.passwordHash })
      .from(adminUser)
      .where(eq(adminUser.id, p.userId));
    if (!row) throw fieldError('currentPassword', 'currentPasswordWrong');
    // The check of the current password and the new hash run side by side (two scrypt runs on the
    // thread pool): one scrypt's time instead of two, which kept a loaded server under the console's
    // 5 s request timeout. The new hash is dropped when the current password is wrong.
    const verifying = verifyPassword(current, row.hash);
    let refused: unknown = null;
    try {
      checkPassword(next, p.username, 'newPassword');
    } catch (e) {
      refused = e;
    }
    const hashing = refused ? null : hashPassword(next, this.scrypt);
    hashing?.catch(() => undefined);
    if (!(await verifying)) throw fieldError('currentPassword', 'currentPasswordWrong');
    if (refused || !hashing) throw refused;
    const passwordHash = await hashing;
    let ended = 0;
    await this.db.transaction(async (tx) => {
      await tx
        .update(adminUser)
        .set({ passwordHash, updatedAt: this.now() })
        .where(eq(adminUser.id, p.userId));
      ended = await this.sessions.revokeAllOf(p.userId, 'password-changed', this.now(), tx, p.sessionId);
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'profile.password',
        targetType: 'admin_user',
        targetId: p.userId,
        summary: said(`changed own password; ended ${ended} other sessions`, { ended }),
        ip,
      });
    });
    return { endedSessions: ended };
  }

  async endOwnSession(p: Principal, sid: string, ip: string) {
    await this.db.transaction(async (tx) => {
      const res = await tx.execute(sql`SELECT 1 FROM session WHERE id = ${sid} AND user_id = ${p.userId}`);
      if (
        !(res as unknown as { rows: unknown[] }).rows.length ||
        !(await this.sessions.revoke(sid, 'ended-by-user', this.now(), tx))
      ) {
        throw new AppError(404, 'sessionNotFound');
      }
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'auth.session.end',
        targetType: 'session',
        targetId: sid,
        summary: said('ended own session', { id: p.userId, own: true }),
        ip,
      });
    });
  }
}
