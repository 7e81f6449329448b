import { describe, expect, it } from 'vitest';
import { call } from '../../support/worker-app';

describe('GET /api/v1/', () => {
  it('answers the product name, API version and demo flag', async () => {
    const res = await call('/api/v1/');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'Vitrine', version: '1.0.0', demo: false, demoCredentials: null });
  });

  it('shows the demo credentials in demo mode', async () => {
    const res = await call('/api/v1/', { env: { DEMO_MODE: 'true' } });
    expect(await res.json()).toMatchObject({ demo: true, demoCredentials: { username: 'demo', password: 'demo' } });
  });

  it('carries the security headers', async () => {
    const res = await call('/api/v1/');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
  });

  it("lets no answer compile WebAssembly: only the barcode reader's Worker script may (web/public/_headers)", async () => {
    for (const res of [await call('/api/v1/'), await call('/api/v1/nowhere'), await call('/api/v1/openapi.json')]) {
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
      expect(res.headers.get('content-security-policy')).not.toContain('wasm-unsafe-eval');
    }
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404 in the caller language', async () => {
    const res = await call('/api/v1/nope', { lang: 'fr_FR' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: "Cette page n'existe pas.", details: null },
    });
  });

  it('answer 404 for other methods too', async () => {
    const res = await call('/api/v2/anything', { method: 'POST', json: {} });
    expect(res.status).toBe(404);
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('describes every endpoint from the validating schemas', async () => {
    const res = await call('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>>; components: { securitySchemes: unknown } };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(
      [
        'GET /',
        'POST /token',
        'DELETE /token',
        'POST /password-reset',
        'POST /password-reset/check',
        'POST /password-reset/confirm',
        'POST /profile/email/confirm',
        'GET /profile',
        'PATCH /profile',
        'POST /profile/password',
        'PUT /profile/avatar',
        'DELETE /profile/avatar',
        'GET /profile/archives',
        'GET /profile/archives/{id}',
        'GET /profile/archives/{id}/file',
        'POST /profile/backups',
        'POST /profile/restores',
        'GET /users',
        'POST /users',
        'GET /users/{id}',
        'PATCH /users/{id}',
        'DELETE /users/{id}',
        'GET /users/{id}/deletion',
        'PUT /users/{id}/avatar',
        'DELETE /users/{id}/avatar',
        'GET /settings',
        'GET /config/settings',
        'PATCH /config/settings',
        'GET /config/keys',
        'PUT /config/keys/{name}',
        'DELETE /config/keys/{name}',
        'GET /config/email',
        'PUT /config/email',
        'POST /config/email/test',
        'GET /config/backups',
        'POST /config/backups',
        'GET /config/backups/{id}',
        'DELETE /config/backups/{id}',
        'GET /config/backups/{id}/file',
        'POST /config/restores',
        'GET /collections',
        'POST /collections',
        'GET /collections/{id}',
        'PATCH /collections/{id}',
        'DELETE /collections/{id}',
        'PUT /collections/{id}/image',
        'DELETE /collections/{id}/image',
        'GET /collections/{id}/properties',
        'POST /collections/{id}/properties',
        'GET /collections/{id}/properties/{pid}',
        'PATCH /collections/{id}/properties/{pid}',
        'DELETE /collections/{id}/properties/{pid}',
        'GET /collections/{id}/properties/{pid}/deletion',
        'PUT /collections/{id}/properties/order',
        'GET /collections/{id}/items',
        'POST /collections/{id}/items',
        'GET /collections/{id}/items/{iid}',
        'PATCH /collections/{id}/items/{iid}',
        'DELETE /collections/{id}/items/{iid}',
        'POST /collections/{id}/items/{iid}/duplicate',
        'GET /collections/{id}/export',
        'GET /collections/{id}/exports',
        'POST /collections/{id}/exports',
        'GET /collections/{id}/exports/{eid}',
        'GET /collections/{id}/exports/{eid}/file',
        'GET /collections/{id}/filters',
        'GET /collections/{id}/hidden-items',
        'GET /collections/{id}/recent',
        'POST /collections/{id}/imports',
        'GET /collections/{id}/imports',
        'GET /collections/{id}/imports/{iid}',
        'POST /collections/{id}/imports/{iid}/cancel',
        'POST /collections/{id}/scheduled-imports/fetch',
        'GET /collections/{id}/scheduled-imports',
        'PATCH /collections/{id}/scheduled-imports/{sid}',
        'DELETE /collections/{id}/scheduled-imports/{sid}',
        'POST /collections/{id}/scheduled-imports/{sid}/run',
        'POST /collections/{id}/media',
        'GET /media-ticket',
        'GET /collections/{id}/thumbnails/wanted',
        'POST /collections/{id}/thumbnails',
        'DELETE /collections/{id}/thumbnails/wanted',
        'GET /collections/{id}/sources',
        'GET /collections/{id}/sources/search',
        'PUT /collections/{id}/sources/mapping',
        'POST /collections/{id}/sources/cover',
        'GET /source-cover',
        'POST /collections/{id}/sources/queues',
        'GET /collections/{id}/sources/queues',
        'GET /collections/{id}/sources/queues/{qid}',
        'POST /collections/{id}/sources/queues/{qid}/cancel',
        'GET /config/modules',
        'PUT /config/modules/{id}',
        'POST /config/modules/{id}/test',
        'POST /config/modules/external',
        'PUT /config/modules/external/{n}',
        'DELETE /config/modules/external/{n}',
        'POST /config/modules/upgrade',
        'GET /borrowers',
        'POST /borrowers',
        'GET /borrowers/{id}',
        'PATCH /borrowers/{id}',
        'DELETE /borrowers/{id}',
        'GET /borrowers/{id}/deletion',
        'GET /collections/{id}/borrowers',
        'GET /lending',
        'GET /collections/{id}/items/{iid}/loans',
        'POST /collections/{id}/items/{iid}/loans',
        'GET /loans/{id}',
        'PATCH /loans/{id}',
        'DELETE /loans/{id}',
        'POST /loans/{id}/{action}',
        'POST /collections/{id}/items/{iid}/borrow',
        'POST /borrow-requests/status',
        'POST /borrow-requests/cancel',
        // Reservations' availability calendar (features/lending/reservations.routes.ts).
        'GET /collections/{id}/items/{iid}/availability',
        // Sharing (features/collections/members.routes.ts).
        'GET /collections/{id}/members',
        'POST /collections/{id}/members',
        'PATCH /collections/{id}/members/{userId}',
        'DELETE /collections/{id}/members/{userId}',
        // A borrower's page, renewals, calendar feeds and the digest (features/lending/borrower-page.routes.ts).
        'POST /borrower-page/link',
        'GET /borrower-page/{secret}',
        'POST /borrower-page/{secret}/reset',
        'POST /borrower-page/{secret}/feed',
        'POST /borrower-page/{secret}/loans/{id}/renew',
        'GET /calendar/{file}',
        'PATCH /lending/preferences',
        'POST /lending/feed',
        'POST /loans/{id}/renewal/{answer}',
        // A public screen's answers in one request (features/pages/screen.routes.ts).
        'GET /screen',
        // Waiting lists (features/lending/holds.routes.ts).
        'POST /collections/{id}/items/{iid}/holds',
        'GET /collections/{id}/items/{iid}/holds',
        'GET /lending/holds',
        'POST /holds/{id}/move/{direction}',
        'DELETE /holds/{id}',
        'POST /holds/offer',
        'POST /holds/offer/{answer}',
        'GET /borrower-page/{secret}/holds',
        'POST /borrower-page/{secret}/holds/{id}/leave',
        // Invitations by email (features/collections/invitations.routes.ts).
        'GET /collections/{id}/invitations',
        'DELETE /collections/{id}/invitations/{invitationId}',
        'GET /invitations/{secret}',
        'POST /invitations/{secret}',
      ].sort(),
    );
    const signIn = doc.paths['/token']!.post as { requestBody: { content: Record<string, { schema: { properties: object } }> } };
    expect(Object.keys(signIn.requestBody.content['application/json']!.schema.properties)).toEqual(['login', 'password']);
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
  });
});
