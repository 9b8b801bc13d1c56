import { formatMoney } from './money';

/**
 * Audit rows keep codes and structured values (action `client.release`, target type `client`,
 * params `{id: 1, reason: 'x'}`); these helpers render them in the viewer's language: the console
 * through i18next, the server's audit export through its own lookup over the same messages. Rows written
 * before structured summaries (no params) and actions without a template show the stored text.
 * Messages: `audit.*` (apps/web/src/i18n/areas/audit.<lang>.ts) and the older `auditAction.*`, `client.audit.*`,
 * `order.timelineAction.*` labels.
 */
export interface I18nLike {
  exists: (key: string) => boolean;
  t: (key: string, options?: Record<string, unknown>) => string;
  language?: string;
  resolvedLanguage?: string;
}

const codeOf = (code: string) => code.replace(/[.-]/g, '_');

/** An action's label: `client.release` -> 放入公海; the code itself when none is known. */
export const auditActionLabel = (i18n: I18nLike, action: string): string => {
  const code = codeOf(action);
  for (const key of [
    `audit.action.${code}`,
    `auditAction.${code}`,
    `client.audit.${code}`,
    `order.timelineAction.${code}`,
  ])
    if (i18n.exists(key)) return i18n.t(key);
  return action;
};

/** A target type's label: `client_import_job` -> 客户导入任务; the code itself when none is known. */
export const auditTargetLabel = (i18n: I18nLike, type: string): string => {
  const code = codeOf(type);
  for (const key of [`audit.target.${code}`, `system.audit.targetType_${code}`])
    if (i18n.exists(key)) return i18n.t(key);
  return type;
};

/** Params whose value is an enum code, with the message prefix of its labels. */
const ENUM_PARAMS: Record<string, string> = {
  payMethod: 'order.payMethod',
  productStatus: 'product.status',
  productStatusFrom: 'product.status',
  stage: 'client.stage',
  stageFrom: 'client.stage',
  followType: 'client.followType',
  limitType: 'client.pool.ruleTypes',
  via: 'audit.via',
  channel: 'audit.channel',
  liveProvider: 'audit.liveProvider',
  ownerCheck: 'audit.ownerCheck',
  numberStatus: 'call.enum.numberStatus',
  callProvider: 'call.enum.provider',
  classStatus: 'course.klass.statuses',
  classStatusFrom: 'course.klass.statuses',
  memberStatus: 'course.member.statuses',
  memberStatusFrom: 'course.member.statuses',
  dictStatus: 'enum.status',
  appKind: 'wecom.enum.kind',
  appMode: 'wecom.enum.mode',
  rollCallStatus: 'teaching.rollCall',
  rollCallStatusFrom: 'teaching.rollCall',
  hourKind: 'teaching.kind',
  absentRule: 'teaching.absentRule',
  owingRule: 'teaching.owingRule',
};
/** Params in fen. */
const MONEY_PARAMS = new Set(['amount']);

const listFormat = (i18n: I18nLike, items: string[]) => {
  const lang = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return items.join(lang === 'zh' || lang === 'ja' ? '、' : ', ');
};

const paramText = (i18n: I18nLike, name: string, value: unknown): unknown => {
  if (value === null || value === undefined) return '';
  if (MONEY_PARAMS.has(name) && typeof value === 'number') return formatMoney(value);
  const prefix = ENUM_PARAMS[name];
  if (prefix && typeof value === 'string') {
    const key = `${prefix}.${value}`;
    return i18n.exists(key) ? i18n.t(key) : value;
  }
  // A job's code (system.job.run): its name on System > Jobs.
  if (name === 'job' && typeof value === 'string') {
    const key = `system.job.name_${codeOf(value)}`;
    return i18n.exists(key) ? i18n.t(key) : value;
  }
  if (name === 'fields' && typeof value === 'string') {
    // client.update: column names (gradeId -> client.field.grade).
    return listFormat(
      i18n,
      value
        .split(',')
        .filter(Boolean)
        .map((f) => {
          for (const key of [`client.field.${f}`, `client.field.${f.replace(/Id$/, '')}`])
            if (i18n.exists(key)) return i18n.t(key);
          return f;
        }),
    );
  }
  return value;
};

/** A piece of a rendered summary: template text, or a value the row holds (a name, a title, a reason). */
export interface AuditSummaryPart {
  text: string;
  /** A stored value shown as it is (data, not wording: the console marks it as user content). */
  data: boolean;
}

/** Marks a data value inside the filled template (private-use characters no message or value holds). */
const DATA_MARK = /\uE000(\d+)\uE001/g;

/**
 * The summary in the viewer's language, in parts: `audit.summary.<action>` with the translated params.
 * A variant key is tried first: `<action>_<flag>` for a boolean param that is true, `<action>_short`
 * when a param is null (an optional value left out). Without params or template: the stored text.
 * String params shown as stored (not an enum label, job or field name) are data parts.
 */
export const auditSummaryParts = (
  i18n: I18nLike,
  action: string,
  params: Record<string, unknown> | null | undefined,
  stored: string,
): AuditSummaryPart[] => {
  if (!params) return stored ? [{ text: stored, data: false }] : [];
  const code = codeOf(action);
  const candidates: string[] = [];
  for (const [name, value] of Object.entries(params))
    if (value === true) candidates.push(`audit.summary.${code}_${name}`);
  if (Object.values(params).some((v) => v === null)) candidates.push(`audit.summary.${code}_short`);
  candidates.push(`audit.summary.${code}`);
  const key = candidates.find((k) => i18n.exists(k));
  if (!key) return stored ? [{ text: stored, data: false }] : [];
  const data: string[] = [];
  const values = Object.fromEntries(
    Object.entries(params).map(([n, v]) => {
      const asStored = typeof v === 'string' && v !== '' && !ENUM_PARAMS[n] && n !== 'job' && n !== 'fields';
      if (!asStored) return [n, paramText(i18n, n, v)];
      data.push(v);
      return [n, `\uE000${data.length - 1}\uE001`];
    }),
  );
  const filled = i18n.t(key, { ...values, interpolation: { escapeValue: false } });
  const parts: AuditSummaryPart[] = [];
  let last = 0;
  for (const m of filled.matchAll(DATA_MARK)) {
    if (m.index > last) parts.push({ text: filled.slice(last, m.index), data: false });
    parts.push({ text: data[Number(m[1])] ?? '', data: true });
    last = m.index + m[0].length;
  }
  if (last < filled.length) parts.push({ text: filled.slice(last), data: false });
  return parts;
};

/** The summary in the viewer's language as one text (see auditSummaryParts). */
export const auditSummaryText = (
  i18n: I18nLike,
  action: string,
  params: Record<string, unknown> | null | undefined,
  stored: string,
): string =>
  auditSummaryParts(i18n, action, params, stored)
    .map((p) => p.text)
    .join('');
