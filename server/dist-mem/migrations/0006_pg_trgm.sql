-- Trigram indexes serve `like '%...%'` searches (product names and their pinyin). pg_trgm is a
-- trusted extension (PostgreSQL 13+): a database owner may create it; PGlite loads it at start.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
