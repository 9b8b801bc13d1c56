import type { ClassTeachingSettings, RoomRow, roomInput, roomUpdate } from '@educrm/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { said, writeAudit } from '../../lib/audit';
import { conflict, fieldError, notFound } from '../../lib/errors';
import type { Principal } from '../../types';
import { auditOf } from '../courses/common';

const audit = auditOf('teaching-room');

/** The room dictionary and each class's teaching rules (absent deducts, owing allowed). */
export class TeachingSettingsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async rooms(): Promise<RoomRow[]> {
    const rows = await queryRows<RoomRow>(
      this.db,
      sql`SELECT id, name, capacity, status, sort, version FROM teaching_room ORDER BY sort, id`,
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  async createRoom(p: Principal, input: z.infer<typeof roomInput>, ip: string) {
    return this.db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO teaching_room (name, capacity, status, sort, created_by, updated_by, created_at, updated_at)
            VALUES (${input.name}, ${input.capacity}, ${input.status}, ${input.sort}, ${p.userId}, ${p.userId}, ${this.now()}, ${this.now()})
            ON CONFLICT DO NOTHING RETURNING id`,
      );
      if (!row) throw fieldError('name', 'roomNameTaken');
      const id = Number(row.id);
      await audit(
        tx,
        p,
        ip,
        'teaching.room.create',
        id,
        said(`created room ${input.name}`, { name: input.name }),
      );
      return this.room(id, tx);
    });
  }

  async updateRoom(p: Principal, id: number, input: z.infer<typeof roomUpdate>, ip: string) {
    return this.db.transaction(async (tx) => {
      const [taken] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM teaching_room WHERE name = ${input.name} AND id <> ${id}`,
      );
      if (taken) throw fieldError('name', 'roomNameTaken');
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`UPDATE teaching_room SET name = ${input.name}, capacity = ${input.capacity}, status = ${input.status},
            sort = ${input.sort}, version = version + 1, updated_by = ${p.userId}, updated_at = ${this.now()}
            WHERE id = ${id} AND version = ${input.version} RETURNING id`,
      );
      if (!row) {
        await this.room(id, tx);
        throw conflict();
      }
      await audit(
        tx,
        p,
        ip,
        'teaching.room.update',
        id,
        said(`updated room ${input.name}`, { name: input.name }),
      );
      return this.room(id, tx);
    });
  }

  private async room(id: number, db: DbOrTx) {
    const [row] = await queryRows<RoomRow>(
      db,
      sql`SELECT id, name, capacity, status, sort, version FROM teaching_room WHERE id = ${id}`,
    );
    if (!row) throw notFound();
    return { ...row, id: Number(row.id) };
  }

  async classSettings(classId: number): Promise<ClassTeachingSettings> {
    const [row] = await queryRows<{
      absent_deducts: boolean | null;
      allow_owing: boolean | null;
      version: number | null;
    }>(
      this.db,
      sql`SELECT s.absent_deducts, s.allow_owing, s.version FROM course_class k
          LEFT JOIN teaching_class_setting s ON s.class_id = k.id WHERE k.id = ${classId} AND k.deleted = false`,
    );
    if (!row) throw notFound();
    return {
      classId,
      absentDeducts: Boolean(row.absent_deducts),
      allowOwing: Boolean(row.allow_owing),
      version: row.version ?? 0,
    };
  }

  async updateClassSettings(
    p: Principal,
    classId: number,
    input: { absentDeducts: boolean; allowOwing: boolean; version: number | null },
    ip: string,
  ) {
    const current = await this.classSettings(classId);
    await this.db.transaction(async (tx) => {
      const now = this.now();
      const rows = await queryRows<{ class_id: number }>(
        tx,
        current.version === 0
          ? sql`INSERT INTO teaching_class_setting (class_id, absent_deducts, allow_owing, created_by, updated_by, created_at, updated_at)
                VALUES (${classId}, ${input.absentDeducts}, ${input.allowOwing}, ${p.userId}, ${p.userId}, ${now}, ${now})
                ON CONFLICT DO NOTHING RETURNING class_id`
          : sql`UPDATE teaching_class_setting SET absent_deducts = ${input.absentDeducts}, allow_owing = ${input.allowOwing},
                version = version + 1, updated_by = ${p.userId}, updated_at = ${now}
                WHERE class_id = ${classId} AND version = ${input.version ?? -1} RETURNING class_id`,
      );
      if (!rows.length) throw conflict();
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'teaching.class.settings',
        targetType: 'class',
        targetId: classId,
        ip,
        summary: said(`teaching rules: absent deducts ${input.absentDeducts}, owing ${input.allowOwing}`, {
          absentRule: input.absentDeducts ? 'DEDUCT' : 'FREE',
          owingRule: input.allowOwing ? 'ALLOW' : 'DENY',
        }),
      });
    });
    return this.classSettings(classId);
  }
}
