import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { channelCodeKeys, getDefaultWelcome, setDefaultWelcome } from '../../../api/wecom-acquisition';
import { useCustomerApps } from './ChannelCodeForm';

/** The welcome message of adds that came without a channel code, per app. */
export const DefaultWelcomeDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { apps } = useCustomerApps();
  const [appId, setAppId] = useState<number | undefined>();
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const current = appId ?? apps[0]?.id;
  const query = useQuery({
    queryKey: channelCodeKeys.welcome(current ?? 0),
    queryFn: () => getDefaultWelcome(current as number),
    enabled: current !== undefined,
  });
  useEffect(() => setText(query.data?.welcomeText ?? ''), [query.data]);
  const save = async () => {
    if (current === undefined) return;
    setSaving(true);
    try {
      await setDefaultWelcome(current, text.trim());
      message.success(t('wecom.channelCode.saved'));
      onClose();
    } catch (e) {
      modal.error({ title: t('common.refused'), content: e instanceof Error ? e.message : String(e) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('wecom.channelCode.defaultWelcomeTitle')}
      onCancel={onClose}
      onOk={() => void save()}
      okButtonProps={{ loading: saving, disabled: current === undefined }}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
    >
      <Form layout="vertical">
        <Form.Item label={t('wecom.channelCode.app')}>
          <Select
            value={current}
            onChange={setAppId}
            options={apps.map((a) => ({ value: a.id, label: `${a.name} (${a.corpId})` }))}
          />
        </Form.Item>
        <Form.Item label={t('wecom.channelCode.welcome')} extra={t('wecom.channelCode.defaultWelcomeHint')}>
          <Input.TextArea
            rows={4}
            maxLength={1000}
            showCount
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-label={t('wecom.channelCode.welcome')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
