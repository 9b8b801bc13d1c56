import type { Language } from './constants';

/**
 * Messages the server puts in `msg`, in the request's language. Keys are stable; the web shows the
 * server's sentence as is, so every key exists in all four languages (a unit test compares them).
 */
const zh = {
  ok: 'ok',
  badRequest: '请求参数有误',
  invalidJson: '请求体不是有效的 JSON',
  unsupportedMediaType: '只接受 JSON 格式的请求体',
  payloadTooLarge: '请求体过大（上限 1 MiB）',
  validationFailed: '提交的内容有误，请检查标出的字段',
  unauthorized: '登录已失效，请重新登录',
  forbidden: '没有权限执行此操作',
  notFound: '请求的资源不存在',
  apiNotFound: '接口不存在',
  conflict: '数据已被他人修改，请刷新后重试',
  tooManyRequests: '请求过于频繁，请稍后再试',
  internal: '服务器内部错误，请稍后再试',
  unavailable: '服务正在重启，请稍后再试',
  loginFailed: '用户名或密码错误',
  loginDisabled: '账号已停用，请联系管理员',
  loginLocked: '登录失败次数过多，请 {minutes} 分钟后再试',
  refreshTooEarly: '尚未到刷新时间，无需刷新令牌',
  refreshExpired: '令牌已过期，请重新登录',
  sessionMaxAge: '登录已超过最长时限，请重新登录',
  required: '必填',
  tooShort: '至少 {min} 个字符',
  tooLong: '最多 {max} 个字符',
  invalidValue: '取值无效',
  unknownField: '不支持的字段：{field}',
  usernameRule: '用户名须为 4-16 位字母、数字、下划线或连字符',
};
type Messages = typeof zh;
export type MessageKey = keyof Messages;

const en: Messages = {
  ok: 'ok',
  badRequest: 'The request is not valid',
  invalidJson: 'The request body is not valid JSON',
  unsupportedMediaType: 'Only JSON request bodies are accepted',
  payloadTooLarge: 'The request body is too large (limit 1 MiB)',
  validationFailed: 'Some fields are not valid, please check the marked fields',
  unauthorized: 'Your session has ended, please log in again',
  forbidden: 'You do not have permission to do this',
  notFound: 'The requested item does not exist',
  apiNotFound: 'No such API',
  conflict: 'Someone else changed this record; refresh and try again',
  tooManyRequests: 'Too many requests, please try again later',
  internal: 'Internal server error, please try again later',
  unavailable: 'The server is restarting, please try again shortly',
  loginFailed: 'Wrong username or password',
  loginDisabled: 'This account is disabled; contact an administrator',
  loginLocked: 'Too many failed logins; try again in {minutes} minutes',
  refreshTooEarly: 'The token is not due for refresh yet',
  refreshExpired: 'The token has expired, please log in again',
  sessionMaxAge: 'The session reached its maximum age, please log in again',
  required: 'Required',
  tooShort: 'At least {min} characters',
  tooLong: 'At most {max} characters',
  invalidValue: 'Invalid value',
  unknownField: 'Unsupported field: {field}',
  usernameRule: 'Username must be 4-16 letters, digits, underscores or hyphens',
};

const es: Messages = {
  ok: 'ok',
  badRequest: 'La solicitud no es válida',
  invalidJson: 'El cuerpo de la solicitud no es JSON válido',
  unsupportedMediaType: 'Solo se aceptan cuerpos de solicitud JSON',
  payloadTooLarge: 'El cuerpo de la solicitud es demasiado grande (límite 1 MiB)',
  validationFailed: 'Algunos campos no son válidos; revise los campos marcados',
  unauthorized: 'Su sesión ha terminado; inicie sesión de nuevo',
  forbidden: 'No tiene permiso para hacer esto',
  notFound: 'El elemento solicitado no existe',
  apiNotFound: 'Esa API no existe',
  conflict: 'Otra persona modificó este registro; actualice e inténtelo de nuevo',
  tooManyRequests: 'Demasiadas solicitudes; inténtelo más tarde',
  internal: 'Error interno del servidor; inténtelo más tarde',
  unavailable: 'El servidor se está reiniciando; inténtelo en breve',
  loginFailed: 'Usuario o contraseña incorrectos',
  loginDisabled: 'Esta cuenta está desactivada; contacte con un administrador',
  loginLocked: 'Demasiados intentos fallidos; inténtelo de nuevo en {minutes} minutos',
  refreshTooEarly: 'Aún no es momento de renovar el token',
  refreshExpired: 'El token ha caducado; inicie sesión de nuevo',
  sessionMaxAge: 'La sesión alcanzó su duración máxima; inicie sesión de nuevo',
  required: 'Obligatorio',
  tooShort: 'Al menos {min} caracteres',
  tooLong: 'Como máximo {max} caracteres',
  invalidValue: 'Valor no válido',
  unknownField: 'Campo no admitido: {field}',
  usernameRule: 'El usuario debe tener 4-16 letras, dígitos, guiones bajos o guiones',
};

const ja: Messages = {
  ok: 'ok',
  badRequest: 'リクエストが正しくありません',
  invalidJson: 'リクエスト本文が正しい JSON ではありません',
  unsupportedMediaType: 'JSON 形式のリクエスト本文のみ受け付けます',
  payloadTooLarge: 'リクエスト本文が大きすぎます（上限 1 MiB）',
  validationFailed: '入力内容に誤りがあります。表示された項目を確認してください',
  unauthorized: 'セッションが終了しました。再度ログインしてください',
  forbidden: 'この操作を行う権限がありません',
  notFound: '指定されたデータは存在しません',
  apiNotFound: 'その API は存在しません',
  conflict: '他の人がこのデータを変更しました。更新してからやり直してください',
  tooManyRequests: 'リクエストが多すぎます。しばらくしてから再試行してください',
  internal: 'サーバー内部エラーです。しばらくしてから再試行してください',
  unavailable: 'サーバーを再起動しています。しばらくお待ちください',
  loginFailed: 'ユーザー名またはパスワードが違います',
  loginDisabled: 'このアカウントは無効です。管理者に連絡してください',
  loginLocked: 'ログイン失敗が多すぎます。{minutes} 分後に再試行してください',
  refreshTooEarly: 'トークンの更新時期ではありません',
  refreshExpired: 'トークンの有効期限が切れました。再度ログインしてください',
  sessionMaxAge: 'セッションの最長時間に達しました。再度ログインしてください',
  required: '必須項目です',
  tooShort: '{min} 文字以上で入力してください',
  tooLong: '{max} 文字以内で入力してください',
  invalidValue: '値が正しくありません',
  unknownField: '未対応の項目：{field}',
  usernameRule: 'ユーザー名は 4〜16 文字の英数字、アンダースコア、ハイフンです',
};

export const SERVER_MESSAGES: Record<Language, Messages> = { zh, en, es, ja };

export const formatMessage = (
  lang: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string =>
  SERVER_MESSAGES[lang][key].replace(/\{(\w+)\}/g, (_, name: string) =>
    name in params ? String(params[name]) : `{${name}}`,
  );

/** Picks the first supported language of an Accept-Language header; zh when nothing matches. */
export const pickLanguage = (header: string | undefined, fallback: Language = 'zh'): Language => {
  if (!header) return fallback;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const base = tag.split('-')[0];
    if (base === 'zh' || base === 'en' || base === 'es' || base === 'ja') return base;
  }
  return fallback;
};
