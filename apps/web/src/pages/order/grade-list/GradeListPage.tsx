import { RiseOutlined } from '@ant-design/icons';
import { DICT_STATUSES, type DictStatus, GRADE_STAGES, type GradeRow } from '@educrm/contract/dictionaries';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteGrade, dictKeys, listGrades, updateGrade } from '../../../api/dictionaries';
import type { ListParams } from '../../../api/list';
import type { FilterField } from '../../../components/ResourceTable/listState';
import type { ResourceColumn } from '../../../components/ResourceTable/ResourceTable';
import { useCan } from '../../../session/useCan';
import { DictTable } from '../shared/dict/DictTable';
import { matchesKeyword, param, wholeList } from '../shared/dict/localList';
import { useDictRefresh } from '../shared/dict/useDictRefresh';
import { GradeAdvanceDialog } from './GradeAdvanceDialog';
import { GradeForm } from './GradeForm';

const WRITE = 'order.grade.write';
const ADVANCE = 'order.grade.advance';
const ALL_KEY = [...dictKeys.grades, 'all'] as const;

/** Every grade in the server's order (sort), searched on this side. */
const fetchGrades = async (params: ListParams) => {
  const { items } = await listGrades();
  const keyword = param(params, 'keyword');
  const stage = param(params, 'stage');
  const status = param(params, 'status');
  return wholeList(
    items.filter(
      (g) => matchesKeyword(g, keyword) && (!stage || g.stage === stage) && (!status || g.status === status),
    ),
    items.length,
  );
};

/** Order management > Grades (年级): stages, the "next grade" chain and the yearly advance. */
const GradeListPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const [editing, setEditing] = useState<{ grade: GradeRow | null } | null>(null);
  const [advancing, setAdvancing] = useState(false);
  const all = useQuery({ queryKey: ALL_KEY, queryFn: listGrades, staleTime: 30_000 });

  const refresh = useDictRefresh();

  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('dict.keyword'), placeholder: t('dict.keywordHint') },
      {
        type: 'select',
        name: 'stage',
        label: t('dict.grade.stage'),
        options: GRADE_STAGES.map((s) => ({ value: s, label: t(`dict.grade.stages.${s}`) })),
      },
      {
        type: 'select',
        name: 'status',
        label: t('dict.status'),
        options: DICT_STATUSES.map((s) => ({ value: s, label: t(`enum.status.${s}`) })),
      },
    ],
    [t],
  );

  const columns: ResourceColumn<GradeRow>[] = [
    { key: 'name', title: t('dict.name'), dataIndex: 'name' },
    { key: 'code', title: t('dict.code'), render: (_, g) => <code className="dict-code">{g.code}</code> },
    { key: 'stage', title: t('dict.grade.stage'), render: (_, g) => t(`dict.grade.stages.${g.stage}`) },
    {
      key: 'nextGrade',
      title: t('dict.grade.nextGrade'),
      render: (_, g) =>
        g.nextGradeName ?? <span className="dict-cell-sub">{t('dict.grade.nextGradeNone')}</span>,
    },
  ];

  const setStatus = (g: GradeRow, status: DictStatus) =>
    updateGrade(g.id, {
      code: g.code,
      name: g.name,
      stage: g.stage,
      nextGradeId: g.nextGradeId,
      sort: g.sort,
      status,
      version: g.version,
    });

  return (
    <div className="dict-page" data-testid="grade-list-page">
      <h1 className="visually-hidden">{t('route.orderGradeList')}</h1>
      <DictTable<GradeRow>
        tableKey="order.grades"
        title={t('route.orderGradeList')}
        queryKey={dictKeys.grades}
        fetch={fetchGrades}
        paginated={false}
        columns={columns}
        filters={filters}
        write={WRITE}
        createLabel={t('dict.grade.create')}
        onCreate={() => setEditing({ grade: null })}
        onEdit={(grade) => setEditing({ grade })}
        setStatus={setStatus}
        remove={(g) => deleteGrade(g.id)}
        onChanged={refresh}
        toolbar={
          can(ADVANCE) ? (
            <Button icon={<RiseOutlined />} onClick={() => setAdvancing(true)}>
              {t('dict.grade.advance')}
            </Button>
          ) : null
        }
      />
      {editing ? (
        <GradeForm
          grade={editing.grade}
          grades={all.data?.items ?? []}
          onClosed={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
      <GradeAdvanceDialog open={advancing} onClose={() => setAdvancing(false)} />
    </div>
  );
};

export default GradeListPage;
