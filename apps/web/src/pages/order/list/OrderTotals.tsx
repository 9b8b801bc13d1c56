import { useQuery } from '@tanstack/react-query';
import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getOrderTotals, orderKeys } from '../../../api/orders';
import { formatMoney } from '../../../utils/money';

/**
 * The totals of the list's filter when it names a pay-time range (what a data-centre figure drills
 * into): paid orders, paying clients, paid, refunded and net, to reconcile with the figure. Without
 * a range the list is every order ever, which no figure counts and which costs a full scan to sum.
 */
export const OrderTotals = ({ filters }: { filters: Record<string, string | number> }) => {
  const { t } = useTranslation();
  const ranged = filters.payFrom !== undefined || filters.payTo !== undefined;
  const query = useQuery({
    queryKey: [...orderKeys.list, 'totals', filters],
    queryFn: () => getOrderTotals(filters),
    enabled: ranged,
    staleTime: 30_000,
  });
  if (!ranged) return null;
  const totals = query.data;
  return (
    <div className="order-totals" data-testid="order-totals" aria-live="polite">
      <Typography.Text strong>{t('order.list.totals')}</Typography.Text>
      {totals ? (
        <Typography.Text>
          {[
            t('order.list.totalsOrders', { count: totals.paidCount }),
            t('order.list.totalsClients', { count: totals.clients }),
            t('order.list.totalsPaid', { amount: formatMoney(totals.paid) }),
            t('order.list.totalsRefunded', { amount: formatMoney(totals.refunded) }),
            t('order.list.totalsNet', { amount: formatMoney(totals.net) }),
          ].join(' · ')}
        </Typography.Text>
      ) : (
        <Skeleton.Input active size="small" style={{ width: 360 }} />
      )}
    </div>
  );
};
