import type {
  ClassTeachingSettings,
  HourBalanceRow,
  HourLedgerRow,
  LessonRow,
  lessonInput,
  lessonSeriesInput,
  lessonUpdate,
  RollCallRow,
  RollCallStatus,
  RoomRow,
} from '@educrm/contract/teaching';
import type { z } from 'zod';
import { request } from './http';
import type { ListParams, ListResult } from './list';

/** Timetable, roll call and course hours (docs/teaching.md). Writes are `silent`: dialogs show the reason. */
const T = '/v1/teaching';

export const teachingKeys = {
  lessons: ['teaching', 'lessons'] as const,
  rooms: ['teaching', 'rooms'] as const,
  rollCall: (id: number) => ['teaching', 'roll-call', id] as const,
  hours: (memberId: number) => ['teaching', 'hours', memberId] as const,
  settings: (classId: number) => ['teaching', 'settings', classId] as const,
};

const send = <T>(method: 'post' | 'put', url: string, data: unknown) =>
  request<T>({ url, method, data, silent: true });

export type RollCallSheet = { lesson: LessonRow; items: RollCallRow[] };

export const listLessons = (params: ListParams) =>
  request<ListResult<LessonRow>>({ url: `${T}/lessons`, method: 'get', params });
export const createLesson = (body: z.input<typeof lessonInput>) =>
  send<LessonRow>('post', `${T}/lessons`, body);
export const createSeries = (body: z.input<typeof lessonSeriesInput>) =>
  send<{ seriesId: string; items: LessonRow[] }>('post', `${T}/lessons/series`, body);
export const updateLesson = (id: number, body: z.input<typeof lessonUpdate>) =>
  send<LessonRow>('put', `${T}/lessons/${id}`, body);
export const cancelLesson = (id: number, reason: string, version: number) =>
  send<LessonRow>('post', `${T}/lessons/${id}/cancel`, { reason, version });
export const rollCallSheet = (id: number) =>
  request<RollCallSheet>({ url: `${T}/lessons/${id}/roll-call`, method: 'get' });
/** A roll call of many students is one transaction each on the server: a longer timeout. */
export const markRollCall = (id: number, marks: { memberId: number; status: RollCallStatus }[]) =>
  request<{ marked: number; refused: { memberId: number; message: string }[]; sheet: RollCallSheet }>({
    url: `${T}/lessons/${id}/roll-call`,
    method: 'post',
    data: { marks },
    silent: true,
    timeout: 60_000,
  });
export const listRooms = () => request<{ items: RoomRow[] }>({ url: `${T}/rooms`, method: 'get' });
export const createRoom = (name: string, capacity: number) =>
  send<RoomRow>('post', `${T}/rooms`, { name, capacity });
export const classSettings = (classId: number) =>
  request<ClassTeachingSettings>({ url: `${T}/classes/${classId}/settings`, method: 'get' });
export const saveClassSettings = (
  classId: number,
  body: { absentDeducts: boolean; allowOwing: boolean; version: number | null },
) => send<ClassTeachingSettings>('put', `${T}/classes/${classId}/settings`, body);
export const hourBalances = (memberId: number) =>
  request<{ items: HourBalanceRow[] }>({ url: `${T}/hours/balances`, method: 'get', params: { memberId } });
export const hourLedger = (memberId: number, page = 1) =>
  request<ListResult<HourLedgerRow>>({
    url: `${T}/hours/ledger`,
    method: 'get',
    params: { memberId, page, pageSize: 20 },
  });
export const grantHours = (body: {
  memberId: number;
  spuId: number;
  kind: 'GIFT' | 'MANUAL';
  hours: number;
  reason: string;
}) => send<HourBalanceRow | undefined>('post', `${T}/hours/grant`, body);
