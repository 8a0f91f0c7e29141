-- pg_trgm powers the partial, case-insensitive customer-name search (GIN gin_trgm_ops
-- indexes in the next migration). On PGlite the extension must also be passed to
-- PGlite.create() (src/client.ts does).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
