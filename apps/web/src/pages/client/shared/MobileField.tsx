import { CheckCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import type { DuplicateResult } from '@educrm/contract/clients';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkClientMobile, claimClient, restoreClient } from '../../../api/clients';
import { FormField } from '../../../components/ResourceForm/ResourceForm';
import { translateValidation } from '../../../components/ResourceForm/useResourceForm';
import { useCan } from '../../../session/useCan';
import { type DuplicateAction, duplicateView, mobileToCheck } from './duplicate';
import { useRefreshClients } from './queries';
import './client.css';

/**
 * The mobile of the client form with the duplicate look-up (查重, DOMAIN 3.2): on blur the number
 * is checked, and a taken one is marked beside the field with what the user may do — open their
 * own client, claim it from the pool, or restore a deleted one (admin); someone else's client shows
 * the owner's name only. The server refuses duplicates on save too; `dup` then comes from its 409.
 */
export const MobileField = ({
  dup,
  onDup,
  editingId,
  originalMobile,
  onOpenClient,
}: {
  dup: DuplicateResult | null;
  onDup: (result: DuplicateResult | null) => void;
  /** The client being edited (its own mobile is no duplicate). */
  editingId: number | null;
  originalMobile: string | null;
  onOpenClient: (id: number) => void;
}) => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const form = Form.useFormInstance();
  const can = useCan();
  const refresh = useRefreshClients();
  const [checking, setChecking] = useState(false);
  const [acting, setActing] = useState<DuplicateAction | null>(null);

  const view = dup
    ? duplicateView(dup, {
        editingId,
        canClaim: can('client.claim'),
        canRestore: can('client.restore'),
      })
    : null;

  const check = async () => {
    const typed: unknown = form.getFieldValue('mobile');
    const mobile = mobileToCheck(typed);
    if (!mobile || mobile === originalMobile) {
      onDup(null);
      return;
    }
    setChecking(true);
    try {
      const result = await checkClientMobile(mobile);
      if (form.getFieldValue('mobile') !== typed) return; // typed on meanwhile
      onDup(result);
      const next = duplicateView(result, {
        editingId,
        canClaim: can('client.claim'),
        canRestore: can('client.restore'),
      });
      if (next && next.tone !== 'success')
        form.setFields([{ name: 'mobile', errors: [t(next.key, next.params)] }]);
    } catch {
      // The look-up is a convenience: saving checks again.
      onDup(null);
    } finally {
      setChecking(false);
    }
  };

  const act = async (action: DuplicateAction) => {
    const id = view?.clientId;
    if (!id) return;
    if (action === 'open') {
      onOpenClient(id);
      return;
    }
    setActing(action);
    try {
      if (action === 'claim') {
        await claimClient(id);
        void message.success(t('client.claimed'));
      } else {
        await restoreClient(id);
        void message.success(t('client.restored'));
      }
      await refresh();
      onOpenClient(id);
    } catch (error) {
      modal.error({
        title: t('common.refused'),
        content: error instanceof Error ? error.message : t('http.error'),
      });
    } finally {
      setActing(null);
    }
  };

  const actionLabel: Record<DuplicateAction, string> = {
    open: t('client.dup.open'),
    claim: t('client.dup.claim'),
    restore: t('client.dup.restore'),
  };

  const hint =
    view?.tone === 'success' ? (
      <span className="client-dup client-dup--success" role="status">
        <CheckCircleOutlined /> {t(view.key)}
      </span>
    ) : view?.actions.length ? (
      <span className="client-dup" role="status" data-testid="duplicate-actions">
        {view.actions.map((action) => (
          <Button
            key={action}
            type="link"
            size="small"
            loading={acting === action}
            onClick={() => void act(action)}
          >
            {actionLabel[action]}
          </Button>
        ))}
      </span>
    ) : null;

  return (
    <FormField
      name="mobile"
      label={t('client.field.mobile')}
      extra={hint}
      rules={[
        {
          validator: async (_rule, value: unknown) => {
            if (typeof value === 'string' && value.trim() && !mobileToCheck(value))
              throw new Error(translateValidation({ key: 'mobileInvalid' }));
          },
        },
      ]}
    >
      <Input
        maxLength={32}
        inputMode="tel"
        autoComplete="off"
        placeholder={t('client.mobilePlaceholder')}
        suffix={checking ? <LoadingOutlined aria-label={t('client.dup.checking')} /> : <span />}
        onChange={() => {
          if (dup) onDup(null);
        }}
        onBlur={() => void check()}
      />
    </FormField>
  );
};
