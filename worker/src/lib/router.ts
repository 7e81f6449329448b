import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env';
import { validationError } from './validation';

/** Every feature router turns failed validation into the same 400 envelope. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
}
