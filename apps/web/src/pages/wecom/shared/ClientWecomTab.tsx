import { useQuery } from '@tanstack/react-query';
import { Alert, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { listContacts, wecomKeys } from '../../../api/wecom';
import { RelationsTable } from '../contact-list/ContactDrawer';
import './wecom.css';

/** The client drawer's WeCom tab: the client's external contacts and who follows them. */
export const ClientWecomTab = ({ clientId }: { clientId: number }) => {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: [...wecomKeys.contacts, 'of-client', clientId],
    queryFn: () => listContacts({ clientId, pageSize: 100 }),
  });
  if (query.isError) return <Alert type="error" showIcon title={query.error.message} />;
  if (query.data && query.data.items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wecom.client.none')} />;
  return (
    <div data-testid="client-wecom-tab">
      <RelationsTable rows={query.data?.items ?? []} loading={query.isFetching} showClient />
    </div>
  );
};
