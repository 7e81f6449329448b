import { defineConfig } from 'drizzle-kit';

// drizzle-kit writes SQL into migrations/, which wrangler applies unchanged (local and remote).
export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/src/db/schema.ts',
  out: './migrations',
});
