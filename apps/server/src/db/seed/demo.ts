import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import { randomPassword } from '../../lib/data-dir';
import { hashPassword, type ScryptParams } from '../../lib/password';
import { readPoolConfig } from '../../modules/clients/common';
import { remindOwnersAboutToDrop } from '../../modules/clients/jobs';
import type { Db } from '../client';
import { adminUser, adminUserRole, department, role } from '../schema';
import { seedDemoClients } from './demo-clients';
import { seedDemoCommerce } from './demo-commerce';
import { seedDemoCourses } from './demo-courses';
import { seedDemoOutbound } from './demo-outbound';
import { seedDemoWecom } from './demo-wecom';

/** The demo company's departments: HQ with sales teams, product operations and teaching. */
const DEPARTMENTS: { name: string; parent: string | null }[] = [
  { name: '星火教育总部', parent: null },
  { name: '私域销售中心', parent: '星火教育总部' },
  { name: '销售一组', parent: '私域销售中心' },
  { name: '销售二组', parent: '私域销售中心' },
  { name: '产品运营中心', parent: '星火教育总部' },
  { name: '教学教务中心', parent: '星火教育总部' },
  { name: '数据与财务部', parent: '星火教育总部' },
];

const DEMO_USERS = [
  { username: 'siyu1', nickname: '李晓萌', role: 'siyu', dept: '销售一组' },
  { username: 'chakan1', nickname: '王建国', role: 'chakan', dept: '数据与财务部' },
  { username: 'zhongtai1', nickname: '陈思远', role: 'zhongtai', dept: '产品运营中心' },
] as const;

/** Today's "about to drop into the pool" reminders, at any hour, so the demo's bell has something. */
const remindDemoOwners = async (db: Db) => {
  const cfg = await readPoolConfig(db);
  if (cfg.notifyEnabled) await remindOwnersAboutToDrop(db, cfg, new Date());
};

/**
 * DEMO_DATA=1: departments and one staff user per built-in role (siyu1, chakan1, zhongtai1) with
 * DEMO_PASSWORD, or a generated password kept in DATA_DIR/demo-password. Idempotent; later issues
 * add their demo data here: clients (demo-clients.ts), products and orders (demo-commerce.ts, unless
 * DEMO_COMMERCE=0).
 */
export const seedDemoData = async (
  db: Db,
  config: Config,
  scrypt?: ScryptParams,
): Promise<{ generatedPassword?: string }> => {
  const existing = await db
    .select({ id: adminUser.id })
    .from(adminUser)
    .where(
      inArray(
        adminUser.username,
        DEMO_USERS.map((u) => u.username),
      ),
    );
  if (existing.length > 0) {
    // Demo data added by later issues still arrives in a database seeded before them.
    await seedDemoClients(db);
    await remindDemoOwners(db);
    if (config.demoCommerce) {
      await seedDemoCommerce(db);
      await seedDemoCourses(db);
    }
    await seedDemoOutbound(db, undefined, { history: config.demoCommerce });
    if (config.demoWecom) await seedDemoWecom(db);
    return {};
  }

  const deptIds = new Map<string, { id: number; ancestors: number[] }>();
  for (const [i, d] of DEPARTMENTS.entries()) {
    const parent = d.parent ? deptIds.get(d.parent) : undefined;
    const [row] = await db
      .insert(department)
      .values({
        name: d.name,
        parentId: parent?.id ?? null,
        ancestors: parent ? [...parent.ancestors, parent.id] : [],
        sort: i,
      })
      .returning({ id: department.id });
    if (row) deptIds.set(d.name, { id: row.id, ancestors: parent ? [...parent.ancestors, parent.id] : [] });
  }

  const password = config.demoPassword ?? randomPassword();
  const passwordHash = await hashPassword(password, scrypt);
  const roles = await db.select({ id: role.id, key: role.key }).from(role);
  for (const u of DEMO_USERS) {
    const [created] = await db
      .insert(adminUser)
      .values({
        username: u.username,
        nickname: u.nickname,
        passwordHash,
        departmentId: deptIds.get(u.dept)?.id ?? null,
      })
      .onConflictDoNothing({ target: adminUser.username })
      .returning({ id: adminUser.id });
    const roleId = roles.find((r) => r.key === u.role)?.id;
    if (created && roleId) await db.insert(adminUserRole).values({ userId: created.id, roleId });
  }
  const hq = deptIds.get('星火教育总部');
  if (hq) {
    await db
      .update(adminUser)
      .set({ departmentId: hq.id })
      .where(eq(adminUser.username, config.adminUsername));
  }
  await seedDemoClients(db);
  await remindDemoOwners(db);
  if (config.demoCommerce) {
    await seedDemoCommerce(db);
    await seedDemoCourses(db);
  }
  await seedDemoOutbound(db, undefined, { history: config.demoCommerce });
  if (config.demoWecom) await seedDemoWecom(db);
  if (config.demoPassword) return {};
  const file = path.join(config.dataDir, 'demo-password');
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return { generatedPassword: password };
};
