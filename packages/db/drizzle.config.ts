import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from src/schema into ./drizzle (committed).
// Never `drizzle-kit push` against a real database; the app applies the
// committed migrations itself (see src/client.ts migrate()).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
