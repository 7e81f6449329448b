import { z } from 'zod';

export const apiInfo = z.object({
  name: z.string(),
  version: z.string(),
  demo: z.boolean(),
  /** Shown on the home and sign-in screens in demo mode. */
  demoCredentials: z.object({ username: z.string(), password: z.string() }).nullable(),
});
export type ApiInfo = z.infer<typeof apiInfo>;
