import { ClockCircleOutlined } from '@ant-design/icons';
import type { FollowUpRow } from '@educrm/contract/clients';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../../../utils/time';
import { isOverdue } from './followUp';
import { StageTag } from './labels';
import './client.css';

const when = (iso: string | null) => (iso ? (parseTime(iso, '{y}-{m}-{d} {h}:{i}') ?? '-') : '-');

/** A follow-up as the drawer lists it: type, author and time, the text, stage change, next time. */
export const FollowUpItem = ({ row, actions }: { row: FollowUpRow; actions?: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <article className="client-followup" data-testid="follow-up-item">
      <div className="client-timeline__item-head">
        <Tag>{t(`client.followType.${row.type}`)}</Tag>
        {row.source !== 'MANUAL' ? <Tag>{t(`client.followSource.${row.source}`)}</Tag> : null}
        <strong>{row.creatorName ?? t('client.system')}</strong>
        <span className="client-timeline__time">{when(row.createdAt)}</span>
        {row.updatedAt !== row.createdAt && row.source === 'MANUAL' ? (
          <span className="client-muted">{t('client.followUp.edited')}</span>
        ) : null}
        <span style={{ marginInlineStart: 'auto' }}>{actions}</span>
      </div>
      <p className="client-timeline__text">{row.content || t('client.followUp.noContent')}</p>
      <div className="client-followup__meta">
        {row.stageAfter ? (
          <span>
            {t('client.followUp.stageChange')} {row.stageBefore ? <StageTag stage={row.stageBefore} /> : null}
            <span className="client-arrow">→</span>
            <StageTag stage={row.stageAfter} />
          </span>
        ) : null}
        {row.nextFollowTime ? (
          <span className={isOverdue(row.nextFollowTime) ? 'client-overdue' : undefined}>
            <ClockCircleOutlined /> {t('client.field.nextFollow')}: {when(row.nextFollowTime)}
          </span>
        ) : null}
        {row.talkSeconds !== null ? (
          <span>{t('client.followUp.talk', { count: row.talkSeconds })}</span>
        ) : null}
      </div>
    </article>
  );
};
