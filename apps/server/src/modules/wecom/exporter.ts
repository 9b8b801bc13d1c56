import type { Language, WecomContactListQuery, WecomContactRow } from '@educrm/contract';
import type { Principal } from '../../types';
import { stamp } from '../courses/common';
import type { Exporter } from '../exports/service';
import type { WecomDataService } from './data.service';

type Key =
  | 'contact'
  | 'type'
  | 'staff'
  | 'remark'
  | 'mobiles'
  | 'tags'
  | 'added'
  | 'addWay'
  | 'status'
  | 'client';
const H: Record<Language, Record<Key, string>> = {
  zh: {
    contact: '外部联系人',
    type: '类型',
    staff: '跟进成员',
    remark: '备注',
    mobiles: '备注手机号',
    tags: '标签',
    added: '添加时间',
    addWay: '添加方式',
    status: '关系状态',
    client: '关联客户',
  },
  en: {
    contact: 'External contact',
    type: 'Type',
    staff: 'Followed by',
    remark: 'Remark',
    mobiles: 'Remark mobiles',
    tags: 'Tags',
    added: 'Added at',
    addWay: 'Add way',
    status: 'Relation status',
    client: 'Linked client',
  },
  es: {
    contact: 'Contacto externo',
    type: 'Tipo',
    staff: 'Seguido por',
    remark: 'Nota',
    mobiles: 'Móviles de la nota',
    tags: 'Etiquetas',
    added: 'Añadido el',
    addWay: 'Forma de alta',
    status: 'Estado de la relación',
    client: 'Cliente vinculado',
  },
  ja: {
    contact: '外部連絡先',
    type: '種別',
    staff: 'フォロー担当',
    remark: 'メモ',
    mobiles: 'メモの携帯番号',
    tags: 'タグ',
    added: '追加日時',
    addWay: '追加方法',
    status: '関係の状態',
    client: '紐付け顧客',
  },
};
const TYPE: Record<Language, Record<number, string>> = {
  zh: { 1: '微信', 2: '企业微信' },
  en: { 1: 'WeChat', 2: 'WeCom' },
  es: { 1: 'WeChat', 2: 'WeCom' },
  ja: { 1: 'WeChat', 2: '企業 WeChat' },
};

/** 导出 of the external-contact list (admin): the list's filters within the caller's scope. */
export const contactExporter = (
  data: WecomDataService,
  p: Principal,
  f: Omit<Partial<WecomContactListQuery>, 'page' | 'pageSize' | 'sort'>,
  lang: Language,
): Exporter<WecomContactRow> => {
  const h = H[lang];
  return {
    kind: 'wecom-contacts',
    sheetName: h.contact,
    fileName: `wecom-contacts-${stamp()}.xlsx`,
    columns: [
      { header: h.contact, value: (r) => r.name },
      { header: h.type, width: 8, value: (r) => TYPE[lang][r.type] ?? String(r.type) },
      { header: h.staff, value: (r) => (r.memberName ? `${r.memberName} (${r.userid})` : r.userid) },
      { header: h.remark, value: (r) => r.remark },
      { header: h.mobiles, width: 16, value: (r) => r.remarkMobiles.join(', ') },
      { header: h.tags, width: 24, value: (r) => r.tags.map((t) => t.name).join(', ') },
      { header: h.added, width: 22, value: (r) => r.addTime ?? '' },
      { header: h.addWay, width: 8, value: (r) => r.addWay },
      { header: h.status, width: 14, value: (r) => r.status },
      { header: h.client, value: (r) => r.clientName ?? '' },
    ],
    count: (cap) => data.countContacts(f, p, cap),
    batches: () => data.contactBatches(f, p),
  };
};
