import type {
  ClassListQuery,
  ClassRow,
  ClassStudentListQuery,
  ClassStudentRow,
  CourseUserListQuery,
  CourseUserRow,
  Language,
  LiveListQuery,
  MemberListQuery,
  MemberRow,
} from '@educrm/contract';
import type { Principal } from '../../types';
import type { Exporter } from '../exports/service';
import type { MemberService } from '../members/members.service';
import type { ClassService } from './classes.service';
import { stamp } from './common';
import type { CourseUserService } from './course-users.service';
import type { LiveAttendanceExportRow, LiveService } from './live.service';
import type { StudentService } from './students.service';

const KEYS = [
  'name',
  'code',
  'product',
  'status',
  'capacity',
  'students',
  'start',
  'end',
  'teacher',
  'member',
  'mobile',
  'client',
  'owner',
  'klass',
  'joinType',
  'joinedAt',
  'deadline',
  'orderNo',
  'source',
  'granted',
  'expires',
  'registered',
  'paid',
  'orders',
] as const;
type Key = (typeof KEYS)[number];
const H: Record<Language, Record<Key, string>> = {
  zh: {
    name: '班级名称',
    code: '班级编码',
    product: '商品',
    status: '状态',
    capacity: '容量',
    students: '在读人数',
    start: '开课日期',
    end: '结课日期',
    teacher: '班主任',
    member: '昵称',
    mobile: '手机号',
    client: '客户',
    owner: '客户负责人',
    klass: '班级',
    joinType: '加入方式',
    joinedAt: '加入时间',
    deadline: '到期时间',
    orderNo: '订单号',
    source: '来源',
    granted: '开通时间',
    expires: '到期时间',
    registered: '注册时间',
    paid: '累计支付(元)',
    orders: '订单数',
  },
  en: {
    name: 'Class',
    code: 'Code',
    product: 'Product',
    status: 'Status',
    capacity: 'Capacity',
    students: 'Students',
    start: 'Starts',
    end: 'Ends',
    teacher: 'Head teacher',
    member: 'Nickname',
    mobile: 'Mobile',
    client: 'Client',
    owner: 'Client owner',
    klass: 'Class',
    joinType: 'Joined by',
    joinedAt: 'Joined at',
    deadline: 'Ends at',
    orderNo: 'Order no.',
    source: 'Source',
    granted: 'Granted at',
    expires: 'Expires at',
    registered: 'Registered at',
    paid: 'Total paid (CNY)',
    orders: 'Orders',
  },
  es: {
    name: 'Clase',
    code: 'Código',
    product: 'Producto',
    status: 'Estado',
    capacity: 'Capacidad',
    students: 'Alumnos',
    start: 'Inicio',
    end: 'Fin',
    teacher: 'Tutor',
    member: 'Apodo',
    mobile: 'Móvil',
    client: 'Cliente',
    owner: 'Responsable',
    klass: 'Clase',
    joinType: 'Alta por',
    joinedAt: 'Alta el',
    deadline: 'Vence el',
    orderNo: 'N.º de pedido',
    source: 'Origen',
    granted: 'Concedido el',
    expires: 'Vence el',
    registered: 'Registrado el',
    paid: 'Total pagado (CNY)',
    orders: 'Pedidos',
  },
  ja: {
    name: 'クラス名',
    code: 'クラスコード',
    product: '商品',
    status: '状態',
    capacity: '定員',
    students: '在籍数',
    start: '開講日',
    end: '終講日',
    teacher: '担任',
    member: 'ニックネーム',
    mobile: '携帯番号',
    client: '顧客',
    owner: '顧客担当',
    klass: 'クラス',
    joinType: '参加方法',
    joinedAt: '参加日時',
    deadline: '期限',
    orderNo: '注文番号',
    source: 'ソース',
    granted: '付与日時',
    expires: '期限',
    registered: '登録日時',
    paid: '累計支払(元)',
    orders: '注文数',
  },
};
type F<Q> = Omit<Partial<Q>, 'page' | 'pageSize' | 'sort'>;

export const classExporter = (
  classes: ClassService,
  f: F<ClassListQuery>,
  lang: Language,
): Exporter<ClassRow> => {
  const h = H[lang];
  return {
    kind: 'classes',
    params: { filters: f, lang },
    sheetName: h.klass,
    fileName: `classes-${stamp()}.xlsx`,
    columns: [
      { header: h.name, width: 28, value: (r) => r.name },
      { header: h.code, width: 18, value: (r) => r.code },
      { header: h.product, width: 28, value: (r) => r.spuName },
      { header: h.status, value: (r) => r.status },
      { header: h.capacity, width: 8, value: (r) => r.capacity },
      { header: h.students, width: 8, value: (r) => r.studentCount },
      { header: h.start, value: (r) => r.startDate },
      { header: h.end, value: (r) => r.endDate },
      { header: h.teacher, value: (r) => r.headTeacher?.name ?? '' },
    ],
    count: (cap) => classes.count(f, cap),
    batches: () => classes.batches(f),
  };
};

export const studentExporter = (
  students: StudentService,
  p: Principal,
  f: F<ClassStudentListQuery>,
  lang: Language,
): Exporter<ClassStudentRow> => {
  const h = H[lang];
  return {
    kind: 'class-students',
    params: { filters: f, lang },
    sheetName: h.klass,
    fileName: `class-students-${stamp()}.xlsx`,
    columns: [
      { header: h.klass, width: 28, value: (r) => r.className },
      { header: h.member, value: (r) => r.memberNickname },
      { header: h.mobile, width: 14, value: (r) => r.mobile },
      { header: h.client, value: (r) => r.clientName },
      { header: h.owner, value: (r) => r.clientOwnerName },
      { header: h.joinType, value: (r) => r.joinType },
      { header: h.status, value: (r) => r.status },
      { header: h.joinedAt, width: 22, value: (r) => r.joinedAt },
      { header: h.deadline, width: 22, value: (r) => r.deadline },
      { header: h.orderNo, width: 22, value: (r) => r.orderNo },
    ],
    count: (cap) => students.count(p, f, cap),
    batches: () => students.batches(p, f),
  };
};

export const courseUserExporter = (
  users: CourseUserService,
  p: Principal,
  f: F<CourseUserListQuery>,
  lang: Language,
): Exporter<CourseUserRow> => {
  const h = H[lang];
  return {
    kind: 'course-users',
    params: { filters: f, lang },
    sheetName: h.product,
    fileName: `course-users-${stamp()}.xlsx`,
    columns: [
      { header: h.member, value: (r) => r.memberNickname },
      { header: h.mobile, width: 14, value: (r) => r.mobile },
      { header: h.product, width: 28, value: (r) => r.spuName },
      { header: h.source, value: (r) => r.source },
      { header: h.status, value: (r) => r.status },
      { header: h.granted, width: 22, value: (r) => r.grantedAt },
      { header: h.expires, width: 22, value: (r) => r.expiresAt },
      { header: h.orderNo, width: 22, value: (r) => r.orderNo },
    ],
    count: (cap) => users.count(p, f, cap),
    batches: () => users.batches(p, f),
  };
};

export const memberExporter = (
  members: MemberService,
  f: F<MemberListQuery>,
  lang: Language,
): Exporter<MemberRow> => {
  const h = H[lang];
  return {
    kind: 'members',
    params: { filters: f, lang },
    sheetName: h.member,
    fileName: `members-${stamp()}.xlsx`,
    columns: [
      { header: h.member, value: (r) => r.nickname },
      { header: h.mobile, width: 14, value: (r) => r.mobile },
      { header: h.status, value: (r) => r.status },
      { header: h.source, value: (r) => r.source },
      { header: h.client, value: (r) => r.clientName },
      { header: h.orders, width: 8, value: (r) => r.orderCount },
      { header: h.paid, width: 12, value: (r) => r.totalPaid / 100 },
      { header: h.registered, width: 22, value: (r) => r.registeredAt },
    ],
    count: (cap) => members.count(f, cap),
    batches: () => members.batches(f),
  };
};

const LIVE_H: Record<
  Language,
  Record<'sheet' | 'session' | 'start' | 'firstJoin' | 'lastLeave' | 'watch' | 'replay', string>
> = {
  zh: {
    sheet: '直播出勤',
    session: '直播',
    start: '上课时间',
    firstJoin: '首次进入',
    lastLeave: '最后离开',
    watch: '观看(分钟)',
    replay: '回放(分钟)',
  },
  en: {
    sheet: 'Live attendance',
    session: 'Session',
    start: 'Scheduled',
    firstJoin: 'First joined',
    lastLeave: 'Last left',
    watch: 'Watched (min)',
    replay: 'Replay (min)',
  },
  es: {
    sheet: 'Asistencia en directo',
    session: 'Sesión',
    start: 'Programada',
    firstJoin: 'Primera entrada',
    lastLeave: 'Última salida',
    watch: 'Visto (min)',
    replay: 'Grabación (min)',
  },
  ja: {
    sheet: 'ライブ出席',
    session: 'ライブ',
    start: '予定日時',
    firstJoin: '初回入室',
    lastLeave: '最終退室',
    watch: '視聴(分)',
    replay: '録画視聴(分)',
  },
};

/** 导出出勤 (DOMAIN 6.3): attendance per member of the sessions the live list's filters match; phones masked. */
export const liveAttendanceExporter = (
  live: LiveService,
  f: F<LiveListQuery>,
  lang: Language,
): Exporter<LiveAttendanceExportRow> => {
  const h = H[lang];
  const l = LIVE_H[lang];
  return {
    kind: 'live-attendance',
    params: { filters: f, lang },
    sheetName: l.sheet,
    fileName: `live-attendance-${stamp()}.xlsx`,
    columns: [
      { header: l.session, width: 28, value: (r) => r.title },
      { header: l.start, width: 22, value: (r) => r.scheduledStart },
      { header: h.member, value: (r) => r.memberNickname },
      { header: h.mobile, width: 14, value: (r) => r.mobile },
      { header: l.firstJoin, width: 22, value: (r) => r.firstJoinAt },
      { header: l.lastLeave, width: 22, value: (r) => r.lastLeaveAt },
      { header: l.watch, width: 10, value: (r) => Math.round(r.watchSeconds / 60) },
      { header: l.replay, width: 10, value: (r) => Math.round(r.replaySeconds / 60) },
    ],
    count: (cap) => live.attendanceCount(f, cap),
    batches: () => live.attendanceBatches(f),
  };
};
