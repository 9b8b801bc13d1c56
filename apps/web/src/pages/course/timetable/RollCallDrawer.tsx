import { type LessonRow, ROLL_CALL_STATUSES, type RollCallStatus } from '@educrm/contract/teaching';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Drawer, Empty, Radio, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/errors';
import {
  classSettings,
  markRollCall,
  type RollCallSheet,
  rollCallSheet,
  saveClassSettings,
  teachingKeys,
} from '../../../api/teaching';
import { useCan } from '../../../session/useCan';
import './timetable.css';

/** Students per roll-call call (the server takes at most 200). */
const CHUNK = 50;

const TONES: Record<RollCallStatus, string> = {
  PRESENT: 'green',
  LATE: 'gold',
  LEAVE: 'blue',
  ABSENT: 'red',
};

/** A class's hour rules (absent deducts, owing allowed), editable by timetable writers. */
const ClassRules = ({ classId }: { classId: number }) => {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: teachingKeys.settings(classId), queryFn: () => classSettings(classId) });
  const save = async (patch: { absentDeducts?: boolean; allowOwing?: boolean }) => {
    if (!q.data) return;
    await saveClassSettings(classId, {
      absentDeducts: q.data.absentDeducts,
      allowOwing: q.data.allowOwing,
      ...patch,
      version: q.data.version || null,
    });
    await queryClient.invalidateQueries({ queryKey: teachingKeys.settings(classId) });
  };
  const disabled = !can('course.lesson.write') || !q.data;
  return (
    <Space wrap className="roll-call__rules">
      <strong>{t('teaching.settings')}</strong>
      <Checkbox
        checked={q.data?.absentDeducts}
        disabled={disabled}
        onChange={(e) => void save({ absentDeducts: e.target.checked })}
      >
        {t('teaching.absentDeducts')}
      </Checkbox>
      <Checkbox
        checked={q.data?.allowOwing}
        disabled={disabled}
        onChange={(e) => void save({ allowOwing: e.target.checked })}
      >
        {t('teaching.allowOwing')}
      </Checkbox>
    </Space>
  );
};

/** 点名: one tap per student, "all present"; each mark answers the new sheet (hours left). */
export const RollCallDrawer = ({ lesson, onClose }: { lesson: LessonRow | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const id = lesson?.id ?? 0;
  const q = useQuery({
    queryKey: teachingKeys.rollCall(id),
    queryFn: () => rollCallSheet(id),
    enabled: lesson !== null,
  });
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);
  const writable = can('course.rollcall.write') && q.data?.lesson.status !== 'CANCELLED';

  /** Marks in calls of at most CHUNK students (the server's limit); refusals are collected. */
  const mark = async (marks: { memberId: number; status: RollCallStatus }[]) => {
    if (!marks.length) return;
    setBusy(true);
    setRefused([]);
    const messages: string[] = [];
    try {
      for (let i = 0; i < marks.length; i += CHUNK) {
        const r = await markRollCall(id, marks.slice(i, i + CHUNK));
        queryClient.setQueryData<RollCallSheet>(teachingKeys.rollCall(id), r.sheet);
        const names = new Map(r.sheet.items.map((s) => [s.memberId, s.nickname]));
        messages.push(...r.refused.map((x) => `${names.get(x.memberId) ?? ''} ${x.message}`.trim()));
      }
      void queryClient.invalidateQueries({ queryKey: teachingKeys.lessons });
    } catch (e) {
      if (!isApiError(e)) throw e;
      messages.push(e.message);
    } finally {
      setRefused(messages);
      setBusy(false);
    }
  };
  const items = q.data?.items ?? [];
  const l = q.data?.lesson ?? lesson;

  return (
    <Drawer
      open={lesson !== null}
      onClose={onClose}
      size={760}
      className="roll-call"
      title={
        l ? `${t('teaching.rollCallAction')} · ${l.className} ${l.date} ${l.startTime}-${l.endTime}` : ''
      }
      extra={
        writable ? (
          <Button
            type="primary"
            size="large"
            disabled={busy || !items.length}
            data-testid="roll-call-all-present"
            onClick={() =>
              void mark(
                items
                  .filter((s) => s.status === null)
                  .map((s) => ({ memberId: s.memberId, status: 'PRESENT' })),
              )
            }
          >
            {t('teaching.allPresent')}
          </Button>
        ) : null
      }
    >
      {l ? (
        <p className="roll-call__meta">
          {[
            l.teacherName,
            l.online ? t('teaching.online') : l.roomName,
            `${t('teaching.hours')} ${l.hours}`,
            l.topic,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      {l ? <ClassRules classId={l.classId} /> : null}
      {refused.length ? (
        <Alert
          type="warning"
          showIcon
          title={t('teaching.refused')}
          description={`${refused.slice(0, 10).join('；')}${refused.length > 10 ? ` … (${refused.length})` : ''}`}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Spin spinning={q.isFetching || busy}>
        {q.isError ? <Alert type="error" showIcon title={q.error.message} /> : null}
        {!items.length && !q.isFetching ? <Empty description={t('teaching.noStudents')} /> : null}
        <ul className="roll-call__list" data-testid="roll-call-list">
          {items.map((s) => (
            <li key={s.memberId} className="roll-call__row">
              <div className="roll-call__who">
                <strong>{s.nickname || s.mobile}</strong>
                <span className="roll-call__sub">
                  {s.mobile}
                  {s.balance !== null ? ` · ${t('teaching.balance')} ${s.balance}` : ''}
                  {s.debited ? ` · ${t('teaching.debited')} ${s.debited}` : ''}
                </span>
                {s.markedByName ? (
                  <span className="roll-call__sub">
                    {t('teaching.markedBy')} {s.markedByName}
                  </span>
                ) : null}
              </div>
              {writable ? (
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  size="large"
                  value={s.status}
                  disabled={busy}
                  aria-label={s.nickname}
                  onChange={(e) =>
                    void mark([{ memberId: s.memberId, status: e.target.value as RollCallStatus }])
                  }
                  options={ROLL_CALL_STATUSES.map((v) => ({ value: v, label: t(`teaching.rollCall.${v}`) }))}
                />
              ) : s.status ? (
                <Tag color={TONES[s.status]}>{t(`teaching.rollCall.${s.status}`)}</Tag>
              ) : (
                <Tag>{t('teaching.notMarked')}</Tag>
              )}
            </li>
          ))}
        </ul>
      </Spin>
    </Drawer>
  );
};
