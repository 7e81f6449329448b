import type { D1Migration } from 'cloudflare:test';
import type { Env as WorkerEnv } from '../../worker/src/env';

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** How many seeds the seeded reference tests add to their own (`npm run test:soak`); 0 in CI. */
      TEST_SOAK_SEEDS: string;
      /** The fake outside sources' address (tests/support/fake-sources.ts). */
      FAKE_SOURCES_URL: string;
      /** The fake SMTP servers (tests/support/fake-smtp.ts): one that answers, one that never greets, a closed port. */
      FAKE_SMTP_PORT: string;
      FAKE_SMTP_SILENT_PORT: string;
      FAKE_SMTP_CLOSED_PORT: string;
    }
  }
}
