/**
 * The live classroom as the console needs it (DOMAIN 6.1): rooms with teacher and student entry
 * links, cancel, attendance and replay. `sandbox` (the default) works with no contract; `lcic` is
 * Tencent Cloud LCIC (reference/providers.md section 4).
 */
export interface LiveRoomInput {
  title: string;
  start: Date;
  end: Date;
  teacher: { id: number; name: string } | null;
}

export interface LiveAttendee {
  /** Our member id (sent to the provider as the user's origin id). */
  memberId: number;
  firstJoinAt: Date | null;
  lastLeaveAt: Date | null;
  watchSeconds: number;
}

export interface LiveRoomState {
  status: 'SCHEDULED' | 'LIVE' | 'ENDED' | 'EXPIRED';
  actualStart: Date | null;
  actualEnd: Date | null;
  replayUrl: string | null;
}

export interface LiveProvider {
  readonly kind: 'sandbox' | 'lcic';
  createRoom(input: LiveRoomInput): Promise<{ roomId: string }>;
  /** The teacher's entry (starts the class). */
  teacherUrl(roomId: string, teacher: { id: number; name: string }): Promise<string>;
  /** A student's personal entry. */
  studentUrl(roomId: string, member: { id: number; name: string }): Promise<string>;
  /** The link to share with a class ("copy watch link"). */
  watchUrl(roomId: string): string;
  cancel(roomId: string): Promise<void>;
  state(roomId: string, session: { start: Date; end: Date }, now: Date): Promise<LiveRoomState>;
  /** Attendance of a finished room; `roster` = member ids of the session's classes. */
  attendance(roomId: string, session: { start: Date; end: Date }, roster: number[]): Promise<LiveAttendee[]>;
}

export class LiveProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
