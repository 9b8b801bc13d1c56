import type { ClientListRow } from '@educrm/contract/clients';
import { Alert, App, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assignClient } from '../../../api/pool';
import { staffLabel, useStaffSearch } from './lookups';
import { StaffMultiSelect, StaffSelect } from './StaffSelect';

/**
 * 分配 (admin): gives one pool client to a staff member. The owner limit of the target applies (not
 * the daily claim cap); a refusal stays in the dialog with the server's reason.
 */
export const AssignDialog = ({
  client,
  onClose,
  onDone,
}: {
  client: ClientListRow | null;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [userId, setUserId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const { known } = useStaffSearch('');

  const close = () => {
    setUserId(null);
    setError(null);
    setMissing(false);
    onClose();
  };

  const submit = async () => {
    if (!client) return;
    if (!userId) {
      setMissing(true);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await assignClient(client.id, userId);
      const user = known.get(userId);
      void message.success(
        t('client.pool.assigned', { name: client.name, user: user ? staffLabel(user) : `#${userId}` }),
      );
      close();
      onDone();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('http.error'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={client !== null}
      title={client ? t('client.pool.assignTitle', { name: client.name }) : ''}
      okText={t('client.pool.assign')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={close}
      confirmLoading={saving}
      destroyOnHidden
    >
      {error ? (
        <Alert className="pool-dialog-alert" type="error" showIcon role="alert" title={error} />
      ) : null}
      <p className="pool-muted">{t('client.pool.assignHint')}</p>
      <Form layout="vertical">
        <Form.Item
          label={t('client.pool.assignTo')}
          required
          htmlFor="pool-assign-user"
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t('client.pool.pickStaffFirst') : undefined}
        >
          <StaffSelect
            id="pool-assign-user"
            value={userId}
            onChange={(v) => {
              setUserId(v);
              setMissing(false);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/**
 * The content of the bulk assign confirmation: whom to give the selected clients to (several:
 * round-robin in the order chosen). The choice is reported through `onChange`.
 */
export const BulkAssignPicker = ({
  count,
  onChange,
}: {
  count: number;
  onChange: (ids: number[]) => void;
}) => {
  const { t } = useTranslation();
  const [ids, setIds] = useState<number[]>([]);
  return (
    <div className="pool-bulk-assign">
      <p>{t('client.pool.bulkAssignText', { count })}</p>
      <label className="pool-field-label" htmlFor="pool-bulk-assign-users">
        {t('client.pool.assignTo')}
      </label>
      <StaffMultiSelect
        id="pool-bulk-assign-users"
        value={ids}
        onChange={(next) => {
          setIds(next);
          onChange(next);
        }}
      />
      <p className="pool-muted pool-bulk-assign__hint">{t('client.pool.bulkAssignHint')}</p>
    </div>
  );
};
