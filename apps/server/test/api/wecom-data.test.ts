import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { wecomMember, wecomRelation } from '../../src/db/schema';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { LocalWecomServer } from '../support/wecom-server';

const CORP = 'wwdatatest000001';
const SECRET = 'data-test-secret-0123456789';
const W = '/api/v1/wecom';

let t: TestApp;
let server: LocalWecomServer;
let admin: string;
let siyu: string;
let chakan: string;
let zhongtai: string;
let siyuId: number;
let siyu2Id: number;
const SIYU_USERID = 'sales002';

const relationsOf = (userid: string) =>
  t.database.db
    .select()
    .from(wecomRelation)
    .where(and(eq(wecomRelation.userid, userid), eq(wecomRelation.deleted, false)));

beforeAll(async () => {
  server = await new LocalWecomServer({ corpId: CORP, secret: SECRET, members: 8, contacts: 80 }).start();
  t = await createTestApp({ WECOM_API_BASE: server.url });
  admin = await t.login('admin', ADMIN_PASSWORD);
  siyu = await t.login('siyu1', DEMO_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
  const users = await queryRows<{ id: number; username: string }>(
    t.database.db,
    sql`SELECT id, username FROM admin_user WHERE username IN ('siyu1','siyu2')`,
  );
  siyuId = users.find((u) => u.username === 'siyu1')?.id as number;
  siyu2Id = users.find((u) => u.username === 'siyu2')?.id as number;
  const app = await t.call('POST', `${W}/apps`, {
    token: admin,
    body: {
      name: 'live',
      kind: 'CUSTOMER_APP',
      mode: 'LIVE',
      corpId: CORP,
      agentId: 1000002,
      secret: SECRET,
    },
  });
  await t.call('POST', `${W}/apps/${app.body.data.id}/sync`, { token: admin });
  await t.app.wecomWorker.kick();
});
afterAll(async () => {
  await t.close();
  await server.stop();
});

describe('WeCom members', () => {
  it('admin binds a member to a staff user; siyu then sees only that member; one user per member', async () => {
    const all = await t.call('GET', `${W}/members?pageSize=100`, { token: chakan });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(8);
    const m = all.body.data.items.find((x: { userid: string }) => x.userid === SIYU_USERID);
    expect(m.departmentNames.length).toBeGreaterThan(0);
    expect((await t.call('GET', `${W}/members`, { token: siyu })).body.data.total).toBe(0);
    expect((await t.call('GET', `${W}/members`, { token: zhongtai })).status).toBe(403);
    expect(
      (await t.call('PUT', `${W}/members/${m.id}/bind`, { token: siyu, body: { sysUserId: siyuId } })).status,
    ).toBe(403);
    expect(
      (await t.call('PUT', `${W}/members/${m.id}/bind`, { token: admin, body: { sysUserId: siyuId } }))
        .status,
    ).toBe(200);
    const mine = await t.call('GET', `${W}/members`, { token: siyu });
    expect(mine.body.data.items.map((x: { userid: string }) => x.userid)).toEqual([SIYU_USERID]);
    expect(mine.body.data.items[0].sysUserId).toBe(siyuId);
    // the member's relations now carry the staff user
    for (const r of await relationsOf(SIYU_USERID)) expect(r.staffUserId).toBe(siyuId);
    const other = all.body.data.items.find((x: { userid: string }) => x.userid === 'sales003');
    const dup = await t.call('PUT', `${W}/members/${other.id}/bind`, {
      token: admin,
      body: { sysUserId: siyuId },
    });
    expect(dup.status).toBe(409);
    expect(
      (await t.call('PUT', `${W}/members/${other.id}/bind`, { token: admin, body: { sysUserId: siyu2Id } }))
        .status,
    ).toBe(200);
    expect((await t.call('GET', `${W}/members?bound=true`, { token: admin })).body.data.total).toBe(2);
  });
});

describe('WeCom external contacts', () => {
  it('lists with filters; siyu sees only the contacts they follow', async () => {
    const all = await t.call('GET', `${W}/contacts?pageSize=100`, { token: admin });
    expect(all.body.data.total).toBe(server.sim.relationCount());
    const mine = await t.call('GET', `${W}/contacts?pageSize=100`, { token: siyu });
    const expected = (await relationsOf(SIYU_USERID)).length;
    expect(expected).toBeGreaterThan(0);
    expect(mine.body.data.total).toBe(expected);
    expect(mine.body.data.items.every((x: { userid: string }) => x.userid === SIYU_USERID)).toBe(true);
    const tagged = all.body.data.items.find((x: { tags: unknown[] }) => x.tags.length > 0);
    const byTag = await t.call('GET', `${W}/contacts?pageSize=100&tagIds=${tagged.tags[0].tagId}`, {
      token: chakan,
    });
    expect(byTag.body.data.items.length).toBeGreaterThan(0);
    expect(
      byTag.body.data.items.every((x: { tags: { tagId: string }[] }) =>
        x.tags.some((g) => g.tagId === tagged.tags[0].tagId),
      ),
    ).toBe(true);
    const byStaff = await t.call('GET', `${W}/contacts?userid=sales003`, { token: admin });
    expect(byStaff.body.data.items.every((x: { userid: string }) => x.userid === 'sales003')).toBe(true);
    expect((await t.call('GET', `${W}/contacts?linked=true`, { token: admin })).body.data.total).toBe(0);
    expect((await t.call('GET', `${W}/contacts?sort=remark`, { token: admin })).status).toBe(400);
    expect((await t.call('GET', `${W}/contacts`, { token: zhongtai })).status).toBe(403);
  });

  it('siyu tags their own contacts (WeCom first, then the local row); others are refused per id', async () => {
    const [own] = await relationsOf(SIYU_USERID);
    const [foreign] = await relationsOf('sales004');
    const tagId = server.sim.groups[1]?.tag[0]?.id as string;
    const res = await t.call('POST', `${W}/contacts/mark`, {
      token: siyu,
      body: { ids: [own?.id, foreign?.id], addTagIds: [tagId] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ succeeded: 1, failed: 1 });
    expect(res.body.data.results[1]).toMatchObject({ id: foreign?.id, ok: false, code: 404 });
    const [after] = await t.database.db
      .select()
      .from(wecomRelation)
      .where(eq(wecomRelation.id, own?.id as number));
    expect(after?.tagIds).toContain(tagId);
    const simFollow = server.sim.follows
      .get(own?.externalUserid as string)
      ?.find((f) => f.userid === SIYU_USERID);
    expect(simFollow?.tag_id).toContain(tagId);
    // an unknown tag: WeCom refuses (40068), the local row is unchanged
    const bad = await t.call('POST', `${W}/contacts/mark`, {
      token: admin,
      body: { ids: [own?.id], addTagIds: ['etNOPE'] },
    });
    expect(bad.body.data.results[0]).toMatchObject({ ok: false, code: 40068 });
    expect(
      (
        await t.call('POST', `${W}/contacts/mark`, {
          token: chakan,
          body: { ids: [own?.id], addTagIds: [tagId] },
        })
      ).status,
    ).toBe(403);
    const empty = await t.call('POST', `${W}/contacts/mark`, { token: admin, body: { ids: [own?.id] } });
    expect(empty.status).toBe(400);
    // remark
    const rem = await t.call('PUT', `${W}/contacts/${own?.id}/remark`, {
      token: siyu,
      body: { remark: '王妈妈', remarkMobiles: ['13912345678'] },
    });
    expect(rem.status).toBe(200);
    expect(simFollow?.remark).toBe('王妈妈');
    const [r2] = await t.database.db
      .select()
      .from(wecomRelation)
      .where(eq(wecomRelation.id, own?.id as number));
    expect(r2).toMatchObject({ remark: '王妈妈', remarkMobiles: ['13912345678'] });
    // Remark mobiles are masked for every reader, the admin and the viewer alike (Decision 12).
    for (const token of [admin, siyu, chakan]) {
      const page = await t.call('GET', `${W}/contacts?contactId=${own?.contactId}`, { token });
      const row = page.body.data.items.find((x: { id: number }) => x.id === own?.id);
      expect(row.remarkMobiles).toEqual(['139****5678']);
    }
    // The form sends the masked number back: it keeps the stored one; a mask of none is refused.
    const kept = await t.call('PUT', `${W}/contacts/${own?.id}/remark`, {
      token: siyu,
      body: { remark: '王妈妈2', remarkMobiles: ['139****5678', '13800001111'] },
    });
    expect(kept.status).toBe(200);
    const [r3] = await t.database.db
      .select()
      .from(wecomRelation)
      .where(eq(wecomRelation.id, own?.id as number));
    expect(r3?.remarkMobiles).toEqual(['13912345678', '13800001111']);
    const unknown = await t.call('PUT', `${W}/contacts/${own?.id}/remark`, {
      token: siyu,
      body: { remarkMobiles: ['137****0000'] },
    });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.data.fields)).toEqual(['remarkMobiles']);
    // Nothing to change: a field message, not a 500 from an empty UPDATE.
    const nothing = await t.call('PUT', `${W}/contacts/${own?.id}/remark`, { token: siyu, body: {} });
    expect(nothing.status).toBe(400);
    expect(Object.keys(nothing.body.data.fields)).toEqual(['remark']);
  });

  it('in-service transfer: per-contact refusals (2 per 90 days), one member at a time, admin only', async () => {
    const rels = await relationsOf('sales005');
    const ids = rels.slice(0, 2).map((r) => r.id);
    expect(ids.length).toBe(2);
    const first = await t.call('POST', `${W}/contacts/transfer`, {
      token: admin,
      body: { ids, takeoverUserid: 'sales006' },
    });
    expect(first.body.data).toMatchObject({ succeeded: 2, failed: 0 });
    const [st] = await t.database.db
      .select()
      .from(wecomRelation)
      .where(eq(wecomRelation.id, ids[0] as number));
    expect(st?.status).toBe('TRANSFERRING');
    // WeCom counts transfers per contact: the third within 90 days is refused
    const ext = rels[0]?.externalUserid as string;
    server.sim.transferCount.set(ext, 2);
    const again = await t.call('POST', `${W}/contacts/transfer`, {
      token: admin,
      body: { ids, takeoverUserid: 'sales006' },
    });
    expect(again.body.data.results[0]).toMatchObject({ id: ids[0], ok: false, code: 40129 });
    // WeCom completes the transfer (after 24 h there): the background work follows it up
    server.sim.completeTransfers();
    await t.app.wecomWorker.kick();
    const [done] = await t.database.db
      .select()
      .from(wecomRelation)
      .where(eq(wecomRelation.id, ids[0] as number));
    expect(done).toMatchObject({ status: 'TRANSFERRED', transferStatus: 1, transferTakeover: 'sales006' });
    const mixed = (await relationsOf('sales004')).slice(0, 1).map((r) => r.id);
    const bad = await t.call('POST', `${W}/contacts/transfer`, {
      token: admin,
      body: { ids: [...ids, ...mixed], takeoverUserid: 'sales006' },
    });
    expect(bad.status).toBe(400);
    expect(
      (await t.call('POST', `${W}/contacts/transfer`, { token: siyu, body: { ids, takeoverUserid: 'x' } }))
        .status,
    ).toBe(403);
    const tooMany = await t.call('POST', `${W}/contacts/transfer`, {
      token: admin,
      body: { ids: Array.from({ length: 101 }, (_, i) => i + 1), takeoverUserid: 'sales006' },
    });
    expect(tooMany.status).toBe(400);
  });
});

describe('WeCom tags', () => {
  it('creates, renames and deletes only tags created by us; everyone on the pages reads', async () => {
    const created = await t.call('POST', `${W}/tags`, {
      token: admin,
      body: { corpId: CORP, groupName: '渠道', names: ['直播间', '线下讲座'] },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.tagIds).toHaveLength(2);
    const list = await t.call('GET', `${W}/tags`, { token: siyu });
    expect(list.status).toBe(200);
    const group = list.body.data.items.find((g: { name: string }) => g.name === '渠道');
    expect(group).toMatchObject({ createdByUs: true });
    expect(group.tags.map((x: { name: string }) => x.name).sort()).toEqual(['直播间', '线下讲座'].sort());
    const synced = list.body.data.items.find((g: { name: string }) => g.name === '年级');
    expect(synced.createdByUs).toBe(false);
    expect(synced.tags.some((x: { contactCount: number }) => x.contactCount > 0)).toBe(true);

    const ours = group.tags[0];
    expect(
      (await t.call('PUT', `${W}/tags/tag/${ours.id}`, { token: admin, body: { name: '直播间A' } })).status,
    ).toBe(200);
    expect(server.sim.groups.flatMap((g) => g.tag).find((x) => x.id === ours.tagId)?.name).toBe('直播间A');
    const notOurs = await t.call('PUT', `${W}/tags/tag/${synced.tags[0].id}`, {
      token: admin,
      body: { name: 'x' },
      headers: { 'accept-language': 'en' },
    });
    expect(notOurs.status).toBe(409);
    expect(notOurs.body.msg).toContain('Only tags created by this system');
    expect((await t.call('DELETE', `${W}/tags/tag/${synced.tags[0].id}`, { token: admin })).status).toBe(409);
    expect(
      (
        await t.call('POST', `${W}/tags`, {
          token: chakan,
          body: { corpId: CORP, groupName: 'x', names: ['y'] },
        })
      ).status,
    ).toBe(403);

    // tag a contact with our tag, then delete the tag: WeCom and the local rows drop it
    const [own] = await relationsOf(SIYU_USERID);
    await t.call('POST', `${W}/contacts/mark`, {
      token: admin,
      body: { ids: [own?.id], addTagIds: [ours.tagId] },
    });
    expect((await t.call('DELETE', `${W}/tags/tag/${ours.id}`, { token: admin })).status).toBe(200);
    const [after] = await t.database.db
      .select()
      .from(wecomRelation)
      .where(eq(wecomRelation.id, own?.id as number));
    expect(after?.tagIds).not.toContain(ours.tagId);
    expect((await t.call('DELETE', `${W}/tags/group/${group.id}`, { token: admin })).status).toBe(200);
    const final = await t.call('GET', `${W}/tags`, { token: admin });
    expect(final.body.data.items.find((g: { name: string }) => g.name === '渠道')).toBeUndefined();
    const [m] = await t.database.db.select().from(wecomMember).where(eq(wecomMember.userid, SIYU_USERID));
    expect(m?.sysUserId).toBe(siyuId);
  });
});

describe('linking contacts to clients', () => {
  it('links by our 「联系我」 state, then by remark mobile; manual link within scope; the client list filter follows', async () => {
    const clients = await queryRows<{ id: number; mobile: string; owner_user_id: number | null }>(
      t.database.db,
      sql`SELECT id, mobile, owner_user_id FROM client WHERE deleted = false AND mobile IS NOT NULL AND owner_user_id IS NOT NULL ORDER BY id LIMIT 3`,
    );
    const [byState, byMobile] = clients;
    // WeCom side: a new contact added through our QR for byState, another whose remark mobile is byMobile's
    const add = (ext: string, state: string, mobiles: string[]) =>
      server.sim.addContact(
        { external_userid: ext, name: ext, avatar: '', type: 1, gender: 1, unionid: '' },
        {
          userid: SIYU_USERID,
          remark: '',
          description: '',
          createtime: 1_750_000_000,
          tag_id: [],
          remark_mobiles: mobiles,
          add_way: 1,
          oper_userid: ext,
          state,
        },
      );
    add('wmLINKSTATE', `c${byState?.id}`, []);
    add('wmLINKMOBILE', '', [byMobile?.mobile as string]);
    const app = (await t.call('GET', `${W}/apps`, { token: admin })).body.data.items[0];
    await t.call('POST', `${W}/apps/${app.id}/sync`, { token: admin });
    await t.app.wecomWorker.kick();
    const linked = await t.call('GET', `${W}/contacts?linked=true&pageSize=100`, { token: admin });
    const byExt = Object.fromEntries(
      linked.body.data.items.map((x: { externalUserid: string; clientId: number }) => [
        x.externalUserid,
        x.clientId,
      ]),
    );
    expect(byExt.wmLINKSTATE).toBe(byState?.id);
    expect(byExt.wmLINKMOBILE).toBe(byMobile?.id);
    const [c1] = await queryRows<{ wecom_external_userid: string | null }>(
      t.database.db,
      sql`SELECT wecom_external_userid FROM client WHERE id = ${byState?.id as number}`,
    );
    expect(c1?.wecom_external_userid).toBe('wmLINKSTATE');
    const wecomFriends = await t.call('GET', '/api/v1/clients?hasWecom=true&pageSize=100', { token: admin });
    expect(wecomFriends.status, JSON.stringify(wecomFriends.body).slice(0, 300)).toBe(200);
    expect(wecomFriends.body.data.total).toBe(2);

    // manual: unlink, then link again; siyu cannot link to a client outside their scope
    const rel = (await relationsOf(SIYU_USERID)).find((r) => r.externalUserid === 'wmLINKSTATE');
    expect(
      (await t.call('POST', `${W}/contacts/${rel?.id}/link`, { token: admin, body: { clientId: null } }))
        .status,
    ).toBe(200);
    expect(
      (await t.call('GET', `${W}/contacts?linked=true&pageSize=100`, { token: admin })).body.data.total,
    ).toBe(1);
    const foreignClient = clients.find((c) => c.owner_user_id !== siyuId);
    const refused = await t.call('POST', `${W}/contacts/${rel?.id}/link`, {
      token: siyu,
      body: { clientId: foreignClient?.id },
    });
    expect(refused.status).toBe(404);
    expect(
      (
        await t.call('POST', `${W}/contacts/${rel?.id}/link`, {
          token: admin,
          body: { clientId: byState?.id },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.call('POST', `${W}/contacts/${rel?.id}/link`, { token: chakan, body: { clientId: null } }))
        .status,
    ).toBe(403);
  });
});
