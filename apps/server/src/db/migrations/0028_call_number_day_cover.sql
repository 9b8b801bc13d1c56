-- The number list's 7-day sums read 7 rows of call_number_day per number; loaded in time order, a
-- number's rows sit on 7 different heap pages (136 heap blocks for a page of 20 at 10M calls). With
-- the counts in the index the sums are an index-only scan (bench:calls, "number list, 7-day counts").
-- Not declared in the drizzle schema (drizzle cannot express INCLUDE); see db/schema/calls.ts.
CREATE INDEX IF NOT EXISTS "call_number_day_cover_idx" ON "call_number_day" ("number_id", "day") INCLUDE ("calls", "answered");
