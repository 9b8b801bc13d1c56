import type { LessonRow } from '@educrm/contract/teaching';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Spin } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listLessons, teachingKeys } from '../../../api/teaching';

/** Monday of the week of `d` (ISO weeks). */
const mondayOf = (d: dayjs.Dayjs) => d.subtract((d.day() + 6) % 7, 'day').startOf('day');

/** A week of lessons, one column a day; a lesson opens its roll call. Filters: class, teacher, room. */
export const WeekView = ({
  filters,
  onOpen,
}: {
  filters: { classId?: number; teacherId?: number; roomId?: number };
  onOpen: (l: LessonRow) => void;
}) => {
  const { t } = useTranslation();
  const [monday, setMonday] = useState(() => mondayOf(dayjs()));
  const from = monday.format('YYYY-MM-DD');
  const to = monday.add(6, 'day').format('YYYY-MM-DD');
  const q = useQuery({
    queryKey: [...teachingKeys.lessons, 'week', from, filters],
    queryFn: () => listLessons({ from, to, pageSize: 100, sort: 'startsAt', ...filters }),
  });
  const byDay = useMemo(() => {
    const m = new Map<string, LessonRow[]>();
    for (const l of q.data?.items ?? []) m.set(l.date, [...(m.get(l.date) ?? []), l]);
    return m;
  }, [q.data]);
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <div data-testid="timetable-week">
      <div className="week-view__bar">
        <Button onClick={() => setMonday(monday.subtract(7, 'day'))}>{t('teaching.prevWeek')}</Button>
        <Button onClick={() => setMonday(mondayOf(dayjs()))}>{t('teaching.thisWeek')}</Button>
        <Button onClick={() => setMonday(monday.add(7, 'day'))}>{t('teaching.nextWeek')}</Button>
        <strong>
          {from} – {to}
        </strong>
      </div>
      {q.isError ? <Alert type="error" showIcon title={q.error.message} /> : null}
      <Spin spinning={q.isFetching}>
        <div className="week-view">
          {[0, 1, 2, 3, 4, 5, 6].map((i) => {
            const d = monday.add(i, 'day').format('YYYY-MM-DD');
            return (
              <div key={d} className={`week-view__day${d === today ? ' week-view__today' : ''}`}>
                <div className="week-view__head">
                  {t(`teaching.weekday.${i + 1}`)} {d.slice(5)}
                </div>
                {(byDay.get(d) ?? []).map((l) => (
                  <button
                    type="button"
                    key={l.id}
                    className={`week-view__lesson${l.status === 'CANCELLED' ? ' week-view__lesson--cancelled' : l.status === 'COMPLETED' ? ' week-view__lesson--done' : ''}`}
                    onClick={() => onOpen(l)}
                  >
                    <strong>
                      {l.startTime}-{l.endTime}
                    </strong>{' '}
                    {l.className}
                    <br />
                    {[l.teacherName, l.online ? t('teaching.online') : l.roomName]
                      .filter(Boolean)
                      .join(' · ')}
                  </button>
                ))}
              </div>
            );
          })}
        </div>
      </Spin>
    </div>
  );
};
