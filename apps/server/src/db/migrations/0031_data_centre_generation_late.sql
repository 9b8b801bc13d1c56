-- A writer that sets educrm.generation_late = 'on' in its transaction bumps the generation itself
-- as its last statement (modules/data-centre/jobs.ts), so the counter's row is locked for the
-- commit only: a rebuild's chunks of one table, written side by side, would otherwise queue on it
-- for a whole chunk. Every other writer bumps it per statement as before.
CREATE OR REPLACE FUNCTION stat_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('educrm.generation_late', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE stat_generation SET gen = gen + 1 WHERE name = TG_ARGV[0];
  RETURN NULL;
END $$;
