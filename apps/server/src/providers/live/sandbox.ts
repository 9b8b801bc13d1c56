import { createHash, randomBytes } from 'node:crypto';
import type { LiveAttendee, LiveProvider, LiveRoomState } from './types';

/** A stable number in [0, 1) from a text: the same room and member always give the same figures. */
const unit = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;

/**
 * The sandbox classroom (the default): rooms live in our database only, entry links open the
 * console's sandbox room page, the room runs by its schedule, and a finished room reports
 * realistic attendance (about four in five students, joining in the first minutes and watching
 * most of the class) and a replay.
 */
export class SandboxLiveProvider implements LiveProvider {
  readonly kind = 'sandbox' as const;

  async createRoom() {
    return { roomId: `sbx-${randomBytes(6).toString('hex')}` };
  }

  private link(roomId: string, role: string, user?: { id: number; name: string }) {
    const q = new URLSearchParams({ role, ...(user ? { userid: String(user.id), name: user.name } : {}) });
    return `/api/v1/live/sandbox/rooms/${encodeURIComponent(roomId)}?${q}`;
  }

  async teacherUrl(roomId: string, teacher: { id: number; name: string }) {
    return this.link(roomId, 'teacher', teacher);
  }

  async studentUrl(roomId: string, member: { id: number; name: string }) {
    return this.link(roomId, 'student', member);
  }

  watchUrl(roomId: string) {
    return this.link(roomId, 'student');
  }

  async cancel() {}

  async state(roomId: string, s: { start: Date; end: Date }, now: Date): Promise<LiveRoomState> {
    const t = now.getTime();
    if (t < s.start.getTime())
      return { status: 'SCHEDULED', actualStart: null, actualEnd: null, replayUrl: null };
    if (t < s.end.getTime())
      return { status: 'LIVE', actualStart: s.start, actualEnd: null, replayUrl: null };
    return {
      status: 'ENDED',
      actualStart: s.start,
      actualEnd: s.end,
      replayUrl: `${this.link(roomId, 'replay')}`,
    };
  }

  async attendance(roomId: string, s: { start: Date; end: Date }, roster: number[]): Promise<LiveAttendee[]> {
    const length = Math.max(60, Math.round((s.end.getTime() - s.start.getTime()) / 1000));
    const out: LiveAttendee[] = [];
    for (const memberId of roster) {
      if (unit(`${roomId}:${memberId}:came`) >= 0.8) continue;
      const late = Math.round(unit(`${roomId}:${memberId}:late`) * Math.min(600, length / 4));
      const watch = Math.round((length - late) * (0.55 + 0.45 * unit(`${roomId}:${memberId}:stay`)));
      const join = new Date(s.start.getTime() + late * 1000);
      out.push({
        memberId,
        firstJoinAt: join,
        lastLeaveAt: new Date(join.getTime() + watch * 1000),
        watchSeconds: watch,
      });
    }
    return out;
  }
}
