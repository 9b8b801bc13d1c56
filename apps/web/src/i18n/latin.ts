/**
 * English left in a zh or ja console (issue 16): the rule shared by the message files' unit test
 * (keys.test.ts) and the console tour's check of every page (e2e/tour/checks.ts).
 *
 * A zh or ja text may hold Latin letters only as
 * - codes: a chunk between spaces or CJK punctuation with a digit or one of `@ / . : # $ { }` in it
 *   (an order number, an email, a URL, a path, a time zone, a colour, a `${var}`, an i18n key, which
 *   the tour's keys check has), or a single letter (client level A, "Q&A");
 * - the words of LATIN_ALLOWED: acronyms and formats, units, key names, product and brand names and
 *   the field names of providers' consoles (which the user must find there as written), and the
 *   Latin words of the demo data's product names.
 * A raw enum (BANK_TRANSFER, client_import_job) is English: its words count, unless the page shows
 * it on purpose as a code (`<code>`, which the tour leaves out).
 */
export const LATIN_ALLOWED: ReadonlySet<string> = new Set(
  [
    // acronyms, formats and protocols
    'ID IDs SKU SPU CSV csv xlsx Excel PDF JSON HTML PNG JPEG WebP URL API IP HTTP HTTPS http https mailto tel SMS MFA TOTP OTP QR PC App APP VIP AI UTC GMT CDN SQL CPU RSS PID OK ARPPU ARPU GMV ROI KPI UV PV',
    // units
    'ms px KB MB GB TB kB KiB MiB GiB min',
    // keys of the keyboard
    'Enter Caps Lock Esc Tab Shift Ctrl',
    // products and brands
    'EduCRM Node js PostgreSQL PGlite Prometheus Bearer Microsoft Google Authenticator WeChat Pay Alipay Aliyun Tencent Cloud LCIC',
    // field names of the providers' consoles (Aliyun, Tencent Cloud, WeCom)
    'AccessKey Secret SecretId SecretKey SmsSdkAppId PoolKey AgentId Token EncodingAESKey UserID CorpID',
    // the demo data's product names
    'Python Scratch KET CSP',
  ]
    .join(' ')
    .split(' '),
);

/** A chunk that is a code (see above). */
const CODE_CHUNK = /[\d@/.:#${}]/;

/** The Latin words of a zh or ja text that are neither codes nor allowed, in order. */
export const strayLatinWords = (text: string): string[] =>
  text
    .split(/[\s\u3000，。、；：（）《》「」『』【】“”‘’！？・·|]+/)
    .map((chunk) => chunk.replace(/^[("'[]+|[)"'\],.;:!?…]+$/g, ''))
    .filter((chunk) => chunk && !CODE_CHUNK.test(chunk))
    .flatMap((chunk) => chunk.match(/[A-Za-z]+/g) ?? [])
    .filter((word) => word.length > 1 && !LATIN_ALLOWED.has(word));
