CREATE TABLE "call_number_day" (
	"number_id" bigint NOT NULL,
	"day" date NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "call_number_day_number_id_day_pk" PRIMARY KEY("number_id","day")
);
--> statement-breakpoint
-- A number's calls and answered calls per Asia/Shanghai day, kept by triggers on call_record (every
-- writer: calls, receipts, demo data, imports, the bench loader): the number list's 7-day counts
-- read 7 rows per number instead of every call of the week (bench:calls).
CREATE FUNCTION call_number_day_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO call_number_day AS d (number_id, day, calls, answered)
      SELECT number_id, (started_at AT TIME ZONE 'Asia/Shanghai')::date, count(*), count(answered_at)
      FROM call_number_day_new WHERE number_id IS NOT NULL GROUP BY 1, 2
      ON CONFLICT (number_id, day) DO UPDATE SET calls = d.calls + excluded.calls, answered = d.answered + excluded.answered;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO call_number_day AS d (number_id, day, calls, answered)
      SELECT number_id, (started_at AT TIME ZONE 'Asia/Shanghai')::date, -count(*), -count(answered_at)
      FROM call_number_day_old WHERE number_id IS NOT NULL GROUP BY 1, 2
      ON CONFLICT (number_id, day) DO UPDATE SET calls = d.calls + excluded.calls, answered = d.answered + excluded.answered;
  ELSE
    -- only the rows whose number, day or answered state changed (a receipt's status update: none)
    INSERT INTO call_number_day AS d (number_id, day, calls, answered)
      SELECT number_id, day, sum(dc), sum(da) FROM (
        SELECT o.number_id, (o.started_at AT TIME ZONE 'Asia/Shanghai')::date AS day, -1 AS dc,
               -(o.answered_at IS NOT NULL)::int AS da
        FROM call_number_day_old o JOIN call_number_day_new n ON n.id = o.id
        WHERE o.number_id IS NOT NULL AND (n.number_id IS DISTINCT FROM o.number_id OR n.started_at <> o.started_at
              OR (n.answered_at IS NULL) <> (o.answered_at IS NULL))
        UNION ALL
        SELECT n.number_id, (n.started_at AT TIME ZONE 'Asia/Shanghai')::date, 1, (n.answered_at IS NOT NULL)::int
        FROM call_number_day_old o JOIN call_number_day_new n ON n.id = o.id
        WHERE n.number_id IS NOT NULL AND (n.number_id IS DISTINCT FROM o.number_id OR n.started_at <> o.started_at
              OR (n.answered_at IS NULL) <> (o.answered_at IS NULL))
      ) x GROUP BY 1, 2 HAVING sum(dc) <> 0 OR sum(da) <> 0
      ON CONFLICT (number_id, day) DO UPDATE SET calls = d.calls + excluded.calls, answered = d.answered + excluded.answered;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER call_number_day_ins AFTER INSERT ON call_record REFERENCING NEW TABLE AS call_number_day_new
  FOR EACH STATEMENT EXECUTE FUNCTION call_number_day_apply();--> statement-breakpoint
CREATE TRIGGER call_number_day_upd AFTER UPDATE ON call_record REFERENCING OLD TABLE AS call_number_day_old NEW TABLE AS call_number_day_new
  FOR EACH STATEMENT EXECUTE FUNCTION call_number_day_apply();--> statement-breakpoint
CREATE TRIGGER call_number_day_del AFTER DELETE ON call_record REFERENCING OLD TABLE AS call_number_day_old
  FOR EACH STATEMENT EXECUTE FUNCTION call_number_day_apply();--> statement-breakpoint
INSERT INTO call_number_day (number_id, day, calls, answered)
  SELECT number_id, (started_at AT TIME ZONE 'Asia/Shanghai')::date, count(*), count(answered_at)
  FROM call_record WHERE number_id IS NOT NULL GROUP BY 1, 2;
