-- Fast "name contains q" for Chinese names (reference/cjk-name-search.md): every distinct 1- and
-- 2-character gram of the lower-cased text, skipping grams that contain white space. A client
-- stores cjk_grams(name || ' ' || student_name) in a GIN-indexed generated column; a query of 1 or 2
-- characters is `search_grams @> ARRAY[q]` (exact), a longer one is the AND of its bigrams plus a
-- strpos() recheck. The server computes the query grams with the same rules (clients/search.ts).
CREATE OR REPLACE FUNCTION cjk_grams(n text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  s text := lower(n);
  len int := length(s);
  r text[] := '{}';
  g text;
BEGIN
  FOR i IN 1..len LOOP
    g := substr(s, i, 1);
    IF g !~ '[[:space:]]' AND NOT g = ANY(r) THEN r := r || g; END IF;
    IF i < len THEN
      g := substr(s, i, 2);
      IF g !~ '[[:space:]]' AND NOT g = ANY(r) THEN r := r || g; END IF;
    END IF;
  END LOOP;
  RETURN r;
END
$$;
