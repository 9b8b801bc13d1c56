import { BUILTIN_ROLES, defaultCodesOf } from '@educrm/contract';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsAny } from '../../src/plugins/access';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { createClient } from '../support/clients';

/**
 * Schema-driven fuzzing of every route of the OpenAPI document, as anonymous, each built-in role
 * and admin: bounded malformed inputs (types, sizes, encodings, NUL and other control characters,
 * huge numbers, unknown fields, path parameters of every shape). Whatever is sent, the answer is
 * never a 5xx, always the envelope, and never carries a stack trace or SQL text.
 */
// biome-ignore lint/suspicious/noExplicitAny: JSON Schema from the OpenAPI document.
type Schema = any;
interface Op {
  method: string;
  path: string;
  pathParams: string[];
  query: Record<string, Schema>;
  /** The query parameters the route requires. */
  required: string[];
  body?: Schema;
}

let t: TestApp;
const tokens: Record<string, string> = {};
let ops: Op[] = [];
let own: Awaited<ReturnType<typeof createClient>>[] = [];
const who = ['anonymous', ...BUILTIN_ROLES] as const;
const logins: Record<string, [string, string]> = {
  admin: ['admin', ADMIN_PASSWORD],
  siyu: ['siyu1', DEMO_PASSWORD],
  chakan: ['chakan1', DEMO_PASSWORD],
  zhongtai: ['zhongtai1', DEMO_PASSWORD],
};
// Calls that end the caller's own session are fuzzed anonymously only.
const SELF_ENDING = new Set(['POST /api/v1/admin/logout', 'POST /api/v1/admin/refresh-token']);

beforeAll(async () => {
  t = await createTestApp();
  for (const [role, [u, p]] of Object.entries(logins)) tokens[role] = await t.login(u, p);
  // Clients for the explicit cases, made before the fuzz changes settings (limits, pool rules).
  own = [await createClient(t, tokens.admin as string), await createClient(t, tokens.admin as string)];
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Schema>> };
  ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = (op.parameters ?? []) as {
        in: string;
        name: string;
        required?: boolean;
        schema: Schema;
      }[];
      return {
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        required: params.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
        body: op.requestBody?.content?.['application/json']?.schema,
      };
    }),
  );
});
afterAll(async () => t?.close());

/** A value the schema accepts, as far as a simple reading of JSON Schema goes. */
const sample = (s: Schema, depth = 0): unknown => {
  if (!s || depth > 4) return null;
  if (s.default !== undefined) return s.default;
  if (s.enum) return s.enum[0];
  if (s.const !== undefined) return s.const;
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alt) return sample(alt.find((a: Schema) => a.type !== 'null') ?? alt[0], depth + 1);
  switch (s.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries((s.properties ?? {}) as Record<string, Schema>)
          .filter(([k]) => (s.required ?? []).includes(k))
          .map(([k, v]) => [k, sample(v, depth + 1)]),
      );
    case 'array':
      return Array.from({ length: s.minItems ?? 1 }, () => sample(s.items, depth + 1));
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' && s.minimum > 0 ? s.minimum : 1;
    case 'boolean':
      return false;
    case 'string':
      if (s.format === 'date-time') return '2026-11-01T00:00:00.000Z';
      if (s.format === 'date') return '2026-11-01';
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
    default:
      return null;
  }
};

const BAD_STRINGS = [
  '\u0000',
  'a\u0000b',
  'x\u0007\u001b[31m',
  'line\nbreak\ttab',
  '\ud800',
  'x'.repeat(5_000),
  "'; select pg_sleep(0); --",
  '%_\\',
  '😀'.repeat(50),
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '2026-02-30',
  '2026-13-01',
];
const BAD_NUMBERS = [-1, 0, 1.5, 2 ** 31, 2 ** 31 - 1 + 2 ** 31, 3e9, 1e10, 2 ** 53, 1e308, -(2 ** 63)];
const BAD_VALUES: unknown[] = [
  null,
  true,
  [],
  {},
  [1, 'a'],
  { a: { b: [null] } },
  ...BAD_NUMBERS,
  ...BAD_STRINGS,
];
const BAD_QUERY = [
  '%00',
  'a%00b',
  '%FF%FE',
  '%E0%A4%A',
  'x'.repeat(4000),
  '-1',
  '0',
  '1.5',
  '2147483648',
  '99999999999999999999999',
  '1e400',
  'NaN',
  '[]',
  'a,b,,%00',
  '',
  '%0A%0D',
  // Days that match \d{4}-\d{2}-\d{2} but are not on the calendar (or before PostgreSQL's).
  '2026-02-30',
  '2026-13-01',
  '0000-01-01',
];
const BAD_PATH = [
  '0',
  '-1',
  '1.5',
  '1e3',
  'abc',
  '%00',
  '%FF',
  '%20',
  '2147483648',
  '9223372036854775808',
  '00000000-0000-4000-8000-000000000000',
  '..%2F..%2Fetc%2Fpasswd',
  'a'.repeat(150),
];
const RAW_BODIES: { type: string; payload: string | Buffer }[] = [
  { type: 'application/json', payload: '' },
  { type: 'application/json', payload: 'null' },
  { type: 'application/json', payload: '[]' },
  { type: 'application/json', payload: '"x"' },
  { type: 'application/json', payload: '{"a":' },
  { type: 'application/json', payload: '{"n":1e400}' },
  { type: 'application/json', payload: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}' },
  { type: 'application/json', payload: `${'['.repeat(3000)}${']'.repeat(3000)}` },
  { type: 'application/json', payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
  { type: 'application/json; charset=latin1', payload: '{}' },
  { type: 'text/plain', payload: 'hello' },
  {
    type: 'multipart/form-data; boundary=zz',
    payload: '--zz\r\nContent-Disposition: form-data; name="file"\r\n\r\nx',
  },
  {
    type: 'multipart/form-data; boundary=zz',
    payload:
      '--zz\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n--zz--\r\n',
  },
];

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1');
const qs = (q: Record<string, string>) =>
  Object.keys(q).length
    ? `?${Object.entries(q)
        .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
        .join('&')}`
    : '';

/** The malformed requests for one route: every input slot perturbed in turn, the others left plausible. */
const cases = (op: Op): InjectOptions[] => {
  const base: Record<string, string> = Object.fromEntries(op.pathParams.map((p) => [p, '999999']));
  const url = (params = base, query: Record<string, string> = {}) => `${fill(op.path, params)}${qs(query)}`;
  const hasBody = !['GET', 'HEAD'].includes(op.method);
  const baseBody = op.body ? sample(op.body) : undefined;
  const json = (payload: unknown, u = url()): InjectOptions => ({
    url: u,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
  const out: InjectOptions[] = [];
  for (const p of op.pathParams)
    for (const v of BAD_PATH) out.push(json(baseBody ?? {}, url({ ...base, [p]: v })));
  for (const name of [...Object.keys(op.query), 'zzUnknown']) {
    for (const v of BAD_QUERY) out.push({ url: url(base, { [name]: v }) });
    out.push({ url: `${url()}?${name}=1&${name}=2` });
  }
  if (hasBody) {
    for (const raw of RAW_BODIES)
      out.push({ url: url(), headers: { 'content-type': raw.type }, payload: raw.payload });
    if (baseBody && typeof baseBody === 'object' && !Array.isArray(baseBody)) {
      out.push(json(baseBody));
      out.push(json({ ...baseBody, zzUnknown: 1, role: 'admin', ownerId: 1 }));
      const props = Object.keys((op.body.properties ?? {}) as object);
      for (const k of props) for (const v of BAD_VALUES) out.push(json({ ...baseBody, [k]: v }));
    }
  }
  return out;
};

const STACK = /\n\s+at |node_modules|\/src\/\w+|\.ts:\d+/;
const SQL =
  /\b(select|insert|update|delete)\b[^"]{0,80}\b(from|into|set|where)\b|syntax error|relation "|violates|duplicate key|out of range for type|invalid input syntax|pg_|drizzle/i;

/** What is wrong with an answer, or null. */
const problem = (res: Awaited<ReturnType<TestApp['app']['inject']>>): string | null => {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode < 400 && !type.includes('json')) return null; // files and downloads
  if (!type.includes('application/json')) return `content-type ${type}`;
  let body: Record<string, unknown>;
  try {
    body = res.json();
  } catch {
    return 'not JSON';
  }
  if (typeof body.code !== 'number' || typeof body.msg !== 'string' || !('data' in body))
    return 'not the envelope';
  if (Object.keys(body).length !== 3) return 'extra keys beside the envelope';
  if (STACK.test(res.body)) return 'stack trace';
  if (res.statusCode >= 400 && SQL.test(res.body)) return 'SQL text';
  return null;
};

// ---- Decision 12: no full phone number of a client, member or contact in any answer --------------
/** A mainland mobile standing alone (a masked 138****1234 has asterisks; longer digit runs are not phones). */
const MOBILE = /(?<![0-9A-Za-z])1[3-9]\d{9}(?![0-9A-Za-z])/;
/**
 * Routes that answer a full number by design, with the reason. An export listed here follows the
 * export rule (lib/mask exportsFullPhone: full only for holders of client.phone.view, audited with
 * its row count); every other export and answer is masked for every role.
 */
const FULL_BY_DESIGN: Record<string, string> = {
  'POST /api/v1/clients/{id}/reveal-phone': 'the audited reveal (client.phone.view)',
  'POST /api/v1/members/{id}/reveal-phone': 'the audited reveal (member.phone.view)',
  'GET /api/v1/clients/export': 'export rule of Decision 12',
  'GET /api/v1/follow-ups/export': 'export rule of Decision 12',
  'GET /api/v1/orders/export': 'export rule of Decision 12',
  'GET /api/v1/product/deals/export': 'export rule of Decision 12',
  'GET /api/v1/wecom/contacts/export': 'export rule of Decision 12',
  'GET /api/v1/clients/import/template': 'the example row of the import template (no one’s number)',
  'GET /api/v1/call/numbers': 'the company’s outbound lines, not a person’s number',
};

/** Where the strings of an answer hold a full mobile: `path: number` for each. */
const fullMobiles = (v: unknown, at = '', out: string[] = []): string[] => {
  if (typeof v === 'string') {
    const m = MOBILE.exec(v);
    if (m) out.push(`${at}: ${m[0]}`);
  } else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v))
      fullMobiles(x, Array.isArray(v) ? `${at}[${k}]` : at ? `${at}.${k}` : k, out);
  return out;
};

/** The full mobiles of an answer (JSON, or an xlsx export's cells), unless its route may carry them. */
const leaks = async (op: Op, res: Awaited<ReturnType<TestApp['app']['inject']>>): Promise<string[]> => {
  if (`${op.method} ${op.path}` in FULL_BY_DESIGN || res.statusCode >= 400) return [];
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('json')) return fullMobiles(res.json());
  if (!type.includes('spreadsheetml')) return [];
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  wb.eachSheet((sheet) =>
    sheet.eachRow((row) => {
      row.eachCell((c) => {
        cells.push(String(c.text));
      });
    }),
  );
  return fullMobiles(cells, 'xlsx');
};

const allowed = (role: string, op: Op) => {
  const entry = t.app.routeAccess.find(
    (r) => r.method === op.method && r.url === op.path.replace(/\{(\w+)\}/g, ':$1'),
  );
  if (!entry) return true;
  if ('public' in entry.access) return true;
  if (role === 'anonymous') return false;
  if ('authenticated' in entry.access || role === 'admin') return true;
  return holdsAny(new Set(defaultCodesOf(role as (typeof BUILTIN_ROLES)[number])), entry.access.permission);
};

describe('fuzzing every route as every role', () => {
  it('covers the whole OpenAPI document', () => {
    // Routes hidden from the document (metrics, WeCom callbacks) are not fuzzed from it.
    expect(ops.length).toBe(t.app.routeAccess.filter((r) => !r.hidden).length);
  });

  for (const role of who) {
    it(`never answers 5xx, outside the envelope or with internals: ${role}`, async () => {
      let sent = 0;
      const failures: string[] = [];
      for (const op of ops) {
        if (role !== 'anonymous' && SELF_ENDING.has(`${op.method} ${op.path}`)) continue;
        const all = cases(op);
        // Admin gets every case; a role the route admits a sample (its data scope differs); a
        // caller the route refuses is answered from the headers alone, so a few cases suffice.
        // Exports build a workbook per call: a sample of their cases.
        const heavy = /export/.test(op.path) ? 5 : 1;
        const every = (role === 'admin' ? 1 : allowed(role, op) ? 4 : 25) * heavy;
        const list = all.filter((_, i) => i % every === 0);
        for (const c of list) {
          const token = tokens[role];
          const res = await t.app.inject({
            ...c,
            method: op.method as 'GET',
            headers: { ...(c.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
          });
          const leaked = (await leaks(op, res)).slice(0, 3);
          const bad = problem(res) ?? (leaked.length ? `full mobile ${leaked.join(', ')}` : null);
          if (bad) {
            const payload = typeof c.payload === 'string' ? c.payload.slice(0, 160) : '';
            failures.push(
              `${bad}: ${op.method} ${String(c.url).slice(0, 160)} ${payload} → ${res.body.slice(0, 200)}`,
            );
          }
          sent++;
        }
      }
      // The fuzz must not have ended its own sessions (then every later case would be a 401).
      if (role !== 'anonymous') {
        const info = await t.call('POST', '/api/v1/admin/info', { token: tokens[role], body: {} });
        expect(info.status, `${role} still signed in`).toBe(200);
      }
      expect(failures.slice(0, 40), `${failures.length} bad answers`).toEqual([]);
      expect(sent).toBeGreaterThan(100);
      // admin sends every case (~70 s on a quiet machine; several times that with the machine loaded)
    }, 900_000);
  }

  it('refuses NUL and control characters with a field message, in the request language', async () => {
    const staff = await t.call('GET', '/api/v1/clients/staff-options?keyword=%00', { token: tokens.admin });
    expect(staff.status).toBe(400);
    expect(staff.body.data.fields.keyword).toBe('不能包含控制字符或无效字符');
    const c = own[0] as (typeof own)[number];
    const release = await t.call('POST', `/api/v1/clients/${c.id}/release`, {
      token: tokens.admin,
      body: { reason: '\u0000' },
      headers: { 'accept-language': 'en' },
    });
    expect(release.status).toBe(400);
    expect(release.body.data.fields.reason).toBe('Must not contain control or invalid characters');
    // Half of a surrogate pair has no UTF-8 form (PostgreSQL refuses it in JSON); a whole emoji is fine.
    const lone = await t.call('POST', '/api/v1/client-tags', {
      token: tokens.admin,
      body: { name: 'x\ud800' },
    });
    expect(lone.status).toBe(400);
    expect(Object.keys(lone.body.data.fields)).toEqual(['name']);
    const emoji = await t.call('POST', '/api/v1/client-tags', {
      token: tokens.admin,
      body: { name: `星标😀${Date.now() % 1000}` },
    });
    expect(emoji.status).toBe(200);
    // Tab and newline only in multi-line fields.
    const name = await t.call('PUT', `/api/v1/clients/${c.id}`, {
      token: tokens.admin,
      body: { name: 'a\tb', version: c.version },
    });
    expect(name.status).toBe(400);
    expect(Object.keys(name.body.data.fields)).toEqual(['name']);
    const remark = await t.call('PUT', `/api/v1/clients/${c.id}`, {
      token: tokens.admin,
      body: { remark: 'line one\n\tline two', version: c.version },
    });
    expect(remark.status, JSON.stringify(remark.body)).toBe(200);
    const key = await t.call('PUT', `/api/v1/clients/${c.id}`, {
      token: tokens.admin,
      body: { 'a\u0000': 1, version: c.version + 1 },
    });
    expect(key.status).toBe(400);
  });

  it('answers 400, not 500, to integers beyond what the columns hold', async () => {
    const c = own[1] as (typeof own)[number];
    const version = await t.call('PUT', `/api/v1/clients/${c.id}`, {
      token: tokens.admin,
      body: { remark: 'x', version: 2 ** 31 },
    });
    expect(version.status).toBe(400);
    expect(version.body.data.fields.version).toBeTruthy();
    for (const q of ['priceMin=2147483648', 'priceMax=99999999999', 'keyword=99999999999999999999']) {
      const res = await t.call('GET', `/api/v1/products?${q}`, { token: tokens.admin });
      expect(res.status, q).toBeLessThan(500);
    }
    const ids = await t.call('GET', '/api/v1/clients?gradeId=99999999999999999999999', {
      token: tokens.admin,
    });
    expect(ids.status).toBe(400);
  });

  it('answers oversized addresses with 414 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/clients?keyword=${'x'.repeat(9000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json().code).toBe(414);
  });

  it('answers oversized bodies with 413 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1_100_000), password: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(413);
  });

  it('answers oversized headers with 431 in the envelope over real HTTP', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(`${address}/api/health`, { headers: { 'x-big': 'x'.repeat(20_000) } });
    expect(res.status).toBe(431);
    const body = (await res.json()) as { code: number; msg: string };
    expect(body.code).toBe(431);
    expect(body.msg.length).toBeGreaterThan(0);
  });
});

describe('no full phone number past the mask (Decision 12)', () => {
  // Its own server, with every demo (clients, commerce, WeCom, outbound), untouched by the fuzz.
  let demo: TestApp;
  const demoTokens: Record<string, string> = {};
  beforeAll(async () => {
    demo = await createTestApp({ DEMO_COMMERCE: '1', DEMO_WECOM: '1' });
    for (const [role, [u, p]] of Object.entries(logins)) demoTokens[role] = await demo.login(u, p);
  }, 600_000);
  afterAll(async () => demo?.close());

  const get = (role: string, url: string) =>
    demo.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${demoTokens[role]}` } });

  /**
   * The route's address with real ids: each path parameter from the first row of the list above
   * it as the role reads it (the admin's when the role reads none), required query parameters
   * sampled, the largest page where the route pages.
   */
  const address = async (role: string, op: Op): Promise<string> => {
    let path = op.path;
    for (const name of op.pathParams) {
      const [head] = path.split(`{${name}}`);
      const list = (head as string).replace(/\/$/, '');
      let id: unknown;
      for (const r of [role, 'admin']) {
        const res = await get(r, list);
        if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('json')) continue;
        const data = res.json().data;
        const first = (Array.isArray(data) ? data : (data?.items ?? data?.rows))?.[0];
        id = first?.[name] ?? first?.id;
        if (id !== undefined) break;
      }
      path = path.replace(`{${name}}`, encodeURIComponent(String(id ?? 1)));
    }
    const query: Record<string, string> = Object.fromEntries(
      op.required.map((n) => [n, encodeURIComponent(String(sample(op.query[n])))]),
    );
    if ('pageSize' in op.query) query.pageSize = '100';
    return `${path}${qs(query)}`;
  };

  it('lists only routes that exist as answering full numbers by design', () => {
    const routes = new Set(ops.map((o) => `${o.method} ${o.path}`));
    expect(Object.keys(FULL_BY_DESIGN).filter((r) => !routes.has(r))).toEqual([]);
  });

  for (const role of BUILTIN_ROLES) {
    it(`reads every page, detail and export as ${role} without a full mobile`, async () => {
      const found: string[] = [];
      let read = 0;
      for (const op of ops.filter((o) => o.method === 'GET' && allowed(role, o))) {
        const url = await address(role, op);
        const res = await get(role, url);
        if (res.statusCode === 200) read++;
        for (const leak of (await leaks(op, res)).slice(0, 3)) found.push(`${url} ${leak}`);
      }
      expect(found).toEqual([]);
      expect(read).toBeGreaterThan(20);
    }, 360_000);
  }
});
