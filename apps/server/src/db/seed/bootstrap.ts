import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { said, writeAudit } from '../../lib/audit';
import { randomPassword } from '../../lib/data-dir';
import { hashPassword, type ScryptParams } from '../../lib/password';
import type { Database } from '../client';
import { adminUser, adminUserRole, role } from '../schema';
import { seedDemoData } from './demo';
import { enforceAdminMfa, seedBuiltinRoles } from './roles';

const BOOTSTRAP_LOCK = 7_100_002;

const writeSecretFile = (file: string, value: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${value}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
};

export interface BootstrapReport {
  adminCreated: boolean;
  /** Printed once when generated; never logged through the request logger. */
  generatedAdminPassword?: string;
  demoPasswordGenerated?: string;
  /** ADMIN_MFA_DEFAULT=enforce turned the requirement on for an existing admin role at this start. */
  adminMfaEnforced?: boolean;
}

/**
 * Seeds the built-in roles (the admin role requiring two-step verification unless
 * ADMIN_MFA_DEFAULT=off) and, on an empty database, the first admin (ADMIN_USERNAME /
 * ADMIN_PASSWORD, or a generated password kept in DATA_DIR/initial-admin-password, mode 0600).
 * Runs under an advisory lock so several servers starting together create one admin.
 */
export const bootstrap = async (
  database: Database,
  config: Config,
  scrypt?: ScryptParams,
): Promise<BootstrapReport> =>
  database.withExclusive(BOOTSTRAP_LOCK, async (db) => {
    const report: BootstrapReport = { adminCreated: false };
    await seedBuiltinRoles(db, { adminRequiresMfa: config.adminMfaDefault !== 'off' });
    if (config.adminMfaDefault === 'enforce' && (await enforceAdminMfa(db))) report.adminMfaEnforced = true;
    const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(adminUser);
    if (count === 0) {
      const password = config.adminPassword ?? randomPassword();
      const passwordHash = await hashPassword(password, scrypt);
      await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(adminUser)
          .values({ username: config.adminUsername, nickname: '超级管理员', passwordHash })
          .returning({ id: adminUser.id });
        const [adminRole] = await tx.select({ id: role.id }).from(role).where(eq(role.key, 'admin'));
        if (!created || !adminRole) throw new Error('bootstrap: admin role missing');
        await tx.insert(adminUserRole).values({ userId: created.id, roleId: adminRole.id });
        await writeAudit(tx, {
          action: 'system.bootstrap',
          targetType: 'admin_user',
          targetId: created.id,
          summary: said(`first admin ${config.adminUsername} created`, { username: config.adminUsername }),
        });
      });
      report.adminCreated = true;
      if (!config.adminPassword) {
        writeSecretFile(path.join(config.dataDir, 'initial-admin-password'), password);
        report.generatedAdminPassword = password;
      }
    }
    if (config.demoData) {
      const demo = await seedDemoData(db, config, scrypt);
      if (demo.generatedPassword) report.demoPasswordGenerated = demo.generatedPassword;
    }
    return report;
  });
