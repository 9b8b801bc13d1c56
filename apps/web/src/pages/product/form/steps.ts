import type { FormStep } from '../shared/serverMessages';

/** The form's steps in order (DOMAIN 5.3: 基础信息 → 规格与价格 → 详情 → 交付设置 → 渠道设置). */
export const STEPS: readonly FormStep[] = ['basics', 'specs', 'details', 'delivery', 'channels'];

const FIELD_STEPS: Record<string, FormStep> = {
  name: 'basics',
  categoryId: 'basics',
  productType: 'basics',
  gradeIds: 'basics',
  subject: 'basics',
  coverUrl: 'basics',
  sliderUrls: 'basics',
  intro: 'basics',
  sort: 'basics',
  virtualSales: 'basics',
  specType: 'specs',
  specs: 'specs',
  skus: 'specs',
  detailHtml: 'details',
  validityMode: 'delivery',
  validityDays: 'delivery',
  validityDate: 'delivery',
  refundDays: 'delivery',
  classId: 'delivery',
  platformCodes: 'channels',
};

/** The step that shows a field (by the first part of its path: "skus.3.price" -> specs). */
export const stepOfField = (path: readonly (string | number)[] | string): FormStep => {
  const first = String(Array.isArray(path) ? path[0] : String(path).split('.')[0]);
  return FIELD_STEPS[first] ?? 'basics';
};

/** The steps that hold fields with errors (antd's getFieldsError()). */
export const stepsWithErrors = (
  fields: readonly { name: readonly (string | number)[]; errors: readonly string[] }[],
): Set<FormStep> => new Set(fields.filter((f) => f.errors.length > 0).map((f) => stepOfField(f.name)));

/** The fields of `step` among the form's field names (antd's getFieldsError()): what "next" validates. */
export const fieldsOfStep = <N extends readonly (string | number)[]>(
  step: FormStep,
  fields: readonly { name: N }[],
): N[] => fields.map((f) => f.name).filter((name) => stepOfField(name) === step);
