import { type MessageKey, SERVER_MESSAGES } from '@educrm/contract/messages';
import { App, Form, type FormInstance } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import i18n, { currentLanguage } from '../../i18n';
import { useDirtyStore } from '../../stores/dirty';
import { fieldErrorsOf, isVersionConflict } from './errors';
import {
  type FieldRules,
  fieldErrorsToAntd,
  normaliseValues,
  type ObjectSchema,
  rulesFromSchema,
  type ValidationMessage,
} from './zodRules';

/** Thrown by an `onSubmit` that asked the user to confirm and was told no: the form stays as it is. */
export class SubmitCancelled extends Error {}

/** Validation messages: the web's own (`validation.*`) first, else the server's in the UI language. */
export const translateValidation = (m: ValidationMessage): string => {
  const webKey = `validation.${m.key}`;
  if (i18n.exists(webKey)) return i18n.t(webKey, m.params);
  const lang = currentLanguage();
  const messages = SERVER_MESSAGES[lang] ?? SERVER_MESSAGES.en;
  const key = (m.key in messages ? m.key : 'invalidValue') as MessageKey;
  return messages[key].replace(/\{(\w+)\}/g, (_, name: string) => String(m.params?.[name] ?? `{${name}}`));
};

export interface UseResourceFormOptions<Values extends object, Result> {
  /** Unique on its page: the unsaved-changes registry key. */
  id: string;
  /** The contract's zod object schema: field rules and the values' normalisation. */
  schema?: ObjectSchema;
  /** Optimistic concurrency: sent as `version` with the values. */
  version?: number;
  onSubmit: (values: Values) => Promise<Result>;
  onSuccess?: (result: Result, values: Values) => void;
  /** After a 409 (stale version): fetches the record again; the form then shows what it holds. */
  onReload?: () => Promise<{ values: Partial<Values>; version?: number }>;
  /** The success message; false for none. */
  successMessage?: string | false;
}

export interface ResourceFormState {
  submitting: boolean;
  dirty: boolean;
  /** A 409 stale version happened: the form offers a reload. */
  conflict: string | null;
  /** A refusal that names no field (shown above the fields). */
  error: string | null;
  /** Field errors for fields the form does not show. */
  otherFields: Record<string, string>;
  reloading: boolean;
}

export interface ResourceFormController<Values extends object> extends ResourceFormState {
  form: FormInstance<Values>;
  rules: Record<string, FieldRules>;
  submit: () => void;
  finish: (values: Values) => Promise<void>;
  valuesChanged: () => void;
  reload: () => Promise<void>;
  /** Forgets the unsaved-changes mark (after the user chose to discard). */
  discard: () => void;
}

/**
 * The behaviour shared by drawer and page forms: rules from the contract's zod schema, submit with
 * a loading state, server field errors beside their fields, a 409 with a reload action, the
 * optimistic `version`, and the unsaved-changes mark of the page (tab close, navigation, unload).
 */
export const useResourceForm = <Values extends object, Result = unknown>(
  options: UseResourceFormOptions<Values, Result>,
): ResourceFormController<Values> => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { pathname } = useLocation();
  const setDirtyMark = useDirtyStore((s) => s.set);
  const [state, setState] = useState<ResourceFormState>({
    submitting: false,
    dirty: false,
    conflict: null,
    error: null,
    otherFields: {},
    reloading: false,
  });
  const [version, setVersion] = useState(options.version);
  const latest = useRef(options);
  latest.current = options;

  const rules = useMemo(
    () => (options.schema ? rulesFromSchema(options.schema, translateValidation) : {}),
    [options.schema],
  );

  const setDirty = useCallback(
    (dirty: boolean) => {
      setState((s) => (s.dirty === dirty ? s : { ...s, dirty }));
      setDirtyMark(pathname, options.id, dirty);
    },
    [pathname, options.id, setDirtyMark],
  );

  // A form that goes away takes its mark with it.
  useEffect(() => () => setDirtyMark(pathname, options.id, false), [pathname, options.id, setDirtyMark]);

  const finish = async (values: Values) => {
    const { schema, onSubmit, onSuccess, successMessage } = latest.current;
    const body = {
      ...(schema ? normaliseValues(schema, values as Record<string, unknown>) : values),
      ...(version === undefined ? {} : { version }),
    } as Values;
    setState((s) => ({ ...s, submitting: true, error: null, otherFields: {} }));
    try {
      const result = await onSubmit(body);
      setState((s) => ({ ...s, submitting: false, conflict: null }));
      setDirty(false);
      if (successMessage !== false) void message.success(successMessage ?? t('form.saved'));
      onSuccess?.(result, body);
    } catch (error) {
      if (error instanceof SubmitCancelled) {
        setState((s) => ({ ...s, submitting: false }));
        return;
      }
      const fields = fieldErrorsOf(error);
      // Fields the form shows (registered items); errors of others are listed above the fields.
      const shown = new Set(Object.keys((form.getFieldsValue() as object | undefined) ?? {}));
      const known = Object.fromEntries(
        Object.entries(fields).filter(([path]) => shown.has(path.split('.')[0] ?? '')),
      );
      const other = Object.fromEntries(Object.entries(fields).filter(([path]) => !(path in known)));
      if (Object.keys(known).length) {
        form.setFields(fieldErrorsToAntd(known) as Parameters<typeof form.setFields>[0]);
        const first = Object.keys(known)[0];
        if (first) form.scrollToField(first.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)));
      }
      const msg = error instanceof Error && error.message ? error.message : t('http.error');
      const conflict = isVersionConflict(error);
      const onlyShownFields = Object.keys(known).length > 0 && Object.keys(other).length === 0;
      setState((s) => ({
        ...s,
        submitting: false,
        conflict: conflict ? msg : null,
        error: conflict || onlyShownFields ? null : msg,
        otherFields: other,
      }));
    }
  };

  const reload = async () => {
    const { onReload } = latest.current;
    if (!onReload) return;
    setState((s) => ({ ...s, reloading: true }));
    try {
      const fresh = await onReload();
      form.resetFields();
      form.setFieldsValue(fresh.values as Parameters<typeof form.setFieldsValue>[0]);
      setVersion(fresh.version);
      setDirty(false);
      setState((s) => ({ ...s, reloading: false, conflict: null, error: null, otherFields: {} }));
    } catch (error) {
      setState((s) => ({
        ...s,
        reloading: false,
        error: error instanceof Error ? error.message : t('http.error'),
      }));
    }
  };

  return {
    ...state,
    form,
    rules,
    submit: () => form.submit(),
    finish,
    valuesChanged: () => setDirty(true),
    reload,
    discard: () => setDirty(false),
  };
};
