import type { Language, ScriptExportQuery, ScriptRow } from '@educrm/contract';
import { fileDay } from '../../lib/xlsx';
import type { Principal } from '../../types';
import type { Exporter } from '../exports/service';
import { htmlToLines } from './diff';
import type { ScriptService } from './scripts.service';

type L = Record<Language, string>;
const l = (zh: string, en: string, es: string, ja: string): L => ({ zh, en, es, ja });

/** Spreadsheet labels of the call-script export, per language. */
const H = {
  sheet: l('话术', 'Call scripts', 'Guiones', '通話スクリプト'),
  id: l('ID', 'ID', 'ID', 'ID'),
  title: l('标题', 'Title', 'Título', 'タイトル'),
  version: l('版本', 'Version', 'Versión', 'バージョン'),
  category: l('分类', 'Category', 'Categoría', 'カテゴリ'),
  status: l('状态', 'Status', 'Estado', 'ステータス'),
  content: l('话术内容', 'Script', 'Guion', 'スクリプト本文'),
  qa: l('问答', 'Q&A', 'Preguntas y respuestas', 'Q&A'),
  keywords: l('关键词', 'Keywords', 'Palabras clave', 'キーワード'),
  sort: l('排序', 'Order', 'Orden', '並び順'),
  useCount: l('使用次数', 'Uses', 'Usos', '使用回数'),
  viewCount: l('查看次数', 'Views', 'Vistas', '閲覧回数'),
  publishedAt: l('发布时间', 'Published at', 'Publicado el', '公開日時'),
  updatedAt: l('更新时间', 'Updated at', 'Actualizado el', '更新日時'),
  updatedBy: l('更新人', 'Updated by', 'Actualizado por', '更新者'),
  question: l('问', 'Q', 'P', 'Q'),
  answer: l('答', 'A', 'R', 'A'),
};
const STATUS: Record<ScriptRow['status'], L> = {
  DRAFT: l('草稿', 'Draft', 'Borrador', '下書き'),
  PUBLISHED: l('已发布', 'Published', 'Publicado', '公開中'),
  ARCHIVED: l('已下线', 'Offline', 'Retirado', '非公開'),
};
const CATEGORY: Record<ScriptRow['category'], L> = {
  OPENING: l('开场白', 'Opening', 'Apertura', 'オープニング'),
  DISCOVERY: l('需求挖掘', 'Needs discovery', 'Necesidades', 'ニーズ把握'),
  PRODUCT: l('产品介绍', 'Product', 'Producto', '商品紹介'),
  OBJECTION: l('异议处理', 'Objections', 'Objeciones', '反論対応'),
  CLOSING: l('促成', 'Closing', 'Cierre', 'クロージング'),
  AFTER_SALES: l('售后', 'After sales', 'Posventa', 'アフターサービス'),
};

/**
 * Call scripts as xlsx (DOMAIN 7.2, bulk 导出): the list's filters or the selected ids, what the
 * caller may see (drafts only for writers and supervisors). The rich text is written as plain
 * text lines, variables kept as `{客户称呼}`; lib/xlsx makes every text cell formula-safe.
 */
export const scriptExporter = (
  scripts: ScriptService,
  p: Principal,
  filters: ScriptExportQuery,
  lang: Language,
): Exporter<ScriptRow> => ({
  kind: 'call-scripts',
  params: { filters, lang },
  sheetName: H.sheet[lang],
  fileName: `call-scripts-${fileDay()}.xlsx`,
  columns: [
    { header: H.id[lang], width: 8, value: (r) => r.id },
    { header: H.title[lang], width: 24, value: (r) => r.title },
    { header: H.version[lang], width: 8, value: (r) => `v${r.versionNo}` },
    { header: H.category[lang], width: 12, value: (r) => CATEGORY[r.category]?.[lang] ?? r.category },
    { header: H.status[lang], width: 10, value: (r) => STATUS[r.status]?.[lang] ?? r.status },
    { header: H.content[lang], width: 60, value: (r) => htmlToLines(r.content).join('\n') },
    {
      header: H.qa[lang],
      width: 60,
      value: (r) =>
        r.qaPairs
          .map((x) => `${H.question[lang]}: ${x.question}\n${H.answer[lang]}: ${x.answer}`)
          .join('\n\n'),
    },
    { header: H.keywords[lang], width: 20, value: (r) => r.keywords.join(', ') },
    { header: H.sort[lang], width: 8, value: (r) => r.sort },
    { header: H.useCount[lang], width: 10, value: (r) => r.useCount },
    { header: H.viewCount[lang], width: 10, value: (r) => r.viewCount },
    { header: H.publishedAt[lang], width: 22, value: (r) => r.publishedAt },
    { header: H.updatedAt[lang], width: 22, value: (r) => r.updatedAt },
    { header: H.updatedBy[lang], width: 14, value: (r) => r.updatedByName },
  ],
  count: (cap) => scripts.count(p, filters, cap),
  batches: () => scripts.batches(p, filters),
});
