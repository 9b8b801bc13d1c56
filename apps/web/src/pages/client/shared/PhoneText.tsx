import { CopyOutlined, EyeOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { revealClientPhone } from '../../../api/clients';
import { copyText, MaskedText } from '../../../components/MaskedText';
import { useCan } from '../../../session/useCan';
import './client.css';

const revealedKey = (clientId: number) => ['client-phone', clientId] as const;

/**
 * A client's mobile as the server sent it. In full (the owner, or scope ALL with
 * client.phone.view): masked on screen with the local show/copy toggles. Masked by the server:
 * with client.phone.view a "reveal" asks the server (checked and logged there) and shows the
 * number, shared by every place that shows this client; without it only the masked number.
 */
export const PhoneText = ({
  clientId,
  mobile,
  masked,
  name,
}: {
  clientId: number;
  mobile: string | null;
  masked: boolean;
  /** The client's name, for screen readers. */
  name: string;
}) => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const revealed = useQuery({
    queryKey: revealedKey(clientId),
    queryFn: () => null as string | null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  }).data;
  const label = t('client.mobileOf', { name });

  if (!mobile) return <span className="client-muted">-</span>;
  if (!masked) return <MaskedText value={mobile} label={label} />;
  if (revealed) {
    return (
      <Space size={2} className="client-phone">
        <span data-testid="revealed-phone">{revealed}</span>
        <Button
          type="text"
          size="small"
          icon={<CopyOutlined />}
          aria-label={`${t('common.copy')} ${label}`}
          onClick={async () => {
            await copyText(revealed);
            void message.success(t('common.copied'));
          }}
        />
      </Space>
    );
  }
  return (
    <Space size={2} className="client-phone">
      <span>{mobile}</span>
      {can('client.phone.view') ? (
        <Tooltip title={t('client.revealHint')}>
          <Button
            type="text"
            size="small"
            loading={busy}
            icon={<EyeOutlined />}
            aria-label={`${t('client.reveal')} ${label}`}
            onClick={async () => {
              setBusy(true);
              try {
                const { mobile: full } = await revealClientPhone(clientId);
                queryClient.setQueryData(revealedKey(clientId), full);
              } catch (error) {
                modal.error({
                  title: t('common.refused'),
                  content: error instanceof Error ? error.message : t('http.error'),
                });
              } finally {
                setBusy(false);
              }
            }}
          />
        </Tooltip>
      ) : null}
    </Space>
  );
};
