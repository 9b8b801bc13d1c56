import {
  classTeachingSettings,
  classTeachingSettingsUpdate,
  envelopeOf,
  hourBalanceRow,
  hourGrantBody,
  hourLedgerQuery,
  hourLedgerRow,
  idParam,
  lessonCancelBody,
  lessonInput,
  lessonListQuery,
  lessonRow,
  lessonSeriesInput,
  lessonUpdate,
  listResultOf,
  memberHoursQuery,
  rollCallBody,
  rollCallResult,
  rollCallSheet,
  roomInput,
  roomRow,
  roomUpdate,
  seriesResult,
} from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/list';
import { principalOf, requestIp, requestLanguage } from '../../lib/request-context';
import type { HourService } from './hours.service';
import type { LessonService } from './lessons.service';
import type { RollCallService } from './rollcall.service';
import type { TeachingSettingsService } from './settings.service';

const BASE = '/api/v1/teaching';

/**
 * Teaching delivery (docs/teaching.md, DOMAIN 1.3): every role with the timetable page reads;
 * admin and zhongtai schedule lessons and take roll calls; admin grants hours. Roll-call students,
 * balances and ledgers follow the caller's data scope over the student's client.
 */
export const teachingRoutes = async (
  app: FastifyInstance,
  opts: {
    lessons: LessonService;
    rollCalls: RollCallService;
    hours: HourService;
    settings: TeachingSettingsService;
  },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['teaching'];
  const { lessons, rollCalls, hours, settings } = opts;
  const READ = { permission: 'course.timetable' } as const;
  const WRITE = { permission: 'course.lesson.write' } as const;
  const ROLL = { permission: 'course.rollcall.write' } as const;
  const HOURS_READ = { permission: ['course.timetable', 'member.list'] } as const;

  // ---- rooms and class rules ----------------------------------------------------------------------
  r.get(
    `${BASE}/rooms`,
    {
      config: { access: READ },
      schema: { tags, response: { 200: envelopeOf(z.object({ items: z.array(roomRow) })) } },
    },
    async () => ok({ items: await settings.rooms() }),
  );
  r.post(
    `${BASE}/rooms`,
    { config: { access: WRITE }, schema: { tags, body: roomInput, response: { 200: envelopeOf(roomRow) } } },
    async (req) => ok(await settings.createRoom(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    `${BASE}/rooms/:id`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, body: roomUpdate, response: { 200: envelopeOf(roomRow) } },
    },
    async (req) => ok(await settings.updateRoom(principalOf(req), req.params.id, req.body, requestIp(req))),
  );
  r.get(
    `${BASE}/classes/:id/settings`,
    {
      config: { access: READ },
      schema: { tags, params: idParam, response: { 200: envelopeOf(classTeachingSettings) } },
    },
    async (req) => ok(await settings.classSettings(req.params.id)),
  );
  r.put(
    `${BASE}/classes/:id/settings`,
    {
      config: { access: WRITE },
      schema: {
        tags,
        params: idParam,
        body: classTeachingSettingsUpdate,
        response: { 200: envelopeOf(classTeachingSettings) },
      },
    },
    async (req) =>
      ok(await settings.updateClassSettings(principalOf(req), req.params.id, req.body, requestIp(req))),
  );

  // ---- lessons ------------------------------------------------------------------------------------
  r.get(
    `${BASE}/lessons`,
    {
      config: { access: READ },
      schema: { tags, querystring: lessonListQuery, response: { 200: envelopeOf(listResultOf(lessonRow)) } },
    },
    async (req) => ok(await lessons.list(req.query)),
  );
  r.get(
    `${BASE}/lessons/:id`,
    { config: { access: READ }, schema: { tags, params: idParam, response: { 200: envelopeOf(lessonRow) } } },
    async (req) => ok(await lessons.get(req.params.id)),
  );
  r.post(
    `${BASE}/lessons`,
    {
      config: { access: WRITE },
      schema: { tags, body: lessonInput, response: { 200: envelopeOf(lessonRow) } },
    },
    async (req) => ok(await lessons.create(principalOf(req), req.body, requestIp(req))),
  );
  r.post(
    `${BASE}/lessons/series`,
    {
      config: { access: WRITE },
      schema: { tags, body: lessonSeriesInput, response: { 200: envelopeOf(seriesResult) } },
    },
    async (req) => ok(await lessons.createSeries(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    `${BASE}/lessons/:id`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, body: lessonUpdate, response: { 200: envelopeOf(lessonRow) } },
    },
    async (req) => ok(await lessons.update(principalOf(req), req.params.id, req.body, requestIp(req))),
  );
  r.post(
    `${BASE}/lessons/:id/cancel`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, body: lessonCancelBody, response: { 200: envelopeOf(lessonRow) } },
    },
    async (req) =>
      ok(
        await lessons.cancel(
          principalOf(req),
          req.params.id,
          req.body.reason,
          req.body.version,
          requestIp(req),
        ),
      ),
  );

  // ---- roll call ----------------------------------------------------------------------------------
  r.get(
    `${BASE}/lessons/:id/roll-call`,
    {
      config: { access: READ },
      schema: { tags, params: idParam, response: { 200: envelopeOf(rollCallSheet) } },
    },
    async (req) => ok(await rollCalls.sheet(principalOf(req), req.params.id)),
  );
  r.post(
    `${BASE}/lessons/:id/roll-call`,
    {
      config: { access: ROLL },
      schema: { tags, params: idParam, body: rollCallBody, response: { 200: envelopeOf(rollCallResult) } },
    },
    async (req) =>
      ok(
        await rollCalls.mark(
          principalOf(req),
          req.params.id,
          req.body.marks,
          requestIp(req),
          requestLanguage(req),
        ),
      ),
  );

  // ---- hours --------------------------------------------------------------------------------------
  r.get(
    `${BASE}/hours/balances`,
    {
      config: { access: HOURS_READ },
      schema: {
        tags,
        querystring: memberHoursQuery,
        response: { 200: envelopeOf(z.object({ items: z.array(hourBalanceRow) })) },
      },
    },
    async (req) => ok({ items: await hours.balances(principalOf(req), req.query.memberId) }),
  );
  r.get(
    `${BASE}/hours/ledger`,
    {
      config: { access: HOURS_READ },
      schema: {
        tags,
        querystring: hourLedgerQuery,
        response: { 200: envelopeOf(listResultOf(hourLedgerRow)) },
      },
    },
    async (req) => ok(await hours.ledger(principalOf(req), req.query)),
  );
  r.post(
    `${BASE}/hours/grant`,
    {
      config: { access: { permission: 'course.hours.grant' } },
      schema: { tags, body: hourGrantBody, response: { 200: envelopeOf(hourBalanceRow.optional()) } },
    },
    async (req) => ok(await hours.grant(principalOf(req), req.body, requestIp(req))),
  );
};
