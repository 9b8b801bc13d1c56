import {
  type AdminUserListQuery,
  type AdminUserRow,
  type AuditListQuery,
  type AuditRow,
  auditActionLabel,
  auditSummaryText,
  auditTargetLabel,
  type Language,
} from '@educrm/contract';
import { consoleMessages } from '../../lib/console-messages';
import { fileDay } from '../../lib/xlsx';
import type { Principal } from '../../types';
import type { Exporter } from '../exports/service';
import type { AdminUserService } from './admin-users.service';
import type { AuditService } from './audit.service';

/** Column headers of the system exports, in the four languages. */
const HEADERS = {
  zh: {
    id: 'ID',
    username: '用户名',
    nickname: '昵称',
    department: '部门',
    roles: '角色',
    mobile: '手机号',
    email: '邮箱',
    status: '状态',
    lastLogin: '最近登录',
    createdAt: '创建时间',
    at: '时间',
    actor: '操作人',
    action: '操作',
    targetType: '对象类型',
    targetId: '对象 ID',
    summary: '摘要',
    ip: 'IP',
  },
  en: {
    id: 'ID',
    username: 'Username',
    nickname: 'Nickname',
    department: 'Department',
    roles: 'Roles',
    mobile: 'Mobile',
    email: 'Email',
    status: 'Status',
    lastLogin: 'Last login',
    createdAt: 'Created',
    at: 'Time',
    actor: 'Operator',
    action: 'Action',
    targetType: 'Target type',
    targetId: 'Target ID',
    summary: 'Summary',
    ip: 'IP',
  },
  es: {
    id: 'ID',
    username: 'Usuario',
    nickname: 'Apodo',
    department: 'Departamento',
    roles: 'Roles',
    mobile: 'Móvil',
    email: 'Correo',
    status: 'Estado',
    lastLogin: 'Último acceso',
    createdAt: 'Creado',
    at: 'Hora',
    actor: 'Operador',
    action: 'Acción',
    targetType: 'Tipo de objeto',
    targetId: 'ID de objeto',
    summary: 'Resumen',
    ip: 'IP',
  },
  ja: {
    id: 'ID',
    username: 'ユーザー名',
    nickname: 'ニックネーム',
    department: '部署',
    roles: 'ロール',
    mobile: '携帯番号',
    email: 'メール',
    status: '状態',
    lastLogin: '最終ログイン',
    createdAt: '作成日時',
    at: '日時',
    actor: '操作者',
    action: '操作',
    targetType: '対象種別',
    targetId: '対象 ID',
    summary: '概要',
    ip: 'IP',
  },
} satisfies Record<Language, Record<string, string>>;

const STATUS = {
  zh: { ENABLED: '启用', DISABLED: '停用' },
  en: { ENABLED: 'Enabled', DISABLED: 'Disabled' },
  es: { ENABLED: 'Activo', DISABLED: 'Desactivado' },
  ja: { ENABLED: '有効', DISABLED: '無効' },
} satisfies Record<Language, Record<string, string>>;

const stamp = () => fileDay();

export const adminUserExporter = (
  users: AdminUserService,
  p: Principal,
  filters: Omit<Partial<AdminUserListQuery>, 'page' | 'pageSize' | 'sort'>,
  lang: Language,
): Exporter<AdminUserRow> => {
  const h = HEADERS[lang];
  return {
    kind: 'admin-users',
    params: { filters, lang },
    sheetName: h.username,
    fileName: `admin-users-${stamp()}.xlsx`,
    columns: [
      { header: h.id, width: 8, value: (r) => r.id },
      { header: h.username, value: (r) => r.username },
      { header: h.nickname, value: (r) => r.nickname },
      { header: h.department, value: (r) => r.departmentName },
      { header: h.roles, width: 24, value: (r) => r.roles.map((x) => x.name).join(', ') },
      { header: h.mobile, value: (r) => r.mobile },
      { header: h.email, width: 24, value: (r) => r.email },
      { header: h.status, width: 10, value: (r) => STATUS[lang][r.status] },
      { header: h.lastLogin, width: 22, value: (r) => r.lastLoginAt },
      { header: h.createdAt, width: 22, value: (r) => r.createdAt },
    ],
    count: (cap) => users.count(p, filters, cap),
    batches: () => users.batches(p, filters),
  };
};

export const auditExporter = (
  audit: AuditService,
  filters: Omit<Partial<AuditListQuery>, 'page' | 'pageSize' | 'sort'>,
  lang: Language,
): Exporter<AuditRow> => {
  const h = HEADERS[lang];
  // The console's renderer and messages: the file reads as the audit page does in that language.
  const i18n = consoleMessages(lang);
  return {
    kind: 'audit-log',
    params: { filters, lang },
    sheetName: h.action,
    fileName: `audit-log-${stamp()}.xlsx`,
    columns: [
      { header: h.id, width: 10, value: (r) => r.id },
      { header: h.at, width: 22, value: (r) => r.at },
      { header: h.actor, value: (r) => r.actorName },
      { header: h.action, width: 24, value: (r) => auditActionLabel(i18n, r.action) },
      { header: h.targetType, value: (r) => (r.targetType ? auditTargetLabel(i18n, r.targetType) : null) },
      { header: h.targetId, value: (r) => r.targetId },
      { header: h.summary, width: 50, value: (r) => auditSummaryText(i18n, r.action, r.params, r.summary) },
      { header: h.ip, value: (r) => r.ip },
    ],
    count: (cap) => audit.count(filters, cap),
    batches: () => audit.batches(filters),
  };
};
