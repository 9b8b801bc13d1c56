import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseTc3Authorization, tc3Sign } from '../../src/providers/tencent/tc3';

/**
 * A local server speaking Tencent Cloud LCIC's API 3.0 (reference/providers.md 3.3, 4.2): POST /
 * with X-TC-Action / X-TC-Version / X-TC-Timestamp and a TC3-HMAC-SHA256 Authorization that it
 * verifies (host signed without the port, service from the credential scope, 5-minute skew);
 * answers `{Response: {...}}` or `{Response: {Error}}` like the real service.
 */
export interface LcicRoom {
  RoomId: number;
  Name: string;
  StartTime: number;
  EndTime: number;
  TeacherId?: string;
  Status: number;
  RecordUrl?: string;
  deleted?: boolean;
}

export const startLcicServer = async (creds: { secretId: string; secretKey: string; sdkAppId: number }) => {
  const users = new Map<string, { UserId: string; Name: string }>();
  const rooms = new Map<number, LcicRoom>();
  /** Per room: attendance records the test sets ("who came"). */
  const present = new Map<
    number,
    { UserId: string; PresentTime: number; FirstJoinTimestamp: number; LastQuitTimestamp: number }[]
  >();
  const calls: { action: string; body: Record<string, unknown> }[] = [];
  let nextRoom = 880_001;

  const answer = (res: http.ServerResponse, body: Record<string, unknown>) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ Response: { ...body, RequestId: randomBytes(8).toString('hex') } }));
  };
  const fail = (res: http.ServerResponse, Code: string, Message: string) =>
    answer(res, { Error: { Code, Message } });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const payload = Buffer.concat(chunks).toString('utf8');
      if (req.method !== 'POST' || req.url !== '/') return fail(res, 'InvalidAction', 'POST / only');
      if (req.headers['x-tc-version'] !== '2022-08-17') return fail(res, 'InvalidParameter', 'version');
      const auth = parseTc3Authorization(String(req.headers.authorization ?? ''));
      if (auth?.signedHeaders !== 'content-type;host')
        return fail(res, 'AuthFailure.SignatureFailure', 'malformed Authorization');
      if (!auth || auth.secretId !== creds.secretId)
        return fail(res, 'AuthFailure.SecretIdNotFound', 'unknown SecretId');
      const ts = Number(req.headers['x-tc-timestamp']);
      if (!Number.isFinite(ts) || Math.abs(ts - Date.now() / 1000) > 300)
        return fail(res, 'AuthFailure.SignatureExpire', 'timestamp skew');
      const { signature, scope } = tc3Sign({
        secretId: auth.secretId,
        secretKey: creds.secretKey,
        service: auth.service,
        host: String(req.headers.host ?? '').replace(/:\d+$/, ''),
        contentType: String(req.headers['content-type'] ?? ''),
        payload,
        timestamp: ts,
      });
      if (signature !== auth.signature || !scope.startsWith(auth.date))
        return fail(res, 'AuthFailure.SignatureFailure', 'signature mismatch');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(payload);
      } catch {
        return fail(res, 'InvalidParameter', 'json');
      }
      const action = String(req.headers['x-tc-action'] ?? '');
      calls.push({ action, body });
      const room = rooms.get(Number(body.RoomId));
      switch (action) {
        case 'RegisterUser': {
          if (Number(body.SdkAppId) !== creds.sdkAppId) return fail(res, 'InvalidParameter.SdkAppId', 'app');
          const origin = String(body.OriginId ?? '');
          const u = users.get(origin) ?? { UserId: `lcic_${users.size + 1}`, Name: String(body.Name ?? '') };
          users.set(origin, u);
          return answer(res, { UserId: u.UserId, Token: `tok-${u.UserId}` });
        }
        case 'CreateRoom': {
          for (const k of [
            'Name',
            'StartTime',
            'EndTime',
            'SdkAppId',
            'Resolution',
            'MaxMicNumber',
            'SubType',
          ])
            if (body[k] === undefined) return fail(res, 'MissingParameter', k);
          const id = nextRoom++;
          rooms.set(id, {
            RoomId: id,
            Name: String(body.Name),
            StartTime: Number(body.StartTime),
            EndTime: Number(body.EndTime),
            TeacherId: body.TeacherId as string | undefined,
            Status: 0,
          });
          return answer(res, { RoomId: id });
        }
        case 'DescribeRoom':
          if (!room || room.deleted) return fail(res, 'ResourceNotFound.Room', 'room');
          return answer(res, { ...room, deleted: undefined });
        case 'DeleteRoom':
          if (!room) return fail(res, 'ResourceNotFound.Room', 'room');
          room.deleted = true;
          return answer(res, {});
        case 'DescribeRoomStatistics': {
          if (!room) return fail(res, 'ResourceNotFound.Room', 'room');
          const rows = present.get(room.RoomId) ?? [];
          const page = Number(body.Page);
          const limit = Number(body.Limit);
          return answer(res, {
            PeakMemberNumber: rows.length,
            MemberNumber: rows.length,
            Total: rows.length,
            MemberRecords: rows
              .slice((page - 1) * limit, page * limit)
              .map((r) => ({ ...r, Role: 0, CurrentState: 2 })),
          });
        }
        default:
          return fail(res, 'InvalidAction', action);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    users,
    rooms,
    present,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
