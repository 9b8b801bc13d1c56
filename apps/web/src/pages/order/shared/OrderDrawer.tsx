import type { OrderDetail, RefundRow } from '@educrm/contract/orders';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Image,
  Input,
  Result,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Timeline,
} from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelOrder, decideRefund, getOrder, orderKeys } from '../../../api/orders';
import { AuditSummary } from '../../../components/AuditText/AuditSummary';
import { useConfirmAction } from '../../../components/ConfirmAction';
import { StatusTag } from '../../../components/StatusTag';
import { useCan } from '../../../session/useCan';
import { auditActionLabel } from '../../../utils/auditText';
import { formatMoney, refundableOf, refundInFlightOf } from '../../../utils/money';
import { parseTime } from '../../../utils/time';
import { AttributionDrawer } from './AttributionDrawer';
import { ConfirmPaymentDrawer } from './ConfirmPaymentDrawer';
import { amountLabelKey, BuyerMobile, OrderStatusTags, REFUND_FLOW_TONES } from './orderDisplay';
import { RefundApplyDrawer } from './RefundApplyDrawer';
import { RefundDecisionDialog } from './RefundDecisionDialog';
import { useOrderRefresh } from './useOrderRefresh';
import './order.css';

export type OrderAction = 'confirm' | 'refund' | 'attribution' | 'cancel';

const at = (iso: string | null) => (iso ? parseTime(iso, '{y}-{m}-{d} {h}:{i}') : '-');

const Section = ({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) => (
  <section className="order-section" aria-label={title}>
    <div className="order-section__head">
      <h3>{title}</h3>
      {extra}
    </div>
    {children}
  </section>
);

/**
 * An order's details in a drawer: buyer, amounts, payment (with vouchers), items, refunds and the
 * audit trail, with the actions the user may take on it (confirm payment, cancel, refund, refund
 * audit, attribution). The server refuses illegal transitions; its reason is shown.
 * `initialAction` opens that action once the order is loaded (row actions of the lists).
 */
export const OrderDrawer = ({
  orderId,
  initialAction,
  onClose,
}: {
  orderId: number | null;
  initialAction?: OrderAction | null;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const ask = useConfirmAction();
  const refresh = useOrderRefresh();
  // The open action dialog. Each opening is a new instance (its own key): a click while the last
  // one is still sliding out (its onClosed not yet called) opens a fresh dialog instead of being
  // swallowed by the closing one, and that one's late onClosed does not close the new one.
  const [opened, setOpened] = useState<{ kind: OrderAction; seq: number } | null>(null);
  const seq = useRef(0);
  const setAction = (kind: OrderAction | null) => {
    seq.current += 1;
    setOpened(kind ? { kind, seq: seq.current } : null);
  };
  const closedAction = (closing: number) => () =>
    setOpened((current) => (current?.seq === closing ? null : current));
  const [decision, setDecision] = useState<{ refund: RefundRow; verb: 'approve' | 'reject' } | null>(null);
  // The last order shown stays in the drawer while it slides out.
  const [shownId, setShownId] = useState(orderId);
  if (orderId !== null && orderId !== shownId) setShownId(orderId);
  const query = useQuery({
    queryKey: orderKeys.detail(shownId ?? 0),
    queryFn: () => getOrder(shownId ?? 0),
    enabled: shownId !== null,
    staleTime: 5_000,
  });
  const order = query.data && query.data.id === shownId ? query.data : undefined;

  // A row action opens its dialog once the order is here (only once per opening).
  const [pending, setPending] = useState<OrderAction | null>(null);
  useEffect(() => {
    setPending(orderId !== null ? (initialAction ?? null) : null);
    setOpened(null);
    setDecision(null);
  }, [orderId, initialAction]);

  const askCancel = (o: OrderDetail) => {
    let reason = '';
    void ask({
      title: t('order.cancel.title', { no: o.orderNo }),
      content: (
        <div className="order-cancel">
          <p>{t('order.cancel.text')}</p>
          <Input.TextArea
            aria-label={t('order.cancel.reason')}
            placeholder={t('order.cancel.reasonPlaceholder')}
            maxLength={200}
            autoSize={{ minRows: 2, maxRows: 4 }}
            onChange={(e) => {
              reason = e.target.value;
            }}
          />
        </div>
      ),
      okText: t('order.action.cancel'),
      onConfirm: async () => {
        await cancelOrder(o.id, { reason: reason.trim(), version: o.version });
        await refresh();
      },
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: askCancel reads only the order it is given
  useEffect(() => {
    if (!order || !pending) return;
    if (pending === 'cancel') askCancel(order);
    else setAction(pending);
    setPending(null);
  }, [order, pending]);

  const completeRefund = (r: RefundRow) =>
    void ask({
      title: t('order.refund.completeTitle', { amount: formatMoney(r.amount) }),
      content: t('order.refund.completeText', { no: r.refundNo }),
      okText: t('order.refund.complete'),
      danger: false,
      onConfirm: async () => {
        await decideRefund(r.id, 'complete');
        void message.success(t('order.refund.completedDone', { amount: formatMoney(r.amount) }));
        await refresh();
      },
      refusedTitle: t('order.refund.refused'),
    });

  const paid = order ? order.status === 'PAID' || order.status === 'COMPLETED' : false;
  const refundable = order ? refundableOf(order) : 0;
  const inFlight = order ? refundInFlightOf(order.refunds) : 0;

  const actions = order ? (
    <Space wrap size={8}>
      {order.status === 'PENDING' && can('order.confirm') ? (
        <Button type="primary" onClick={() => setAction('confirm')}>
          {t('order.action.confirmPayment')}
        </Button>
      ) : null}
      {paid && can('order.refund.apply') ? (
        <Button onClick={() => setAction('refund')} disabled={refundable <= 0}>
          {t('order.action.applyRefund')}
        </Button>
      ) : null}
      {can('order.attribution') && order.status !== 'CANCELLED' ? (
        <Button onClick={() => setAction('attribution')}>{t('order.action.attribution')}</Button>
      ) : null}
      {order.status === 'PENDING' && can('order.cancel') ? (
        <Button danger onClick={() => askCancel(order)}>
          {t('order.action.cancel')}
        </Button>
      ) : null}
    </Space>
  ) : null;

  const itemColumns: TableColumnsType<OrderDetail['items'][number]> = [
    {
      key: 'product',
      title: t('order.field.product'),
      render: (_, i) => (
        <>
          <span className="order-strong">{i.spuName}</span>
          {i.skuSpec ? <span className="order-sub">{i.skuSpec}</span> : null}
        </>
      ),
    },
    {
      key: 'price',
      title: t('order.drawer.unitPrice'),
      align: 'right',
      render: (_, i) => formatMoney(i.unitPrice),
    },
    { key: 'qty', title: t('order.drawer.qty'), align: 'right', dataIndex: 'qty' },
    {
      key: 'discount',
      title: t('order.drawer.discountShare'),
      align: 'right',
      render: (_, i) => formatMoney(i.discountShare),
    },
    {
      key: 'paid',
      title: t('order.drawer.itemPaid'),
      align: 'right',
      render: (_, i) => formatMoney(i.payAmount),
    },
    {
      key: 'refunded',
      title: t('order.drawer.itemRefunded'),
      align: 'right',
      render: (_, i) => formatMoney(i.refundAmount),
    },
  ];

  const refundColumns: TableColumnsType<RefundRow> = [
    {
      key: 'no',
      title: t('order.refund.no'),
      render: (_, r) => (
        <>
          <span className="order-mono">{r.refundNo}</span>
          <span className="order-sub">{at(r.createdAt)}</span>
        </>
      ),
    },
    {
      key: 'amount',
      title: t('order.refund.amount'),
      align: 'right',
      render: (_, r) => formatMoney(r.amount),
    },
    {
      key: 'reason',
      title: t('order.refund.reason'),
      render: (_, r) => (
        <>
          {r.reason}
          {r.auditRemark ? (
            <span className="order-sub">
              {t('order.refund.auditRemark')}: {r.auditRemark}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'status',
      title: t('order.refund.status'),
      render: (_, r) => (
        <>
          <StatusTag value={r.status} i18nPrefix="order.refundFlow" tones={REFUND_FLOW_TONES} />
          {r.refundedAt ? <span className="order-sub">{at(r.refundedAt)}</span> : null}
        </>
      ),
    },
    {
      key: 'people',
      title: t('order.refund.people'),
      render: (_, r) => (
        <>
          <span>{r.appliedByName ?? '-'}</span>
          {r.auditedByName ? (
            <span className="order-sub">
              {t('order.refund.auditedBy')}: {r.auditedByName}
            </span>
          ) : null}
        </>
      ),
    },
    ...(can('order.refund.audit') &&
    order?.refunds.some((r) => r.status === 'APPLIED' || r.status === 'APPROVED')
      ? [
          {
            key: 'actions',
            title: t('table.actions'),
            render: (_: unknown, r: RefundRow) =>
              r.status === 'APPLIED' || r.status === 'APPROVED' ? (
                <Space size={0} wrap>
                  {r.status === 'APPLIED' ? (
                    <Button
                      type="link"
                      size="small"
                      aria-label={`${t('order.refund.approve')} ${r.refundNo}`}
                      onClick={() => setDecision({ refund: r, verb: 'approve' })}
                    >
                      {t('order.refund.approve')}
                    </Button>
                  ) : (
                    <Button
                      type="link"
                      size="small"
                      aria-label={`${t('order.refund.complete')} ${r.refundNo}`}
                      onClick={() => completeRefund(r)}
                    >
                      {t('order.refund.complete')}
                    </Button>
                  )}
                  <Button
                    type="link"
                    size="small"
                    danger
                    aria-label={`${t('order.refund.reject')} ${r.refundNo}`}
                    onClick={() => setDecision({ refund: r, verb: 'reject' })}
                  >
                    {t('order.refund.reject')}
                  </Button>
                </Space>
              ) : null,
          },
        ]
      : []),
  ];

  const body = () => {
    if (query.isError && !order)
      return (
        <Result
          status="warning"
          title={t('order.drawer.loadFailed')}
          subTitle={query.error instanceof Error ? query.error.message : ''}
          extra={<Button onClick={() => void query.refetch()}>{t('table.retry')}</Button>}
        />
      );
    if (!order) return <Skeleton active paragraph={{ rows: 10 }} />;
    return (
      <div className="order-detail" data-testid="order-detail">
        <div className="order-detail__head">
          <OrderStatusTags order={order} />
          {order.cancelType ? (
            <span className="order-muted">{t(`order.cancelType.${order.cancelType}`)}</span>
          ) : null}
          <span className="order-detail__actions">{actions}</span>
        </div>
        {order.status === 'PENDING' ? (
          <Alert
            className="order-notice"
            type="info"
            showIcon
            title={can('order.confirm') ? t('order.drawer.pendingAdmin') : t('order.drawer.pendingSales')}
          />
        ) : null}

        <Section title={t('order.drawer.amounts')}>
          <div className="order-amounts" data-testid="order-amounts">
            <Amount label={t('order.field.totalAmount')} value={order.totalAmount} />
            <Amount label={t('order.field.discountAmount')} value={-order.discountAmount} />
            <Amount label={t('order.field.adjustAmount')} value={order.adjustAmount} />
            <Amount label={t(amountLabelKey(order.status))} value={order.payAmount} strong />
            <Amount label={t('order.field.refundAmount')} value={order.refundAmount} />
            <Amount label={t('order.field.netAmount')} value={order.netAmount} strong />
            {paid ? (
              <Amount label={t('order.field.refundable')} value={refundable} testId="order-refundable" />
            ) : null}
          </div>
          {inFlight > 0 ? (
            <p className="order-muted">{t('order.drawer.inFlight', { amount: formatMoney(inFlight) })}</p>
          ) : null}
        </Section>

        <Section title={t('order.drawer.basic')}>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'buyer', label: t('order.field.buyer'), children: order.buyerName || '-' },
              {
                key: 'mobile',
                label: t('order.field.buyerMobile'),
                children: order.buyerMobile ? (
                  <BuyerMobile value={order.buyerMobile} label={t('order.field.buyerMobile')} />
                ) : (
                  '-'
                ),
              },
              {
                key: 'sales',
                label: t('order.field.sales'),
                children: order.salesUserName
                  ? `${order.salesUserName}${order.salesDeptName ? ` (${order.salesDeptName})` : ''}`
                  : t('order.field.noSales'),
              },
              {
                key: 'type',
                label: t('order.field.createdType'),
                children: t(`order.createdType.${order.createdType}`),
              },
              {
                key: 'platform',
                label: t('order.field.platform'),
                children: order.sourcePlatformName ?? '-',
              },
              { key: 'channel', label: t('order.field.channel'), children: order.channelName ?? '-' },
              { key: 'createdBy', label: t('order.field.createdBy'), children: order.createdByName ?? '-' },
              { key: 'createdAt', label: t('order.field.createdAt'), children: at(order.createdAt) },
              {
                key: 'remark',
                label: t('order.field.remark'),
                span: 'filled',
                children: order.remark || '-',
              },
            ]}
          />
        </Section>

        <Section title={t('order.drawer.payment')}>
          {order.payTime ? (
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, sm: 2 }}
              items={[
                {
                  key: 'method',
                  label: t('order.field.payMethod'),
                  children: order.payMethod ? t(`order.payMethod.${order.payMethod}`) : '-',
                },
                { key: 'time', label: t('order.field.payTime'), children: at(order.payTime) },
                { key: 'trade', label: t('order.field.payTradeNo'), children: order.payTradeNo || '-' },
                { key: 'by', label: t('order.field.confirmedBy'), children: order.confirmedByName ?? '-' },
                {
                  key: 'vouchers',
                  label: t('order.field.vouchers'),
                  span: 'filled',
                  children: order.voucherUrls.length ? (
                    <Image.PreviewGroup>
                      <Space wrap>
                        {order.voucherUrls.map((url, i) => (
                          <Image
                            key={url}
                            src={url}
                            width={64}
                            height={64}
                            className="order-voucher"
                            alt={t('order.field.voucherN', { n: i + 1 })}
                          />
                        ))}
                      </Space>
                    </Image.PreviewGroup>
                  ) : (
                    '-'
                  ),
                },
              ]}
            />
          ) : (
            <p className="order-muted">{t('order.drawer.notPaid')}</p>
          )}
        </Section>

        <Section title={t('order.drawer.items')}>
          <Table
            size="small"
            rowKey="id"
            columns={itemColumns}
            dataSource={order.items}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        </Section>

        <Section title={t('order.drawer.refunds')}>
          {order.refunds.length ? (
            <Table
              size="small"
              rowKey="id"
              columns={refundColumns}
              dataSource={order.refunds}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid="order-refunds"
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('order.drawer.noRefunds')} />
          )}
        </Section>

        <Section title={t('order.drawer.timeline')}>
          {order.timeline.length ? (
            <Timeline
              className="order-timeline"
              items={order.timeline.map((e, i) => ({
                key: `${e.at}-${i}`,
                content: (
                  <>
                    <span className="order-strong">{auditActionLabel(i18n, e.action)}</span>
                    <span className="order-muted">
                      {' '}
                      · {at(e.at)}
                      {e.actorName ? (
                        <>
                          {' · '}
                          {/* Who did it: a name, data in any language (the page checks skip it). */}
                          <span data-user-content>{e.actorName}</span>
                        </>
                      ) : null}
                    </span>
                    <AuditSummary
                      className="order-sub"
                      action={e.action}
                      params={e.params}
                      summary={e.summary}
                    />
                  </>
                ),
              }))}
            />
          ) : (
            <p className="order-muted">{t('order.drawer.noTimeline')}</p>
          )}
        </Section>

        {opened?.kind === 'confirm' ? (
          <ConfirmPaymentDrawer
            key={opened.seq}
            order={order}
            onClosed={closedAction(opened.seq)}
            onDone={refresh}
          />
        ) : null}
        {opened?.kind === 'refund' ? (
          <RefundApplyDrawer
            key={opened.seq}
            order={order}
            onClosed={closedAction(opened.seq)}
            onDone={refresh}
          />
        ) : null}
        {opened?.kind === 'attribution' ? (
          <AttributionDrawer
            key={opened.seq}
            order={order}
            onClosed={closedAction(opened.seq)}
            onDone={refresh}
          />
        ) : null}
        <RefundDecisionDialog
          refund={decision?.refund ?? null}
          verb={decision?.verb ?? 'approve'}
          onClose={() => setDecision(null)}
          onDone={refresh}
        />
      </div>
    );
  };

  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      size={820}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) setShownId(null);
      }}
      title={
        <span className="order-drawer__title">
          {t('order.drawer.title')}
          {order ? <span className="order-mono"> {order.orderNo}</span> : null}
        </span>
      }
      extra={
        <Button
          size="small"
          onClick={() => void query.refetch()}
          loading={query.isFetching && Boolean(order)}
        >
          {t('table.refresh')}
        </Button>
      }
    >
      {shownId !== null ? body() : null}
    </Drawer>
  );
};

const Amount = ({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: number;
  strong?: boolean;
  testId?: string;
}) => (
  <div className={`order-amount${strong ? ' order-amount--strong' : ''}`} data-testid={testId}>
    <span className="order-amount__label">{label}</span>
    <span className={`order-amount__value${value < 0 ? ' order-amount__value--minus' : ''}`}>
      {formatMoney(value)}
    </span>
  </div>
);
