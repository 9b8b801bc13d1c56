import type { ClientRow, FollowUpRow, Language } from '@educrm/contract';
import { fileDay } from '../../lib/xlsx';
import type { Principal } from '../../types';
import type { Exporter } from '../exports/service';
import type { ClientListFilters, ClientService } from './clients.service';
import type { FollowUpService } from './follow-ups.service';
import {
  FOLLOW_UP_SOURCE_LABELS,
  FOLLOW_UP_TYPE_LABELS,
  GENDER_LABELS,
  EXPORT_HEADERS as H,
  POOL_REASON_LABELS,
  STAGE_LABELS,
  SUBJECT_LABELS,
} from './labels';

const stamp = () => fileDay();

/**
 * The filtered "All clients" list as xlsx: the caller's scope, phones masked exactly as the list
 * shows them (lib/xlsx makes every text cell formula-safe).
 */
export const clientExporter = (
  clients: ClientService,
  p: Principal,
  filters: ClientListFilters,
  lang: Language,
): Exporter<ClientRow> => {
  const yesNo = (v: boolean) => (v ? H.yes[lang] : H.no[lang]);
  return {
    kind: 'clients',
    params: { filters, lang },
    sheetName: H.clients[lang],
    fileName: `clients-${stamp()}.xlsx`,
    columns: [
      { header: H.id[lang], width: 10, value: (r) => r.id },
      { header: H.name[lang], value: (r) => r.name },
      { header: H.mobile[lang], width: 16, value: (r) => r.mobile },
      { header: H.wechatId[lang], value: (r) => r.wechatId },
      { header: H.studentName[lang], value: (r) => r.studentName },
      { header: H.gender[lang], width: 8, value: (r) => GENDER_LABELS[r.gender]?.[lang] },
      { header: H.grade[lang], width: 10, value: (r) => r.gradeName },
      {
        header: H.subjects[lang],
        value: (r) => r.subjects.map((s) => SUBJECT_LABELS[s]?.[lang] ?? s).join(', '),
      },
      { header: H.sourcePlatform[lang], value: (r) => r.sourcePlatformName },
      { header: H.channel[lang], value: (r) => r.channelName },
      { header: H.level[lang], width: 8, value: (r) => r.level },
      { header: H.stage[lang], width: 10, value: (r) => STAGE_LABELS[r.stage]?.[lang] },
      { header: H.tags[lang], width: 24, value: (r) => r.tags.map((t) => t.name).join(', ') },
      { header: H.owner[lang], value: (r) => r.ownerName },
      { header: H.dept[lang], value: (r) => r.ownerDeptName },
      { header: H.lastFollowTime[lang], width: 22, value: (r) => r.lastFollowTime },
      { header: H.lastFollowContent[lang], width: 40, value: (r) => r.lastFollowContent },
      { header: H.nextFollowTime[lang], width: 22, value: (r) => r.nextFollowTime },
      { header: H.locked[lang], width: 8, value: (r) => yesNo(r.locked) },
      { header: H.dealStatus[lang], width: 8, value: (r) => yesNo(r.dealStatus) },
      { header: H.totalPaid[lang], width: 14, value: (r) => r.totalPaid / 100 },
      {
        header: H.poolReason[lang],
        value: (r) => (r.poolReason ? POOL_REASON_LABELS[r.poolReason]?.[lang] : ''),
      },
      { header: H.remark[lang], width: 30, value: (r) => r.remark },
      { header: H.createdAt[lang], width: 22, value: (r) => r.createdAt },
    ],
    count: (cap) => clients.count(p, 'all', filters, cap),
    batches: () => clients.batches(p, 'all', filters),
  };
};

export const followUpExporter = (
  followUps: FollowUpService,
  p: Principal,
  filters: Parameters<FollowUpService['count']>[1],
  lang: Language,
): Exporter<FollowUpRow> => ({
  kind: 'follow-ups',
  params: { filters, lang },
  sheetName: H.followUps[lang],
  fileName: `follow-ups-${stamp()}.xlsx`,
  columns: [
    { header: H.id[lang], width: 10, value: (r) => r.id },
    { header: H.time[lang], width: 22, value: (r) => r.createdAt },
    { header: H.client[lang], value: (r) => r.clientName },
    { header: H.mobile[lang], width: 16, value: (r) => r.clientMobile },
    { header: H.type[lang], width: 10, value: (r) => FOLLOW_UP_TYPE_LABELS[r.type]?.[lang] },
    { header: H.source[lang], width: 10, value: (r) => FOLLOW_UP_SOURCE_LABELS[r.source]?.[lang] },
    { header: H.content[lang], width: 50, value: (r) => r.content },
    {
      header: H.stage[lang],
      width: 10,
      value: (r) => (r.stageAfter ? STAGE_LABELS[r.stageAfter]?.[lang] : ''),
    },
    { header: H.nextFollowTime[lang], width: 22, value: (r) => r.nextFollowTime },
    { header: H.creator[lang], value: (r) => r.creatorName },
    { header: H.dept[lang], value: (r) => r.creatorDeptName },
  ],
  count: (cap) => followUps.count(p, filters, cap),
  batches: () => followUps.batches(p, filters),
});
