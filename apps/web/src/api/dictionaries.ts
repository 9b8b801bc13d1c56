import type {
  ChannelNode,
  ChannelRow,
  channelCreate,
  channelUpdate,
  DictOptions,
  GradeAdvanceResult,
  GradeRow,
  gradeCreate,
  gradeUpdate,
  PlatformRow,
  platformCreate,
  platformUpdate,
} from '@educrm/contract/dictionaries';
import type { z } from 'zod';
import { request } from './http';
import type { ListParams, ListResult } from './list';

/**
 * Order dictionaries (DOMAIN 4.3): source platforms, order channels (two levels) and grades with the
 * yearly "advance grades" action. Writes are `silent`: forms and confirm dialogs show the refusal.
 */
const BASE = '/v1/dict';
const PLATFORMS = `${BASE}/platforms`;
const CHANNELS = `${BASE}/channels`;
const GRADES = `${BASE}/grades`;

export const dictKeys = {
  all: ['dict'] as const,
  options: ['dict', 'options'] as const,
  platforms: ['dict', 'platforms'] as const,
  channels: ['dict', 'channels'] as const,
  grades: ['dict', 'grades'] as const,
  advancePreview: (year: number) => ['dict', 'grades', 'advance-preview', year] as const,
};

/** Enabled entries for client/order forms and filters. */
export const getDictOptions = () => request<DictOptions>({ url: `${BASE}/options`, method: 'get' });

// ---- source platforms ---------------------------------------------------------------------------
export const listPlatforms = (params: ListParams) =>
  request<ListResult<PlatformRow>>({ url: PLATFORMS, method: 'get', params });

export const getPlatform = (id: number) =>
  request<PlatformRow>({ url: `${PLATFORMS}/${id}`, method: 'get', silent: true });

export const createPlatform = (body: z.input<typeof platformCreate>) =>
  request<PlatformRow>({ url: PLATFORMS, method: 'post', data: body, silent: true });

export const updatePlatform = (id: number, body: z.input<typeof platformUpdate>) =>
  request<PlatformRow>({ url: `${PLATFORMS}/${id}`, method: 'put', data: body, silent: true });

export const deletePlatform = (id: number) =>
  request<null>({ url: `${PLATFORMS}/${id}`, method: 'delete', silent: true });

// ---- order channels -----------------------------------------------------------------------------
export const listChannelTree = () => request<{ items: ChannelNode[] }>({ url: CHANNELS, method: 'get' });

export const getChannel = (id: number) =>
  request<ChannelRow>({ url: `${CHANNELS}/${id}`, method: 'get', silent: true });

export const createChannel = (body: z.input<typeof channelCreate>) =>
  request<ChannelRow>({ url: CHANNELS, method: 'post', data: body, silent: true });

export const updateChannel = (id: number, body: z.input<typeof channelUpdate>) =>
  request<ChannelRow>({ url: `${CHANNELS}/${id}`, method: 'put', data: body, silent: true });

export const deleteChannel = (id: number) =>
  request<null>({ url: `${CHANNELS}/${id}`, method: 'delete', silent: true });

// ---- grades -------------------------------------------------------------------------------------
export const listGrades = () => request<{ items: GradeRow[] }>({ url: GRADES, method: 'get' });

export const getGrade = (id: number) =>
  request<GradeRow>({ url: `${GRADES}/${id}`, method: 'get', silent: true });

export const createGrade = (body: z.input<typeof gradeCreate>) =>
  request<GradeRow>({ url: GRADES, method: 'post', data: body, silent: true });

export const updateGrade = (id: number, body: z.input<typeof gradeUpdate>) =>
  request<GradeRow>({ url: `${GRADES}/${id}`, method: 'put', data: body, silent: true });

export const deleteGrade = (id: number) =>
  request<null>({ url: `${GRADES}/${id}`, method: 'delete', silent: true });

/** How many clients the advance into `academicYear` would move, per grade (nothing changes). */
export const previewGradeAdvance = (academicYear: number) =>
  request<GradeAdvanceResult>({
    url: `${GRADES}/advance-preview`,
    method: 'get',
    params: { academicYear },
    silent: true,
  });

/** 年级升级: moves the clients (the admin's explicit yearly action); answers what was moved. */
export const runGradeAdvance = (academicYear: number) =>
  request<GradeAdvanceResult>({
    url: `${GRADES}/advance`,
    method: 'post',
    data: { academicYear },
    silent: true,
    timeout: 30_000,
  });
