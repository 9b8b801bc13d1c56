import type { ImportOutcome, Language } from '@educrm/contract';

/** Spreadsheet labels of the client area (exports, the import template and result files), per language. */
type L = Record<Language, string>;
const l = (zh: string, en: string, es: string, ja: string): L => ({ zh, en, es, ja });

/** Import columns: the template writes the label of the caller's language; any language is read back. */
export const IMPORT_COLUMNS = {
  name: l('姓名', 'Name', 'Nombre', '氏名'),
  mobile: l('手机号', 'Mobile', 'Móvil', '携帯番号'),
  wechatId: l('微信号', 'WeChat ID', 'WeChat', 'WeChat ID'),
  studentName: l('学员姓名', 'Student name', 'Nombre del alumno', '生徒氏名'),
  gender: l('性别', 'Gender', 'Sexo', '性別'),
  grade: l('年级', 'Grade', 'Curso', '学年'),
  subjects: l('科目', 'Subjects', 'Asignaturas', '科目'),
  regionCode: l('地区编码', 'Region code', 'Código de región', '地域コード'),
  sourcePlatform: l('来源平台', 'Source platform', 'Plataforma de origen', '流入プラットフォーム'),
  channel: l('渠道', 'Channel', 'Canal', 'チャネル'),
  level: l('等级', 'Level', 'Nivel', 'ランク'),
  stage: l('阶段', 'Stage', 'Etapa', 'ステージ'),
  tags: l('标签', 'Tags', 'Etiquetas', 'タグ'),
  remark: l('备注', 'Remark', 'Observaciones', '備考'),
  /** Optional: when the lead was really acquired (a migration of old data); late data for the data centre. */
  createdAt: l('创建时间', 'Created at', 'Fecha de alta', '登録日時'),
} as const;
export type ImportField = keyof typeof IMPORT_COLUMNS;

export const RESULT_COLUMNS = {
  row: l('行号', 'Row', 'Fila', '行'),
  outcome: l('结果', 'Result', 'Resultado', '結果'),
  reason: l('说明', 'Details', 'Detalle', '説明'),
  clientId: l('客户ID', 'Client ID', 'ID de cliente', '顧客 ID'),
};

export const OUTCOME_LABELS: Record<ImportOutcome, L> = {
  CREATED: l('成功', 'Created', 'Creado', '成功'),
  DUPLICATE_MINE: l('重复-本人', 'Duplicate (yours)', 'Duplicado (suyo)', '重複（自分）'),
  DUPLICATE_OTHER: l(
    '重复-他人',
    'Duplicate (other owner)',
    'Duplicado (otro responsable)',
    '重複（他の担当者）',
  ),
  DUPLICATE_POOL: l('重复-公海', 'Duplicate (in pool)', 'Duplicado (en el fondo común)', '重複（公海）'),
  DUPLICATE_DELETED: l('重复-已删除', 'Duplicate (deleted)', 'Duplicado (eliminado)', '重複（削除済み）'),
  INVALID: l('格式错误', 'Invalid', 'No válido', '形式エラー'),
};

export const STAGE_LABELS: Record<string, L> = {
  NEW: l('新客户', 'New', 'Nuevo', '新規'),
  CONTACTED: l('已沟通', 'Contacted', 'Contactado', '連絡済み'),
  INTENT: l('有意向', 'Interested', 'Interesado', '意向あり'),
  TRIAL: l('已试听', 'Trial', 'Prueba', '体験済み'),
  DEAL: l('已成交', 'Deal', 'Cerrado', '成約'),
  INVALID: l('无效', 'Invalid', 'No válido', '無効'),
};
export const GENDER_LABELS: Record<string, L> = {
  MALE: l('男', 'Male', 'Hombre', '男性'),
  FEMALE: l('女', 'Female', 'Mujer', '女性'),
  UNKNOWN: l('未知', 'Unknown', 'Desconocido', '不明'),
};
export const SUBJECT_LABELS: Record<string, L> = {
  CHINESE: l('语文', 'Chinese', 'Chino', '国語'),
  MATH: l('数学', 'Maths', 'Matemáticas', '数学'),
  ENGLISH: l('英语', 'English', 'Inglés', '英語'),
  PHYSICS: l('物理', 'Physics', 'Física', '物理'),
  CHEMISTRY: l('化学', 'Chemistry', 'Química', '化学'),
  BIOLOGY: l('生物', 'Biology', 'Biología', '生物'),
  HISTORY: l('历史', 'History', 'Historia', '歴史'),
  GEOGRAPHY: l('地理', 'Geography', 'Geografía', '地理'),
  POLITICS: l('政治', 'Politics', 'Política', '政治'),
  SCIENCE: l('科学', 'Science', 'Ciencias', '理科'),
  PROGRAMMING: l('编程', 'Programming', 'Programación', 'プログラミング'),
  ART: l('美术', 'Art', 'Arte', '美術'),
  MUSIC: l('音乐', 'Music', 'Música', '音楽'),
  SPORTS: l('体育', 'Sports', 'Deportes', '体育'),
  OTHER: l('其他', 'Other', 'Otro', 'その他'),
};
export const FOLLOW_UP_TYPE_LABELS: Record<string, L> = {
  CALL: l('打电话', 'Phone call', 'Llamada', '電話'),
  SMS: l('发短信', 'SMS', 'SMS', 'SMS'),
  WECHAT: l('微信沟通', 'WeChat', 'WeChat', 'WeChat'),
  VISIT: l('面谈', 'Meeting', 'Reunión', '面談'),
  OTHER: l('其他', 'Other', 'Otro', 'その他'),
};
export const FOLLOW_UP_SOURCE_LABELS: Record<string, L> = {
  MANUAL: l('手动', 'Manual', 'Manual', '手動'),
  CALL: l('通话', 'Call', 'Llamada', '通話'),
  SMS: l('短信', 'SMS', 'SMS', 'SMS'),
  WECOM: l('企业微信', 'WeCom', 'WeCom', 'WeCom'),
};
export const POOL_REASON_LABELS: Record<string, L> = {
  AUTO_NO_FOLLOW: l('超期未跟进', 'No follow-up in time', 'Sin seguimiento a tiempo', '期限内フォローなし'),
  AUTO_NO_DEAL: l('超期未成交', 'No deal in time', 'Sin cierre a tiempo', '期限内成約なし'),
  MANUAL_RELEASE: l('手动放入', 'Released', 'Liberado', '手動で戻した'),
  IMPORT_UNASSIGNED: l('未分配', 'Unassigned', 'Sin asignar', '未割り当て'),
  OWNER_LEFT: l('负责人离职', 'Owner left', 'El responsable se fue', '担当者退職'),
};

export const EXPORT_HEADERS = {
  id: l('ID', 'ID', 'ID', 'ID'),
  name: IMPORT_COLUMNS.name,
  mobile: IMPORT_COLUMNS.mobile,
  wechatId: IMPORT_COLUMNS.wechatId,
  studentName: IMPORT_COLUMNS.studentName,
  gender: IMPORT_COLUMNS.gender,
  grade: IMPORT_COLUMNS.grade,
  subjects: IMPORT_COLUMNS.subjects,
  sourcePlatform: IMPORT_COLUMNS.sourcePlatform,
  channel: IMPORT_COLUMNS.channel,
  level: IMPORT_COLUMNS.level,
  stage: IMPORT_COLUMNS.stage,
  tags: IMPORT_COLUMNS.tags,
  owner: l('负责人', 'Owner', 'Responsable', '担当者'),
  dept: l('部门', 'Department', 'Departamento', '部署'),
  lastFollowTime: l('最近跟进', 'Last follow-up', 'Último seguimiento', '最終フォロー'),
  lastFollowContent: l(
    '最近跟进内容',
    'Last follow-up note',
    'Nota del último seguimiento',
    '最終フォロー内容',
  ),
  nextFollowTime: l('下次跟进', 'Next follow-up', 'Próximo seguimiento', '次回フォロー'),
  locked: l('锁定', 'Locked', 'Bloqueado', 'ロック'),
  dealStatus: l('成交', 'Deal', 'Cerrado', '成約'),
  totalPaid: l('累计支付(元)', 'Total paid (CNY)', 'Total pagado (CNY)', '累計支払(元)'),
  poolReason: l('公海原因', 'Pool reason', 'Motivo del fondo común', '公海理由'),
  remark: IMPORT_COLUMNS.remark,
  createdAt: l('创建时间', 'Created', 'Creado', '作成日時'),
  time: l('时间', 'Time', 'Hora', '日時'),
  client: l('客户', 'Client', 'Cliente', '顧客'),
  type: l('方式', 'Type', 'Tipo', '方法'),
  source: l('来源', 'Source', 'Origen', 'ソース'),
  content: l('内容', 'Content', 'Contenido', '内容'),
  creator: l('跟进人', 'Author', 'Autor', '記録者'),
  yes: l('是', 'Yes', 'Sí', 'はい'),
  no: l('否', 'No', 'No', 'いいえ'),
  clients: l('客户', 'Clients', 'Clientes', '顧客'),
  followUps: l('跟进记录', 'Follow-ups', 'Seguimientos', 'フォロー記録'),
  importResult: l('导入结果', 'Import result', 'Resultado de importación', '取り込み結果'),
  template: l(
    '客户导入模板',
    'Client import template',
    'Plantilla de importación',
    '顧客取り込みテンプレート',
  ),
};

/** Every spelling of a label (any language, any case): the reverse map of a label table. */
export const reverseLabels = (table: Record<string, L>): Map<string, string> => {
  const m = new Map<string, string>();
  for (const [code, labels] of Object.entries(table)) {
    m.set(code.toLowerCase(), code);
    for (const v of Object.values(labels)) m.set(v.toLowerCase(), code);
  }
  return m;
};
