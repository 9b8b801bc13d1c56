import { useQuery } from '@tanstack/react-query';
import { Empty, List, Modal, Select, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scriptDiff, scriptVersions } from '../../../api/calls';
import { parseTime } from '../../../utils/time';
import { ScriptStatusTag } from '../shared/labels';

/** The versions of a script, and what changed from an earlier version to a later one. */
export const ScriptHistory = ({ scriptId, onClose }: { scriptId: number; onClose: () => void }) => {
  const { t } = useTranslation();
  const versions = useQuery({
    queryKey: ['call', 'script-versions', scriptId],
    queryFn: () => scriptVersions(scriptId),
  });
  const items = versions.data?.items ?? [];
  const [to, setTo] = useState<number | null>(null);
  const [from, setFrom] = useState<number | null>(null);
  const toId = to ?? items[0]?.id ?? null;
  const fromId = from ?? items[1]?.id ?? null;
  const diff = useQuery({
    queryKey: ['call', 'script-diff', toId, fromId],
    queryFn: () => scriptDiff(toId as number, fromId as number),
    enabled: toId != null && fromId != null && toId !== fromId,
  });
  const options = items.map((v) => ({
    value: v.id,
    label: `v${v.versionNo} · ${t(`call.enum.scriptStatus.${v.status}`)}`,
  }));
  return (
    <Modal open onCancel={onClose} footer={null} width={820} title={t('call.script.history')}>
      {versions.isPending ? (
        <Spin />
      ) : (
        <>
          <List
            size="small"
            dataSource={items}
            renderItem={(v) => (
              <List.Item>
                <Space>
                  <strong>v{v.versionNo}</strong>
                  <ScriptStatusTag value={v.status} />
                  <span>{v.title}</span>
                  <span className="call-cell-sub">
                    {v.updatedByName ?? ''} · {parseTime(v.updatedAt, '{y}-{m}-{d} {h}:{i}')}
                  </span>
                </Space>
              </List.Item>
            )}
          />
          {items.length > 1 ? (
            <div className="call-diff" data-testid="script-diff">
              <Space wrap>
                <span>{t('call.script.compare')}</span>
                <Select
                  aria-label={t('call.script.diffFrom')}
                  value={fromId}
                  options={options}
                  onChange={setFrom}
                  style={{ width: 180 }}
                />
                <span>→</span>
                <Select
                  aria-label={t('call.script.diffTo')}
                  value={toId}
                  options={options}
                  onChange={setTo}
                  style={{ width: 180 }}
                />
              </Space>
              {diff.data ? (
                <div className="call-diff__body">
                  {diff.data.title.from !== diff.data.title.to ? (
                    <div className="call-diff__line call-diff__line--del">- {diff.data.title.from}</div>
                  ) : null}
                  {diff.data.title.from !== diff.data.title.to ? (
                    <div className="call-diff__line call-diff__line--add">+ {diff.data.title.to}</div>
                  ) : null}
                  {diff.data.lines.map((l, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines are a fixed list; equal lines repeat
                    <div key={`l${i}`} className={`call-diff__line call-diff__line--${l.op}`}>
                      {l.op === 'add' ? '+ ' : l.op === 'del' ? '- ' : '  '}
                      {l.text}
                    </div>
                  ))}
                  {diff.data.qa.map((q, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines are a fixed list; equal lines repeat
                    <div key={`q${i}`} className={`call-diff__line call-diff__line--${q.op}`}>
                      {q.op === 'add' ? '+ ' : q.op === 'del' ? '- ' : '  '}
                      {t('call.script.qaLine', { q: q.question, a: q.answer })}
                    </div>
                  ))}
                </div>
              ) : null}
            </div>
          ) : (
            <Empty description={t('call.script.oneVersion')} />
          )}
        </>
      )}
    </Modal>
  );
};
