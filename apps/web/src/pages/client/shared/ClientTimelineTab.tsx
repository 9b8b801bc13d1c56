import {
  AuditOutlined,
  ClockCircleOutlined,
  MessageOutlined,
  ShoppingCartOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import type { ClientStage, TimelineItem } from '@educrm/contract/clients';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Spin, Timeline } from 'antd';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { clientKeys, getClientTimeline } from '../../../api/clients';
import { AuditSummary } from '../../../components/AuditText/AuditSummary';
import { auditActionLabel } from '../../../utils/auditText';
import { formatMoney } from '../../../utils/money';
import { parseTime } from '../../../utils/time';
import { StageTag } from './labels';
import { groupByDay, mergeTimeline, nextTimelineBefore, TIMELINE_PAGE_SIZE } from './timeline';
import './client.css';

const at = (iso: string) => parseTime(iso, '{h}:{i}') ?? '';
/** The day the entry's time is shown in (browser time, like every time on screen). */
const localDay = (iso: string) => parseTime(iso, '{y}-{m}-{d}') ?? '';
const dayTime = (iso: unknown) =>
  typeof iso === 'string' ? (parseTime(iso, '{y}-{m}-{d} {h}:{i}') ?? '') : '';

/** One entry: what happened, who did it, and the follow-up text, owner-change reason or audit summary. */
const Entry = ({ item }: { item: TimelineItem }) => {
  const { t, i18n } = useTranslation();
  const d = item.detail as Record<string, unknown>;
  let title: string;
  if (item.kind === 'FOLLOW_UP') {
    const type = i18n.exists(`client.followType.${item.type}`)
      ? t(`client.followType.${item.type}`)
      : item.type;
    title = t('client.timeline.followUp', { type });
  } else if (item.kind === 'OWNER') {
    title = i18n.exists(`client.ownerLog.${item.type}`) ? t(`client.ownerLog.${item.type}`) : item.type;
  } else if (item.kind === 'ORDER') {
    const status = i18n.exists(`order.status.${item.type}`) ? t(`order.status.${item.type}`) : item.type;
    title = t('client.timeline.order', { status });
  } else {
    title = auditActionLabel(i18n, item.type);
  }
  const from = typeof d.fromUserName === 'string' ? d.fromUserName : null;
  const to = typeof d.toUserName === 'string' ? d.toUserName : null;
  return (
    <div className="client-timeline__entry" data-kind={item.kind}>
      <div className="client-timeline__item-head">
        <span className="client-timeline__time">{at(item.at)}</span>
        <strong>{title}</strong>
        <span className="client-muted">{item.actorName ?? t('client.system')}</span>
      </div>
      {item.kind === 'OWNER' ? (
        <div className="client-muted">
          {item.type === 'CREATE'
            ? t('client.timeline.ownerTo', { to: to ?? t('client.inPool') })
            : t('client.timeline.ownerMove', {
                from: from ?? t('client.inPool'),
                to: to ?? t('client.inPool'),
              })}
        </div>
      ) : null}
      {item.kind === 'AUDIT' ? (
        <AuditSummary
          className="client-timeline__text client-muted"
          action={item.type}
          params={d.params as Record<string, unknown> | null}
          summary={item.text}
        />
      ) : item.text && item.kind !== 'ORDER' ? (
        <p className="client-timeline__text">
          {item.kind === 'OWNER' ? t('client.timeline.reason', { reason: item.text }) : item.text}
        </p>
      ) : null}
      {item.kind === 'ORDER' ? (
        <div className="client-muted">
          {t('client.timeline.orderAmounts', {
            orderNo: item.text,
            paid: formatMoney(Number(d.payAmount ?? 0)),
            refunded: formatMoney(Number(d.refundAmount ?? 0)),
          })}
        </div>
      ) : null}
      {item.kind === 'FOLLOW_UP' && (d.stageAfter || d.nextFollowTime) ? (
        <div className="client-followup__meta">
          {typeof d.stageAfter === 'string' ? (
            <span>
              {t('client.followUp.stageChange')}{' '}
              {typeof d.stageBefore === 'string' ? <StageTag stage={d.stageBefore as ClientStage} /> : null}
              <span className="client-arrow">→</span>
              <StageTag stage={d.stageAfter as ClientStage} />
            </span>
          ) : null}
          {d.nextFollowTime ? (
            <span>
              <ClockCircleOutlined /> {t('client.field.nextFollow')}: {dayTime(d.nextFollowTime)}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
};

const ICONS = {
  FOLLOW_UP: <MessageOutlined />,
  OWNER: <SwapOutlined />,
  AUDIT: <AuditOutlined />,
  ORDER: <ShoppingCartOutlined />,
};
const COLORS = { FOLLOW_UP: 'blue', OWNER: 'orange', AUDIT: 'gray', ORDER: 'green' };

/**
 * The merged timeline of a client (follow-ups, owner changes and the audit trail, newest first,
 * grouped by day), or its whole audit trail (the audit tab). Loads older entries on demand.
 */
export const ClientTimelineTab = ({
  clientId,
  view = 'all',
  emptyText,
}: {
  clientId: number;
  view?: 'all' | 'audit';
  emptyText?: string;
}) => {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: view === 'audit' ? clientKeys.auditTrail(clientId) : clientKeys.timeline(clientId),
    queryFn: ({ pageParam }) =>
      getClientTimeline(clientId, { limit: TIMELINE_PAGE_SIZE, before: pageParam, view }).then(
        (r) => r.items,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (_last, pages) => nextTimelineBefore(pages),
    staleTime: 15_000,
  });
  const items = useMemo(() => mergeTimeline(query.data?.pages ?? []), [query.data]);
  const days = useMemo(() => groupByDay(items, localDay), [items]);

  if (query.isPending) return <Spin className="client-tab-spin" />;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={query.error.message}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('table.retry')}
          </Button>
        }
      />
    );
  return (
    <div className="client-timeline" data-testid="client-timeline">
      {days.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('client.timeline.empty')} />
      ) : (
        days.map((day) => (
          <Fragment key={day.day}>
            <div className="client-timeline__day">{day.day}</div>
            <Timeline
              items={day.items.map((item) => ({
                key: `${item.kind}:${item.id}`,
                icon: ICONS[item.kind],
                color: COLORS[item.kind],
                content: <Entry item={item} />,
              }))}
            />
          </Fragment>
        ))
      )}
      {query.hasNextPage ? (
        <Button block loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('client.timeline.more')}
        </Button>
      ) : null}
    </div>
  );
};
