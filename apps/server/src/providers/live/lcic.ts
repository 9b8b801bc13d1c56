import { createHash } from 'node:crypto';
import { sameSecret } from '../../lib/same-secret';
import { tc3Sign } from '../tencent/tc3';
import { type LiveAttendee, type LiveProvider, LiveProviderError, type LiveRoomState } from './types';

export interface LcicSettings {
  sdkAppId: string;
  secretId: string;
  secretKey: string;
  /** Empty = https://lcic.tencentcloudapi.com; tests give http://127.0.0.1:PORT. */
  endpoint: string;
  /** Empty = class.qcloudclass.com (mainland). */
  enterHost: string;
}

const HOST = 'lcic.tencentcloudapi.com';
const VERSION = '2022-08-17';
const CONTENT_TYPE = 'application/json; charset=utf-8';
const ROOM_STATUS: Record<number, LiveRoomState['status']> = {
  0: 'SCHEDULED',
  1: 'LIVE',
  2: 'ENDED',
  3: 'EXPIRED',
};

/** The LCIC user of a member or staff member: origin ids keep ours ("m12", "u3"). */
const originOf = (kind: 'm' | 'u', id: number) => `${kind}${id}`;

/**
 * Tencent Cloud LCIC (低代码互动课堂) over its API 3.0 (TC3-HMAC-SHA256), reference/providers.md 4:
 * RegisterUser (idempotent per OriginId) for teacher and students, CreateRoom, the documented enter
 * URL, DeleteRoom to cancel, DescribeRoom for status and replay, DescribeRoomStatistics for
 * attendance. Members are LCIC users with OriginId "m<id>" (staff "u<id>"); RegisterUser answers
 * the same UserId for the same OriginId, so attendance maps UserIds back through the roster.
 */
export class LcicLiveProvider implements LiveProvider {
  readonly kind = 'lcic' as const;

  constructor(
    private readonly s: LcicSettings,
    private readonly now: () => Date = () => new Date(),
    /** Told every (OriginId, UserId) pair, so callbacks naming a UserId map back to our ids. */
    private readonly onRegister: (origin: string, userId: string) => Promise<void> = async () => {},
  ) {}

  private get url() {
    return this.s.endpoint || `https://${HOST}`;
  }

  async call<T>(action: string, body: Record<string, unknown>): Promise<T> {
    const payload = JSON.stringify(body);
    const timestamp = Math.floor(this.now().getTime() / 1000);
    const { authorization } = tc3Sign({
      secretId: this.s.secretId,
      secretKey: this.s.secretKey,
      service: 'lcic',
      // Signed as the SDK does: the endpoint's hostname without the port.
      host: new URL(this.url).hostname,
      contentType: CONTENT_TYPE,
      payload,
      timestamp,
    });
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': CONTENT_TYPE,
          'x-tc-action': action,
          'x-tc-version': VERSION,
          'x-tc-timestamp': String(timestamp),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new LiveProviderError('Network', (err as Error).message);
    }
    const json = (await res.json().catch(() => null)) as {
      Response?: T & { Error?: { Code: string; Message: string } };
    } | null;
    const r = json?.Response;
    if (!res.ok || !r)
      throw new LiveProviderError(`HTTP${res.status}`, `LCIC ${action} answered ${res.status}`);
    if (r.Error) throw new LiveProviderError(r.Error.Code, r.Error.Message);
    return r;
  }

  private async register(origin: string, name: string) {
    const r = await this.call<{ UserId: string; Token: string }>('RegisterUser', {
      SdkAppId: Number(this.s.sdkAppId),
      Name: name.slice(0, 32) || origin,
      OriginId: origin,
    });
    await this.onRegister(origin, r.UserId);
    return r;
  }

  async createRoom(input: {
    title: string;
    start: Date;
    end: Date;
    teacher: { id: number; name: string } | null;
  }) {
    const teacher = input.teacher
      ? await this.register(originOf('u', input.teacher.id), input.teacher.name)
      : null;
    const r = await this.call<{ RoomId: number }>('CreateRoom', {
      Name: input.title,
      StartTime: Math.floor(input.start.getTime() / 1000),
      EndTime: Math.floor(input.end.getTime() / 1000),
      SdkAppId: Number(this.s.sdkAppId),
      Resolution: 2,
      MaxMicNumber: 0,
      SubType: 'videodoc',
      RoomType: 1,
      ...(teacher ? { TeacherId: teacher.UserId } : {}),
    });
    return { roomId: String(r.RoomId) };
  }

  private enter(roomId: string, userId: string, token: string) {
    const q = new URLSearchParams({ schoolid: this.s.sdkAppId, classid: roomId, userid: userId, token });
    return `https://${this.s.enterHost || 'class.qcloudclass.com'}/latest/class.html?${q}`;
  }

  async teacherUrl(roomId: string, teacher: { id: number; name: string }) {
    const u = await this.register(originOf('u', teacher.id), teacher.name);
    return this.enter(roomId, u.UserId, u.Token);
  }

  async studentUrl(roomId: string, member: { id: number; name: string }) {
    const u = await this.register(originOf('m', member.id), member.name);
    return this.enter(roomId, u.UserId, u.Token);
  }

  watchUrl(roomId: string) {
    const q = new URLSearchParams({ schoolid: this.s.sdkAppId, classid: roomId });
    return `https://${this.s.enterHost || 'class.qcloudclass.com'}/latest/class.html?${q}`;
  }

  async cancel(roomId: string) {
    await this.call('DeleteRoom', { RoomId: Number(roomId) });
  }

  async state(roomId: string): Promise<LiveRoomState> {
    const r = await this.call<{
      Status?: number;
      RecordUrl?: string;
      RealStartTime?: number;
      StartTime?: number;
      EndTime?: number;
    }>('DescribeRoom', { RoomId: Number(roomId) });
    const status = ROOM_STATUS[r.Status ?? 0] ?? 'SCHEDULED';
    return {
      status,
      actualStart: status === 'SCHEDULED' ? null : r.StartTime ? new Date(r.StartTime * 1000) : null,
      actualEnd: status === 'ENDED' && r.EndTime ? new Date(r.EndTime * 1000) : null,
      replayUrl: r.RecordUrl || null,
    };
  }

  async attendance(
    roomId: string,
    _s: { start: Date; end: Date },
    roster: number[],
  ): Promise<LiveAttendee[]> {
    const byUser = new Map<string, number>();
    for (const memberId of roster) {
      const u = await this.register(originOf('m', memberId), '');
      byUser.set(u.UserId, memberId);
    }
    const out: LiveAttendee[] = [];
    for (let page = 1; page <= 100; page++) {
      const r = await this.call<{
        Total?: number;
        MemberRecords?: {
          UserId: string;
          PresentTime?: number;
          FirstJoinTimestamp?: number;
          LastQuitTimestamp?: number;
          Role?: number;
        }[];
      }>('DescribeRoomStatistics', { RoomId: Number(roomId), Page: page, Limit: 1000 });
      const records = r.MemberRecords ?? [];
      for (const m of records) {
        const memberId = byUser.get(m.UserId);
        if (memberId == null || (m.Role ?? 0) !== 0) continue;
        out.push({
          memberId,
          firstJoinAt: m.FirstJoinTimestamp ? new Date(m.FirstJoinTimestamp * 1000) : null,
          lastLeaveAt: m.LastQuitTimestamp ? new Date(m.LastQuitTimestamp * 1000) : null,
          watchSeconds: m.PresentTime ?? 0,
        });
      }
      if (records.length < 1000 || page * 1000 >= (r.Total ?? 0)) break;
    }
    return out;
  }
}

/**
 * LCIC server callbacks carry `Sign = md5(CallbackKey + ExpireTime)` and are refused once
 * ExpireTime has passed (reference/providers.md 4.4).
 */
export const verifyLcicCallback = (
  body: { Sign?: unknown; ExpireTime?: unknown },
  callbackKey: string,
  now: Date,
): boolean => {
  const expire = Number(body.ExpireTime);
  if (!Number.isFinite(expire) || typeof body.Sign !== 'string') return false;
  if (expire < Math.floor(now.getTime() / 1000)) return false;
  const expected = createHash('md5').update(`${callbackKey}${body.ExpireTime}`).digest('hex');
  return sameSecret(body.Sign.toLowerCase(), expected);
};
