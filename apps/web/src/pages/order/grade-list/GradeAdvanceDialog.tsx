import { academicYearOf, type GradeAdvanceResult } from '@educrm/contract/dictionaries';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Result, Select, Spin, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientKeys } from '../../../api/clients';
import { dictKeys, previewGradeAdvance, runGradeAdvance } from '../../../api/dictionaries';
import { useConfirmAction } from '../../../components/ConfirmAction';

/** The academic years offered: the current one (a year starts on 1 September) and the two before. */
export const advanceYears = (now: Date = new Date()) => {
  const current = academicYearOf(now);
  return [current, current - 1, current - 2];
};

const MovesTable = ({ result }: { result: GradeAdvanceResult }) => {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey={(r) => `${r.gradeId}-${r.toGradeId}`}
      pagination={false}
      dataSource={result.items}
      aria-label={t('dict.grade.advancePreview')}
      columns={[
        { key: 'from', title: t('dict.grade.fromGrade'), dataIndex: 'gradeName' },
        { key: 'to', title: t('dict.grade.toGrade'), dataIndex: 'toGradeName' },
        { key: 'clients', title: t('dict.grade.clients'), dataIndex: 'clients', align: 'right' },
      ]}
    />
  );
};

/**
 * 年级升级 (Decision 10: the admin's explicit yearly action). Shows first how many clients would
 * move from which grade to which for the chosen academic year, runs it only after a confirmation,
 * then shows what was done.
 */
export const GradeAdvanceDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ask = useConfirmAction();
  const queryClient = useQueryClient();
  const years = advanceYears();
  const [year, setYear] = useState(years[0] as number);
  const [done, setDone] = useState<GradeAdvanceResult | null>(null);
  const yearLabel = (y: number) => t('dict.grade.yearLabel', { from: y, to: y + 1 });

  const preview = useQuery({
    queryKey: dictKeys.advancePreview(year),
    queryFn: () => previewGradeAdvance(year),
    enabled: open && !done,
    staleTime: 0,
  });
  const total = preview.data?.totalClients ?? 0;

  const close = () => {
    onClose();
    setDone(null);
  };

  const run = () =>
    ask({
      title: t('dict.grade.confirmTitle', { year: yearLabel(year) }),
      content: t('dict.grade.confirmText', { count: total, year: yearLabel(year) }),
      okText: t('dict.grade.run'),
      refusedTitle: t('dict.grade.runRefused'),
      onConfirm: async () => {
        const result = await runGradeAdvance(year);
        setDone(result);
        void message.success(t('dict.grade.done'));
        // Client lists and details show the grade.
        await queryClient.invalidateQueries({ queryKey: clientKeys.all });
      },
    });

  const footer = done ? (
    <Button type="primary" onClick={close}>
      {t('common.close')}
    </Button>
  ) : (
    <>
      <Button onClick={close}>{t('common.cancel')}</Button>
      <Button type="primary" disabled={!preview.data || preview.isFetching} onClick={() => void run()}>
        {t('dict.grade.run')}
      </Button>
    </>
  );

  return (
    <Modal
      open={open}
      title={t('dict.grade.advanceTitle')}
      onCancel={close}
      footer={footer}
      width={600}
      destroyOnHidden
    >
      {done ? (
        <>
          <Result
            status="success"
            title={t('dict.grade.done')}
            subTitle={t('dict.grade.resultText', {
              count: done.totalClients,
              year: yearLabel(done.academicYear),
            })}
          />
          {done.items.length ? <MovesTable result={done} /> : null}
        </>
      ) : (
        <>
          <p className="dict-muted">{t('dict.grade.advanceIntro')}</p>
          <div className="dict-advance__year">
            <label htmlFor="grade-advance-year">{t('dict.grade.academicYear')}</label>
            <Select<number>
              id="grade-advance-year"
              value={year}
              onChange={setYear}
              style={{ width: 200 }}
              options={years.map((y) => ({ value: y, label: yearLabel(y) }))}
            />
          </div>
          {preview.isError ? (
            <Alert
              type="error"
              showIcon
              title={preview.error instanceof Error ? preview.error.message : t('http.error')}
              action={
                <Button size="small" onClick={() => void preview.refetch()}>
                  {t('table.retry')}
                </Button>
              }
            />
          ) : !preview.data ? (
            <Spin />
          ) : (
            <Spin spinning={preview.isFetching}>
              <Alert
                className="dict-advance__summary"
                type={total ? 'info' : 'success'}
                showIcon
                role="status"
                title={
                  total
                    ? t('dict.grade.previewTotal', { count: total, year: yearLabel(year) })
                    : t('dict.grade.nothingToDo', { year: yearLabel(year) })
                }
              />
              {preview.data.items.length ? <MovesTable result={preview.data} /> : null}
            </Spin>
          )}
        </>
      )}
    </Modal>
  );
};
