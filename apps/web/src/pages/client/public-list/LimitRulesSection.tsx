import { PlusOutlined } from '@ant-design/icons';
import type { LimitRuleRow } from '@educrm/contract/clients';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteLimitRule, listLimitRules, poolKeys } from '../../../api/pool';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { useDepartments } from '../../system/queries';
import { staffLabel, useStaffSearch } from './lookups';

/**
 * The limit rules (客户数上限) of the pool settings: a compact table with add, edit and delete.
 * The editor opens beside the settings drawer (`onEdit`); every change is saved on its own.
 */
export const LimitRulesSection = ({ onEdit }: { onEdit: (rule: LimitRuleRow | null) => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const rules = useQuery({ queryKey: poolKeys.rules, queryFn: listLimitRules, staleTime: 10_000 });
  const depts = useDepartments();
  const { known } = useStaffSearch('');

  const deptName = (id: number) => depts.rows.find((d) => d.id === id)?.name ?? `#${id}`;
  const userName = (id: number) => {
    const s = known.get(id);
    return s ? staffLabel(s) : `#${id}`;
  };

  const targets = (r: LimitRuleRow) =>
    !r.userIds.length && !r.deptIds.length ? (
      <Tag>{t('client.pool.everyone')}</Tag>
    ) : (
      <span className="pool-rule-targets">
        {r.deptIds.map((id) => (
          <Tag key={`d${id}`} color="blue">
            {deptName(id)}
          </Tag>
        ))}
        {r.userIds.map((id) => (
          <Tag key={`u${id}`}>{userName(id)}</Tag>
        ))}
      </span>
    );

  return (
    <section className="pool-rules" aria-label={t('client.pool.sectionLimits')}>
      <div className="pool-rules__head">
        <p className="pool-muted">{t('client.pool.rulesHint')}</p>
        <Button icon={<PlusOutlined />} onClick={() => onEdit(null)}>
          {t('client.pool.addRule')}
        </Button>
      </div>
      {rules.isError ? (
        <Alert
          type="error"
          showIcon
          title={rules.error instanceof Error ? rules.error.message : t('http.error')}
          action={
            <Button size="small" onClick={() => void rules.refetch()}>
              {t('table.retry')}
            </Button>
          }
        />
      ) : (
        <Table<LimitRuleRow>
          size="small"
          rowKey="id"
          pagination={false}
          loading={rules.isFetching}
          dataSource={rules.data?.items ?? []}
          aria-label={t('client.pool.sectionLimits')}
          locale={{ emptyText: t('client.pool.noRules') }}
          columns={[
            {
              key: 'type',
              title: t('client.pool.ruleType'),
              render: (_, r) => t(`client.pool.ruleTypes.${r.type}`),
            },
            { key: 'targets', title: t('client.pool.appliesTo'), render: (_, r) => targets(r) },
            {
              key: 'max',
              title: t('client.pool.maxCount'),
              align: 'right',
              render: (_, r) => (
                <>
                  {r.maxCount}
                  {r.type === 'OWNER_LIMIT' ? (
                    <span className="pool-cell-sub">
                      {r.dealCounts ? t('client.pool.dealIncluded') : t('client.pool.dealExcluded')}
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              key: 'remark',
              title: t('client.pool.ruleRemark'),
              ellipsis: true,
              render: (_, r) => r.remark || '-',
            },
            {
              key: 'actions',
              title: t('table.actions'),
              render: (_, r) => (
                <RowActions
                  label={t(`client.pool.ruleTypes.${r.type}`)}
                  actions={[
                    { key: 'edit', label: t('common.edit'), onClick: () => onEdit(r) },
                    {
                      key: 'delete',
                      label: t('common.delete'),
                      danger: true,
                      confirm: {
                        title: t('client.pool.ruleDeleteTitle'),
                        content: t('client.pool.ruleDeleteText'),
                        okText: t('common.delete'),
                        onConfirm: async () => {
                          await deleteLimitRule(r.id);
                          void message.success(t('common.deleted'));
                          await Promise.all([
                            queryClient.invalidateQueries({ queryKey: poolKeys.rules }),
                            queryClient.invalidateQueries({ queryKey: poolKeys.quota }),
                          ]);
                        },
                      },
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      )}
    </section>
  );
};
