import type { ClientRow } from '@educrm/contract/clients';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../utils/number';
import { parseTime } from '../../../utils/time';
import { daysUntil, isOverdue } from './followUp';
import { LevelTag, StageTag } from './labels';
import './client.css';

const when = (iso: string | null) => (iso ? (parseTime(iso, '{y}-{m}-{d} {h}:{i}') ?? '-') : '-');
const dash = (v: string | null | undefined) => (v ? v : '-');

/** 基本信息: every field of the client, read-only (edit from the header). */
export const ClientProfileTab = ({ client }: { client: ClientRow }) => {
  const { t } = useTranslation();
  const recycleDays = daysUntil(client.recycleAt);
  const yesNo = (v: boolean) => (v ? t('client.yes') : t('client.no'));
  return (
    <Descriptions
      size="small"
      column={2}
      bordered
      className="client-profile"
      items={[
        { key: 'name', label: t('client.field.name'), children: client.name },
        { key: 'studentName', label: t('client.field.studentName'), children: dash(client.studentName) },
        { key: 'wechatId', label: t('client.field.wechatId'), children: dash(client.wechatId) },
        { key: 'gender', label: t('client.field.gender'), children: t(`client.gender.${client.gender}`) },
        {
          key: 'grade',
          label: t('client.field.grade'),
          children: client.gradeName
            ? `${client.gradeName}${client.gradeYear ? ` (${t('client.gradeYear', { year: client.gradeYear })})` : ''}`
            : '-',
        },
        {
          key: 'subjects',
          label: t('client.field.subjects'),
          children: client.subjects.length
            ? client.subjects.map((s) => t(`client.subject.${s}`)).join('、')
            : '-',
        },
        { key: 'source', label: t('client.field.sourcePlatform'), children: dash(client.sourcePlatformName) },
        { key: 'channel', label: t('client.field.channel'), children: dash(client.channelName) },
        { key: 'stage', label: t('client.field.stage'), children: <StageTag stage={client.stage} /> },
        { key: 'level', label: t('client.field.level'), children: <LevelTag level={client.level} /> },
        {
          key: 'owner',
          label: t('client.field.owner'),
          children: client.ownerName
            ? `${client.ownerName}${client.ownerDeptName ? ` · ${client.ownerDeptName}` : ''}`
            : t('client.inPool'),
        },
        { key: 'ownerTime', label: t('client.field.ownerTime'), children: when(client.ownerTime) },
        ...(client.ownerUserId === null
          ? [
              {
                key: 'poolReason',
                label: t('client.field.poolReason'),
                children: client.poolReason ? t(`client.poolReason.${client.poolReason}`) : '-',
              },
              { key: 'preOwner', label: t('client.field.preOwner'), children: dash(client.preOwnerName) },
            ]
          : []),
        { key: 'followCount', label: t('client.field.followCount'), children: client.followCount },
        { key: 'lastFollow', label: t('client.field.lastFollow'), children: when(client.lastFollowTime) },
        {
          key: 'nextFollow',
          label: t('client.field.nextFollow'),
          children: (
            <span className={isOverdue(client.nextFollowTime) ? 'client-overdue' : undefined}>
              {when(client.nextFollowTime)}
            </span>
          ),
        },
        {
          key: 'recycle',
          label: t('client.field.recycleAt'),
          children:
            recycleDays === null
              ? t(client.locked ? 'client.recycleLocked' : 'client.recycleNever')
              : `${when(client.recycleAt)} (${t('client.daysLeft', { count: recycleDays })})`,
        },
        { key: 'deal', label: t('client.field.dealStatus'), children: yesNo(client.dealStatus) },
        {
          key: 'paid',
          label: t('client.field.totalPaid'),
          children: `${formatMoney(client.totalPaid)}${client.totalRefund ? ` (${t('client.refunded', { amount: formatMoney(client.totalRefund) })})` : ''}`,
        },
        { key: 'firstPaid', label: t('client.field.firstPaidAt'), children: when(client.firstPaidAt) },
        { key: 'lastPaid', label: t('client.field.lastPaidAt'), children: when(client.lastPaidAt) },
        { key: 'dnc', label: t('client.field.doNotCall'), children: yesNo(client.doNotCall) },
        { key: 'sms', label: t('client.field.smsOptOut'), children: yesNo(client.smsOptOut) },
        {
          key: 'wecom',
          label: t('client.field.wecom'),
          children: client.wecomExternalUserid ? t('client.yes') : t('client.no'),
        },
        { key: 'createdAt', label: t('client.field.createdAt'), children: when(client.createdAt) },
        {
          key: 'remark',
          label: t('client.field.remark'),
          span: 2,
          children: <span className="client-timeline__text">{dash(client.remark)}</span>,
        },
      ]}
    />
  );
};
