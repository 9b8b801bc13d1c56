import { z } from 'zod';
import { listQueryOf, versionField } from './list';

/**
 * Order dictionaries (DOMAIN 4.3): source platforms, order channels (two-level tree) and grades
 * (with the admin's yearly "advance grades" action, Decision 10). A referenced entry cannot be
 * deleted, only disabled.
 */
export const DICT_STATUSES = ['ENABLED', 'DISABLED'] as const;
export const dictStatus = z.enum(DICT_STATUSES);
export type DictStatus = (typeof DICT_STATUSES)[number];

/** Dictionary codes: letters, digits, underscore and hyphen, 1-32 characters (unique per dictionary). */
export const DICT_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const codeField = z.string().trim().regex(DICT_CODE_PATTERN, 'msg:dictCodeRule');
const nameField = z.string().trim().min(1, 'msg:required').max(64);
const sortField = z.number().int().min(0).max(9999);
const remarkField = z.string().trim().max(200);

// ---- source platforms ---------------------------------------------------------------------------
/** OWN 自有 (mini program / H5), MARKETPLACE 第三方平台 (抖音, 有赞 …), OFFLINE 线下. */
export const PLATFORM_TYPES = ['OWN', 'MARKETPLACE', 'OFFLINE'] as const;
export type PlatformType = (typeof PLATFORM_TYPES)[number];

export const platformRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.enum(PLATFORM_TYPES),
  syncEnabled: z.boolean(),
  status: dictStatus,
  sort: z.number().int(),
  remark: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
});
export type PlatformRow = z.infer<typeof platformRow>;

export const PLATFORM_SORTS = ['sort', 'code', 'name', 'createdAt'] as const;
export const platformListQuery = listQueryOf(PLATFORM_SORTS, {
  /** Code or name contains. */
  keyword: z.string().trim().max(64).optional(),
  type: z.enum(PLATFORM_TYPES).optional(),
  status: dictStatus.optional(),
});
export type PlatformListQuery = z.infer<typeof platformListQuery>;

const platformFields = {
  code: codeField,
  name: nameField,
  type: z.enum(PLATFORM_TYPES),
  syncEnabled: z.boolean(),
  status: dictStatus,
  sort: sortField,
  remark: remarkField,
};
export const platformCreate = z
  .object({
    ...platformFields,
    syncEnabled: platformFields.syncEnabled.default(false),
    status: platformFields.status.default('ENABLED'),
    sort: platformFields.sort.default(0),
    remark: platformFields.remark.default(''),
  })
  .strict();
export type PlatformCreate = z.infer<typeof platformCreate>;
export const platformUpdate = z.object({ ...platformFields, version: versionField }).strict();
export type PlatformUpdate = z.infer<typeof platformUpdate>;

// ---- order channels (two levels) ------------------------------------------------------------------
export const channelRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** null: a top-level channel; otherwise the id of its (top-level) parent. */
  parentId: z.number().int().nullable(),
  status: dictStatus,
  sort: z.number().int(),
  remark: z.string(),
  version: z.number().int(),
});
export type ChannelRow = z.infer<typeof channelRow>;
export const channelNode = channelRow.extend({ children: z.array(channelRow) });
export type ChannelNode = z.infer<typeof channelNode>;

const channelFields = {
  code: codeField,
  name: nameField,
  parentId: z.number().int().positive().nullable(),
  status: dictStatus,
  sort: sortField,
  remark: remarkField,
};
export const channelCreate = z
  .object({
    ...channelFields,
    parentId: channelFields.parentId.default(null),
    status: channelFields.status.default('ENABLED'),
    sort: channelFields.sort.default(0),
    remark: channelFields.remark.default(''),
  })
  .strict();
export type ChannelCreate = z.infer<typeof channelCreate>;
export const channelUpdate = z.object({ ...channelFields, version: versionField }).strict();
export type ChannelUpdate = z.infer<typeof channelUpdate>;

// ---- grades -------------------------------------------------------------------------------------
/** 学前 / 小学 / 初中 / 高中 / 其他 (labels: i18n keys enum.grade.stage.<CODE>). */
export const GRADE_STAGES = ['PRESCHOOL', 'PRIMARY', 'JUNIOR', 'SENIOR', 'OTHER'] as const;
export type GradeStage = (typeof GRADE_STAGES)[number];

export const gradeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  stage: z.enum(GRADE_STAGES),
  /** The grade a client moves to when grades are advanced; null = stays (e.g. 已毕业). */
  nextGradeId: z.number().int().nullable(),
  nextGradeName: z.string().nullable(),
  status: dictStatus,
  sort: z.number().int(),
  version: z.number().int(),
});
export type GradeRow = z.infer<typeof gradeRow>;

const gradeFields = {
  code: codeField,
  name: nameField,
  stage: z.enum(GRADE_STAGES),
  nextGradeId: z.number().int().positive().nullable(),
  status: dictStatus,
  sort: sortField,
};
export const gradeCreate = z
  .object({
    ...gradeFields,
    nextGradeId: gradeFields.nextGradeId.default(null),
    status: gradeFields.status.default('ENABLED'),
    sort: gradeFields.sort.default(0),
  })
  .strict();
export type GradeCreate = z.infer<typeof gradeCreate>;
export const gradeUpdate = z.object({ ...gradeFields, version: versionField }).strict();
export type GradeUpdate = z.infer<typeof gradeUpdate>;

/**
 * The academic year a date falls in: a year starts on 1 September (Asia/Shanghai), so 2026-08-31
 * belongs to 2025 and 2026-09-01 to 2026.
 */
export const academicYearOf = (d: Date): number => {
  const shanghai = new Date(d.getTime() + 8 * 60 * 60 * 1000);
  const year = shanghai.getUTCFullYear();
  return shanghai.getUTCMonth() >= 8 ? year : year - 1;
};

export const gradeAdvanceQuery = z
  .object({ academicYear: z.coerce.number().int().min(2000).max(2100).optional() })
  .strict();
export const gradeAdvanceBody = z
  .object({ academicYear: z.number().int().min(2000).max(2100).optional() })
  .strict();
/** Per current grade: how many clients move, and to which grade. */
export const gradeAdvanceResult = z.object({
  academicYear: z.number().int(),
  items: z.array(
    z.object({
      gradeId: z.number().int(),
      gradeName: z.string(),
      toGradeId: z.number().int(),
      toGradeName: z.string(),
      clients: z.number().int(),
    }),
  ),
  totalClients: z.number().int(),
});
export type GradeAdvanceResult = z.infer<typeof gradeAdvanceResult>;

// ---- options for forms and filters --------------------------------------------------------------
const option = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const dictOptions = z.object({
  platforms: z.array(option.extend({ type: z.enum(PLATFORM_TYPES) })),
  channels: z.array(option.extend({ children: z.array(option) })),
  grades: z.array(option.extend({ stage: z.enum(GRADE_STAGES) })),
});
export type DictOptions = z.infer<typeof dictOptions>;
