import type { Rule } from 'antd/es/form';

/**
 * The contract's zod schemas as antd form rules: every field is checked by its own zod schema in
 * the field's validator, and zod's issue is turned into a message key the UI translates. The form
 * therefore applies exactly the server's rules (lengths, patterns, enums, ranges) without
 * declaring them a second time. The module is pure (no zod import): schemas are used through
 * `safeParse` and `shape`, which every zod object has.
 */

/** The part of a zod issue the messages need. */
export interface IssueLike {
  code?: string;
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  input?: unknown;
}

/** Anything with zod's `safeParse`. */
export interface FieldSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly IssueLike[] } };
}

/** A zod object: its fields by name. */
export interface ObjectSchema {
  shape: Record<string, FieldSchema>;
}

/**
 * A message to show: `key` is a server message key of the contract (`required`, `tooLong`,
 * `usernameRule`, ...; schemas name them as `msg:<key>`) or a web one (`numberMin`, `numberMax`,
 * `tooMany`) under `validation.*`.
 */
export interface ValidationMessage {
  key: string;
  params?: Record<string, string | number>;
}

export type TranslateValidation = (message: ValidationMessage) => string;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** What a failed check says: the schema's own `msg:` message first, then one by the issue's kind. */
export const issueMessage = (issue: IssueLike): ValidationMessage => {
  if (issue.message.startsWith('msg:')) return { key: issue.message.slice(4) };
  const { code, origin } = issue;
  if (code === 'invalid_type' && (issue.input === undefined || issue.input === null))
    return { key: 'required' };
  if (code === 'too_small' && origin === 'string') {
    const min = Number(issue.minimum);
    return min <= 1 ? { key: 'required' } : { key: 'tooShort', params: { min } };
  }
  if (code === 'too_big' && origin === 'string')
    return { key: 'tooLong', params: { max: Number(issue.maximum) } };
  if (code === 'too_small' && (origin === 'number' || origin === 'int'))
    return { key: 'numberMin', params: { min: Number(issue.minimum) } };
  if (code === 'too_big' && (origin === 'number' || origin === 'int'))
    return { key: 'numberMax', params: { max: Number(issue.maximum) } };
  if (code === 'too_small' && origin === 'array') return { key: 'required' };
  if (code === 'too_big' && origin === 'array')
    return { key: 'tooMany', params: { max: Number(issue.maximum) } };
  return { key: 'invalidValue' };
};

const accepts = (schema: FieldSchema, value: unknown) => schema.safeParse(value).success;

/**
 * A form value as the schema should see it: an empty input of an optional field is "absent", and
 * a cleared select of a nullable field is null (antd gives undefined), as is an empty choice ("")
 * the field itself does not take (e.g. "follow the browser" of a nullable language).
 */
const normalise = (schema: FieldSchema, value: unknown): unknown => {
  if (isBlank(value)) {
    if (accepts(schema, undefined)) return undefined;
    if (!accepts(schema, value) && accepts(schema, null)) return null;
  }
  return value;
};

/** The first problem of a value, or null when the field's schema accepts it. */
export const checkField = (schema: FieldSchema, value: unknown): ValidationMessage | null => {
  const input = normalise(schema, value);
  const result = schema.safeParse(input);
  if (result.success) return null;
  const issue = result.error?.issues[0];
  // Nothing given where something is needed reads "required", whatever check failed first, unless
  // the schema words its own "at least one" (`min(1, 'msg:voucherRequired')`: say a payment voucher
  // image is wanted, not a bare "required").
  if (isBlank(input) || (Array.isArray(input) && input.length === 0)) {
    const ownWords = (i: IssueLike | undefined): i is IssueLike =>
      i?.code === 'too_small' && Number(i.minimum) <= 1 && i.message.startsWith('msg:');
    // A list not given at all reads as the empty list would.
    const own = [issue, schema.safeParse([]).error?.issues[0]].find(ownWords);
    return own ? issueMessage(own) : { key: 'required' };
  }
  return issue ? issueMessage(issue) : { key: 'invalidValue' };
};

/** Required = the schema takes no "empty" value at all (absent, null, '' or []). */
export const isRequired = (schema: FieldSchema): boolean =>
  ![undefined, null, '', []].some((empty) => accepts(schema, empty));

export interface FieldRules {
  /** For the asterisk (Form.Item `required`); the validator does the checking. */
  required: boolean;
  rules: Rule[];
}

/** The rules of one field: a validator that runs the field's schema. */
export const fieldRules = (schema: FieldSchema, translate: TranslateValidation): FieldRules => ({
  required: isRequired(schema),
  rules: [
    {
      validator: async (_rule, value) => {
        const problem = checkField(schema, value);
        if (problem) throw new Error(translate(problem));
      },
    },
  ],
});

/** Rules for every field of an object schema, by field name. */
export const rulesFromSchema = (
  schema: ObjectSchema,
  translate: TranslateValidation,
): Record<string, FieldRules> =>
  Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => [name, fieldRules(field, translate)]),
  );

/**
 * Field errors of a 400 answer (`data.fields`, dot paths such as "skus.0.skuCode") as antd
 * `setFields` entries; numeric segments become list indexes.
 */
export const fieldErrorsToAntd = (fields: Record<string, string>) =>
  Object.entries(fields).map(([path, message]) => ({
    name: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    errors: [message],
  }));

/**
 * The values to send: what the validators saw, i.e. an empty optional field left out and a cleared
 * nullable one sent as null (antd gives '' and undefined). Fields outside the schema pass as they are.
 */
export const normaliseValues = (
  schema: ObjectSchema,
  values: Record<string, unknown>,
): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = schema.shape[name];
    const next = field ? normalise(field, value) : value;
    if (next !== undefined) out[name] = next;
  }
  return out;
};
