/**
 * Server messages of teaching delivery (timetable, roll call, course hours; docs/teaching.md),
 * merged into messages.ts per language. Keys identical in all four languages.
 */
export const TEACHING_MESSAGES_ZH = {
  lessonTimeOrder: '下课时间须晚于上课时间',
  lessonClashTeacher: '老师 {name} 在该时段已有课节：{lesson}',
  lessonClashRoom: '教室 {name} 在该时段已被占用：{lesson}',
  lessonClashClass: '该班级在该时段已有课节：{lesson}',
  lessonCancelled: '课节已取消，不能修改或点名',
  lessonHasDebits: '课节已有 {count} 名学员扣课时，请先改为请假或缺勤再取消',
  seriesEmpty: '按该规则没有可排的课节',
  seriesTooMany: '一次最多排 {max} 节课',
  roomNameTaken: '该教室名称已存在',
  roomNotFound: '教室不存在或已停用',
  rollCallNotExpected: '该学员不在本课节的应到名单中',
  hoursInsufficient: '{name} 的课时不足（剩余 {balance}，本节需 {hours}）',
  hoursBelowZero: '课时余额不能小于 0（当前 {balance}）',
  classNoCourse: '该班级未关联商品，无法扣课时',
};
type TeachingMessages = typeof TEACHING_MESSAGES_ZH;

export const TEACHING_MESSAGES_EN: TeachingMessages = {
  lessonTimeOrder: 'The end time must be after the start time',
  lessonClashTeacher: 'Teacher {name} already has a lesson at that time: {lesson}',
  lessonClashRoom: 'Room {name} is already taken at that time: {lesson}',
  lessonClashClass: 'This class already has a lesson at that time: {lesson}',
  lessonCancelled: 'The lesson is cancelled; it cannot be changed or rolled call',
  lessonHasDebits:
    '{count} students were charged hours for this lesson; mark them on leave or absent before cancelling',
  seriesEmpty: 'The rule gives no lesson to schedule',
  seriesTooMany: 'At most {max} lessons at once',
  roomNameTaken: 'A room with this name already exists',
  roomNotFound: 'The room does not exist or is disabled',
  rollCallNotExpected: 'This student is not expected at this lesson',
  hoursInsufficient: '{name} has too few hours left ({balance}; this lesson needs {hours})',
  hoursBelowZero: 'The hour balance cannot go below 0 (now {balance})',
  classNoCourse: 'This class has no product, so no hours can be charged',
};

export const TEACHING_MESSAGES_ES: TeachingMessages = {
  lessonTimeOrder: 'La hora de fin debe ser posterior a la de inicio',
  lessonClashTeacher: 'El profesor {name} ya tiene una lección a esa hora: {lesson}',
  lessonClashRoom: 'El aula {name} ya está ocupada a esa hora: {lesson}',
  lessonClashClass: 'Esta clase ya tiene una lección a esa hora: {lesson}',
  lessonCancelled: 'La lección está cancelada; no se puede cambiar ni pasar lista',
  lessonHasDebits:
    'A {count} alumnos se les descontaron horas en esta lección; márquelos con permiso o ausentes antes de cancelar',
  seriesEmpty: 'La regla no da ninguna lección que programar',
  seriesTooMany: 'Como máximo {max} lecciones a la vez',
  roomNameTaken: 'Ya existe un aula con este nombre',
  roomNotFound: 'El aula no existe o está desactivada',
  rollCallNotExpected: 'Este alumno no está previsto en esta lección',
  hoursInsufficient: '{name} no tiene horas suficientes (quedan {balance}; esta lección necesita {hours})',
  hoursBelowZero: 'El saldo de horas no puede quedar por debajo de 0 (ahora {balance})',
  classNoCourse: 'Esta clase no tiene producto, así que no se pueden descontar horas',
};

export const TEACHING_MESSAGES_JA: TeachingMessages = {
  lessonTimeOrder: '終了時刻は開始時刻より後にしてください',
  lessonClashTeacher: '講師 {name} はその時間に既に授業があります：{lesson}',
  lessonClashRoom: '教室 {name} はその時間に既に使われています：{lesson}',
  lessonClashClass: 'このクラスはその時間に既に授業があります：{lesson}',
  lessonCancelled: '授業は取り消されています。変更も出欠確認もできません',
  lessonHasDebits: 'この授業で {count} 名のコマ数を消化済みです。取り消す前に休み・欠席に変更してください',
  seriesEmpty: 'このルールでは予定できる授業がありません',
  seriesTooMany: '一度に予定できるのは {max} 回までです',
  roomNameTaken: 'この教室名は既に存在します',
  roomNotFound: '教室が存在しないか、無効です',
  rollCallNotExpected: 'この受講生はこの授業の出席予定者ではありません',
  hoursInsufficient: '{name} の残りコマ数が不足しています（残り {balance}、この授業は {hours}）',
  hoursBelowZero: 'コマ数の残高は 0 未満にできません（現在 {balance}）',
  classNoCourse: 'このクラスは商品に紐付いていないため、コマ数を消化できません',
};
