import fs from 'node:fs';
import path from 'node:path';
import { createInstance, type i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import * as areas from '../i18n/areas';
import en from '../i18n/en';
import es from '../i18n/es';
import ja from '../i18n/ja';
import zh from '../i18n/zh';
import { auditActionLabel, auditSummaryParts, auditSummaryText, auditTargetLabel } from './auditText';

const LANGS = { zh, en, es, ja } as const;
type Lang = keyof typeof LANGS;
const instances = {} as Record<Lang, I18n>;

beforeAll(async () => {
  for (const lang of Object.keys(LANGS) as Lang[]) {
    const i = createInstance();
    await i.init({
      lng: lang,
      fallbackLng: false,
      // biome-ignore lint/performance/noDynamicNamespaceImportAccess: a test; the four languages' areas are read whole anyway
      resources: { [lang]: { translation: { ...LANGS[lang], ...areas[lang] } } },
      interpolation: { escapeValue: false },
    });
    instances[lang] = i;
  }
});

/**
 * Every action code and target type the server writes, read from its source: the first string
 * literals of each writeAudit / audit helper call (`action: 'client.release'`, `this.audit(tx, p,
 * ip, 'order.cancel', ...)`, `targetType: 'client'`), the product status actions built from the
 * status enum, and the export kinds (an export's target type).
 */
const serverCodes = () => {
  const root = path.resolve(__dirname, '../../../server/src');
  const actions = new Set<string>([
    'product.status.draft',
    'product.status.on',
    'product.status.off',
    'product.status.recycle',
  ]);
  const targets = new Set<string>();
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isDirectory()) walk(file);
      else if (file.endsWith('.ts') && !file.endsWith('.test.ts')) scan(file, fs.readFileSync(file, 'utf8'));
    }
  };
  const scan = (file: string, src: string) => {
    for (const m of src.matchAll(/(writeAudit\(|\baudit\(|\.audit\(|\bauditOf\(|\baction:)/g)) {
      const chunk = src.slice(m.index, m.index + 400);
      const literals = [...chunk.matchAll(/'([a-z][a-z_-]*(?:\.[a-z][a-z-]*)*)'/g)].map(
        (x) => x[1] as string,
      );
      const [first] = literals;
      if (first?.includes('.') && !first.endsWith('.com')) actions.add(first);
      // `locked ? 'client.lock' : 'client.unlock'`
      const ternary = /^[^;]*?\?\s*'([a-z.-]+)'\s*:\s*'([a-z.-]+)'/.exec(chunk);
      if (ternary) for (const a of ternary.slice(1)) if (a.includes('.')) actions.add(a);
      // positional helpers: `this.audit(tx, p, ip, 'dict.grade.create', 'grade', ...)`
      const positional = /'([a-z]+(?:\.[a-z-]+)+)',\s*'([a-z][a-z_-]*)'/.exec(chunk);
      if (positional && m[1] !== 'action:') targets.add(positional[2] as string);
    }
    for (const m of src.matchAll(/targetType: '([a-z_-]+)'/g)) targets.add(m[1] as string);
    for (const m of src.matchAll(/auditOf\('([a-z_-]+)'\)/g)) targets.add(m[1] as string);
    if (file.endsWith('exporters.ts'))
      for (const m of src.matchAll(/kind: '([a-z-]+)'/g)) targets.add(m[1] as string);
  };
  walk(root);
  return { actions: [...actions].sort(), targets: [...targets].sort() };
};

describe('audit rows in the viewer language', () => {
  test('every action code and target type the server writes has a label in zh, en, es and ja', () => {
    const { actions, targets } = serverCodes();
    expect(actions.length).toBeGreaterThan(120);
    expect(actions).toContain('client.release');
    expect(actions).toContain('order.refund.apply');
    expect(targets).toContain('client_import_job');
    expect(targets).toContain('clients');
    for (const lang of Object.keys(LANGS) as Lang[]) {
      const i = instances[lang];
      const unlabelled = actions.filter((a) => auditActionLabel(i, a) === a);
      expect(unlabelled, `${lang}: actions without a label`).toEqual([]);
      const untyped = targets.filter((type) => auditTargetLabel(i, type) === type);
      expect(untyped, `${lang}: target types without a label`).toEqual([]);
    }
  });

  test('every summary template belongs to an action the server writes', () => {
    const { actions } = serverCodes();
    const codes = actions.map((a) => a.replace(/[.-]/g, '_'));
    for (const key of Object.keys(areas.en.audit.summary as object)) {
      // `<action>` or a variant `<action>_<flag>` / `<action>_short`.
      expect(
        codes.some((c) => key === c || key.startsWith(`${c}_`)),
        key,
      ).toBe(true);
    }
  });

  test('every action the server writes has a summary template in zh, en, es and ja', () => {
    // Writers pass structured summaries only (AuditSummary in apps/server/src/lib/audit.ts); a
    // template per action keeps the stored English text from reaching a zh, es or ja viewer.
    const { actions } = serverCodes();
    for (const lang of Object.keys(LANGS) as Lang[]) {
      const missing = actions.filter(
        (a) => !instances[lang].exists(`audit.summary.${a.replace(/[.-]/g, '_')}`),
      );
      expect(missing, `${lang}: actions without a summary template`).toEqual([]);
    }
  });

  test('a summary is built from the params with translated enums and money', () => {
    const zhI = instances.zh;
    expect(auditActionLabel(zhI, 'client.release')).toBe('放入公海');
    expect(auditActionLabel(zhI, 'product.status.on')).toBe('商品上架');
    expect(auditActionLabel(zhI, 'order.refund.apply')).toBe('申请退款');
    expect(auditTargetLabel(zhI, 'clients')).toBe('客户导出');
    expect(auditTargetLabel(zhI, 'client_import_job')).toBe('客户导入任务');
    expect(
      auditSummaryText(zhI, 'client.release', { id: 1, reason: 'x' }, 'released client 1 to the pool: x'),
    ).toBe('将客户 #1 放入公海，原因：x');
    const paid = { payMethod: 'BANK_TRANSFER', amount: 646000 };
    expect(
      auditSummaryText(zhI, 'order.confirm-payment', paid, 'payment confirmed (BANK_TRANSFER) ¥6460.00'),
    ).toBe('确认收款（银行转账）¥6,460.00');
    expect(auditSummaryText(instances.ja, 'order.confirm-payment', paid, '')).toBe(
      '入金を確認（銀行振込）¥6,460.00',
    );
    expect(auditSummaryText(instances.en, 'order.confirm-payment', paid, '')).toBe(
      'Payment confirmed (Bank transfer) ¥6,460.00',
    );
    expect(
      auditSummaryText(
        instances.es,
        'product.status.on',
        { name: 'Math', productStatusFrom: 'OFF', productStatus: 'ON' },
        '',
      ),
    ).toMatch(/^«Math»: .+ → .+$/);
    expect(
      auditSummaryText(
        zhI,
        'product.status.on',
        { name: '数学', productStatusFrom: 'OFF', productStatus: 'ON' },
        '',
      ),
    ).toBe('「数学」：已下架 → 出售中');
    // Variants: an optional value left out, a flag that is true.
    expect(auditSummaryText(zhI, 'order.cancel', { reason: null }, 'cancelled')).toBe('取消订单');
    expect(
      auditSummaryText(zhI, 'order.refund.success', { refundNo: 'R1', amount: 100, closed: true }, ''),
    ).toBe('退款 R1 已退回 ¥1.00，订单已关闭');
    expect(
      auditSummaryText(zhI, 'order.refund.success', { refundNo: 'R1', amount: 100, closed: false }, ''),
    ).toBe('退款 R1 已退回 ¥1.00');
    expect(auditSummaryText(zhI, 'client.update', { fields: 'name,gradeId' }, '')).toBe(
      '修改了：客户姓名、年级',
    );
    const counts = {
      CREATED: 3,
      DUPLICATE_MINE: 0,
      DUPLICATE_OTHER: 1,
      DUPLICATE_POOL: 0,
      DUPLICATE_DELETED: 0,
      INVALID: 2,
    };
    expect(auditSummaryText(zhI, 'client.import', counts, '')).toContain('格式错误 2');
    // Sign-in, profile, export and job rows (issue 16, item 11): flags pick the variant.
    expect(auditSummaryText(zhI, 'auth.login', { via: 'PASSWORD' }, 'signed in')).toBe('登录成功（密码）');
    expect(
      auditSummaryText(zhI, 'auth.login.failed', { username: 'siyu', password: true }, 'wrong password'),
    ).toBe('密码错误');
    expect(
      auditSummaryText(
        instances.ja,
        'auth.login.failed',
        { username: 'x', unknown: true },
        'unknown username',
      ),
    ).toBe('存在しないユーザー名');
    expect(auditSummaryText(instances.es, 'auth.login.challenge', { via: 'WECOM', setup: true }, '')).toBe(
      'WeCom aceptado; el rol exige activar el segundo paso',
    );
    expect(auditSummaryText(zhI, 'profile.password', { ended: 2 }, '')).toBe(
      '修改了自己的密码，结束了其他 2 个会话',
    );
    expect(auditSummaryText(zhI, 'export.start', { rows: 1000, more: true }, '')).toBe(
      '导出超过 1000 行（后台进行）',
    );
    expect(auditSummaryText(zhI, 'export.start', { rows: 12, more: false }, '')).toBe('导出 12 行');
    expect(auditSummaryText(zhI, 'auth.session.end', { id: 1, own: true }, '')).toBe('结束了自己的会话');
    expect(
      auditSummaryText(
        zhI,
        'course.class.status',
        { code: 'C1', classStatusFrom: 'DRAFT', classStatus: 'ENROLLING' },
        '',
      ),
    ).toBe('班级 C1：未发布 → 招生中');
    expect(auditSummaryText(zhI, 'call.number.status', { numberStatus: 'FLAGGED' }, '')).toBe(
      '状态改为疑似标记',
    );
    expect(auditSummaryText(zhI, 'course.user.extend', { until: null }, '')).toBe('改为永久有效');
    expect(
      auditSummaryText(
        zhI,
        'wecom.relation.add',
        { externalUserid: 'wm1', userid: 'u1', ownerCheck: 'CLAIMED' },
        '',
      ),
    ).toBe('企业微信 u1 的好友 wm1：已从公海领取客户');
    expect(auditSummaryText(zhI, 'client.import', counts, '')).not.toContain('DUPLICATE');
  });

  test("a summary's stored values are data parts, its wording and enum labels are not", () => {
    expect(auditSummaryParts(instances.zh, 'system.user.reset-password', { name: 'siyu' }, '')).toEqual([
      { text: '重置了 ', data: false },
      { text: 'siyu', data: true },
      { text: ' 的密码', data: false },
    ]);
    expect(
      auditSummaryParts(instances.zh, 'call.number.status', { numberStatus: 'FLAGGED' }, '').every(
        (p) => !p.data,
      ),
    ).toBe(true);
    expect(auditSummaryParts(instances.zh, 'x.unknown', null, 'old text')).toEqual([
      { text: 'old text', data: false },
    ]);
  });

  test('old rows (no params) and actions without a template keep the stored text', () => {
    expect(auditSummaryText(instances.zh, 'client.release', null, 'released client 1 to the pool: x')).toBe(
      'released client 1 to the pool: x',
    );
    expect(auditSummaryText(instances.zh, 'test.unknown', { n: 1 }, 'flagged 1 numbers')).toBe(
      'flagged 1 numbers',
    );
  });
});
