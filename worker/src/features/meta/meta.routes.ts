import { createRoute } from '@hono/zod-openapi';
import { API_VERSION, DEMO_CREDENTIALS, PRODUCT_NAME } from '@shared/constants';
import { apiInfo } from '@shared/schemas/meta';
import { createRouter } from '@worker/lib/router';
import { jsonContent } from '@worker/lib/openapi';

const info = createRoute({
  method: 'get',
  path: '/',
  tags: ['Meta'],
  summary: 'Product name, API version and demo mode',
  responses: { 200: jsonContent(apiInfo, 'About this server') },
});

export const metaRoutes = createRouter().openapi(info, (c) => {
  const demo = c.get('demo');
  return c.json({ name: PRODUCT_NAME, version: API_VERSION, demo, demoCredentials: demo ? { ...DEMO_CREDENTIALS } : null }, 200);
});
