import type { LessonRow } from '@educrm/contract/teaching';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Switch,
  TimePicker,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/errors';
import { createLesson, createSeries, listRooms, teachingKeys, updateLesson } from '../../../api/teaching';
import { showSuccess } from '../../../components/feedback';
import { ClassSelect } from '../shared/AskModal';
import { useCourseStaff } from '../shared/lookups';

export type LessonFormMode = { kind: 'lesson' } | { kind: 'series' } | { kind: 'move'; lesson: LessonRow };

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : '');
const hm = (d: Dayjs | null | undefined) => (d ? d.format('HH:mm') : '');
const at = (time: string) => dayjs(`2000-01-01 ${time}`);

/** One lesson, a weekly series, or moving a lesson: the server refuses clashes, naming the other lesson. */
export const LessonFormModal = ({
  mode,
  classId,
  onClose,
  onSaved,
}: {
  mode: LessonFormMode | null;
  /** The class the timetable is filtered on (a new lesson starts there). */
  classId?: number;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lesson = mode?.kind === 'move' ? mode.lesson : null;
  const series = mode?.kind === 'series';
  const staff = useCourseStaff(
    [lesson?.teacherId, lesson?.assistantId].filter((v): v is number => v != null),
  );
  const rooms = useQuery({ queryKey: teachingKeys.rooms, queryFn: listRooms, enabled: mode !== null });
  const online = Form.useWatch('online', form) as boolean | undefined;

  const submit = async () => {
    const v = await form.validateFields();
    const place = {
      teacherId: v.teacherId ?? null,
      assistantId: v.assistantId ?? null,
      roomId: v.online ? null : (v.roomId ?? null),
      online: Boolean(v.online),
      hours: v.hours ?? 1,
      topic: v.topic ?? '',
      startTime: hm(v.time?.[0]),
      endTime: hm(v.time?.[1]),
    };
    setBusy(true);
    setError(null);
    try {
      if (lesson) await updateLesson(lesson.id, { ...place, date: day(v.date), version: lesson.version });
      else if (series) {
        const r = await createSeries({
          ...place,
          classId: v.classId,
          fromDate: day(v.range?.[0]),
          toDate: day(v.range?.[1]),
          weekdays: v.weekdays ?? [],
          count: v.count ?? null,
          skipDates: String(v.skipDates ?? '')
            .split(/[\s,，]+/)
            .filter(Boolean),
        });
        showSuccess(t('teaching.scheduled', { n: r.items.length }));
      } else await createLesson({ ...place, classId: v.classId, date: day(v.date) });
      onSaved();
      onClose();
    } catch (e) {
      if (!isApiError(e)) throw e;
      setError(e.message);
      form.setFields(Object.entries(e.fields).map(([name, msg]) => ({ name, errors: [String(msg)] })));
    } finally {
      setBusy(false);
    }
  };

  const initial = lesson
    ? {
        classId: lesson.classId,
        date: dayjs(lesson.date),
        time: [at(lesson.startTime), at(lesson.endTime)],
        teacherId: lesson.teacherId ?? undefined,
        assistantId: lesson.assistantId ?? undefined,
        roomId: lesson.roomId ?? undefined,
        online: lesson.online,
        hours: lesson.hours,
        topic: lesson.topic,
      }
    : { classId, hours: 1, online: false, weekdays: [] };
  const required = [{ required: true, message: t('course.required') }];

  return (
    <Modal
      open={mode !== null}
      title={t(lesson ? 'teaching.move' : series ? 'teaching.newSeries' : 'teaching.newLesson')}
      onOk={() => void submit()}
      confirmLoading={busy}
      onCancel={() => {
        setError(null);
        onClose();
      }}
      okText={t('course.ok')}
      width={720}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initial}
        className="ask-modal-form--wide"
      >
        <Form.Item name="classId" label={t('teaching.klass')} rules={required}>
          {lesson ? (
            <Select disabled options={[{ value: lesson.classId, label: lesson.className }]} />
          ) : (
            <ClassSelect />
          )}
        </Form.Item>
        {series ? (
          <Form.Item
            name="range"
            label={`${t('teaching.fromDate')} – ${t('teaching.toDate')}`}
            rules={required}
          >
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
        ) : (
          <Form.Item name="date" label={t('teaching.date')} rules={required}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        )}
        {series ? (
          <Form.Item
            name="weekdays"
            label={t('teaching.weekdays')}
            rules={required}
            className="ask-modal-form__full"
          >
            <Checkbox.Group
              options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`teaching.weekday.${d}`) }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          name="time"
          label={`${t('teaching.startTime')} – ${t('teaching.endTime')}`}
          rules={required}
        >
          <TimePicker.RangePicker
            format="HH:mm"
            minuteStep={5}
            needConfirm={false}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="hours" label={t('teaching.hours')}>
          <InputNumber min={0} max={20} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {(['teacherId', 'assistantId'] as const).map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(name === 'teacherId' ? 'teaching.teacher' : 'teaching.assistant')}
          >
            <Select
              allowClear
              showSearch={{ filterOption: false, onSearch: staff.onSearch }}
              loading={staff.isFetching}
              options={staff.options.map((o) => ({ value: o.value, label: o.label }))}
              placeholder={t('course.choose')}
            />
          </Form.Item>
        ))}
        <Form.Item
          name="online"
          label={t('teaching.online')}
          valuePropName="checked"
          extra={t('teaching.onlineHint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item name="roomId" label={t('teaching.room')}>
          <Select
            allowClear
            disabled={Boolean(online)}
            loading={rooms.isFetching}
            placeholder={t('course.choose')}
            options={(rooms.data?.items ?? [])
              .filter((r) => r.status === 'ENABLED' || r.id === lesson?.roomId)
              .map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
        {series ? (
          <>
            <Form.Item name="count" label={t('teaching.count')}>
              <InputNumber min={1} max={200} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="skipDates" label={t('teaching.skipDates')} extra={t('teaching.skipHint')}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="topic" label={t('teaching.topic')} className="ask-modal-form__full">
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
