-- Catalogue search: accent-insensitive, typo-tolerant matching (pg_trgm + unaccent).
-- The books table (next migration) stores a generated search key built with these
-- functions and indexes it with GIN trigram ops.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (it reads the search path); naming the dictionary makes it
-- safe to declare IMMUTABLE, which generated columns and indexes need.
CREATE OR REPLACE FUNCTION public.summa_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- Search normal form: lower case, no accents, apostrophes dropped ("Man's" -> "mans"), any other
-- run of punctuation or space -> one space. % and _ are kept so that they only match themselves.
CREATE OR REPLACE FUNCTION public.summa_search_norm(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT btrim(regexp_replace(
      regexp_replace(lower(public.summa_unaccent($1)), '[''’‘`´]+', '', 'g'),
      '[^[:alnum:]%_]+', ' ', 'g'))
  $$;
