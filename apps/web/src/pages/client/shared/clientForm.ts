import type { ClientRow } from '@educrm/contract/clients';

/** The editable fields of a client as the form holds them. */
export const clientFormValues = (c: ClientRow) => ({
  name: c.name,
  mobile: c.mobile ?? '',
  wechatId: c.wechatId,
  studentName: c.studentName,
  gender: c.gender,
  gradeId: c.gradeId,
  subjects: c.subjects,
  sourcePlatformId: c.sourcePlatformId,
  channelId: c.channelId,
  level: c.level,
  stage: c.stage,
  tagIds: c.tags.map((t) => t.id),
  doNotCall: c.doNotCall,
  smsOptOut: c.smsOptOut,
  remark: c.remark,
});
export type ClientFormValues = ReturnType<typeof clientFormValues>;

const same = (a: unknown, b: unknown) => {
  const norm = (v: unknown) => (v === undefined ? null : Array.isArray(v) ? [...v].sort() : v);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
};

/** Fields of the client form that are cleared to null (selects); other text fields clear to ''. */
export const NULLABLE_CLIENT_FIELDS = ['gradeId', 'sourcePlatformId', 'channelId', 'level'];

/** What a field the form left out because it was emptied becomes: null, '' for text, [] for lists. */
const emptied = (key: string, before: unknown, nullable: readonly string[]) => {
  if (before === undefined || before === null) return undefined;
  if (nullable.includes(key)) return null;
  if (typeof before === 'string') return '';
  return Array.isArray(before) ? [] : null;
};

/**
 * The values that differ from what was loaded (an update sends only those: "only the fields sent
 * change", so an edit never overwrites what someone else changed in other fields meanwhile).
 * Arrays compare as sets; undefined and null are the same. A field the form left out because it
 * was emptied is sent empty (the server then applies its default, e.g. the name).
 */
export const changedValues = (
  initial: Record<string, unknown>,
  values: Record<string, unknown>,
  nullable: readonly string[] = NULLABLE_CLIENT_FIELDS,
): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(initial), ...Object.keys(values)])) {
    const value = key in values ? values[key] : emptied(key, initial[key], nullable);
    if (value !== undefined && !same(initial[key], value)) out[key] = value;
  }
  return out;
};
