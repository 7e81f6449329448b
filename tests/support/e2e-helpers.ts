// Helpers for the browser suite: API shortcuts (setup only; what is tested goes through the UI) and
// the fake email provider's captured messages.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E } from './e2e-settings.mjs';

export const ADMIN = { username: 'admin', password: E2E.adminPassword };

export async function apiToken(request: APIRequestContext, login: string, password: string, base = ''): Promise<string> {
  const res = await request.post(`${base}/api/v1/token`, { data: { login, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

let serial = 0;
export async function createUserViaApi(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  serial += 1;
  const username = `e2e${Date.now().toString(36)}${serial}`;
  const password = `pass-${username}`;
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  const res = await request.post('/api/v1/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { username, password, email: `${username}@example.test`, ...overrides },
  });
  expect(res.status()).toBe(201);
  return { ...((await res.json()) as { id: number; username: string; email: string }), password };
}

/** Sets the language before the first page load, so the first-visit reload does not happen. */
export async function useLanguage(page: Page, lang: 'en_US' | 'fr_FR') {
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('vitrine_lang')) window.localStorage.setItem('vitrine_lang', value);
  }, lang);
}

export async function signInThroughUi(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(/^(username or email|nom d’utilisateur ou e-mail)$/i).fill(login);
  await page.getByLabel(/^password$|^mot de passe$/i).fill(password);
  await page.getByRole('button', { name: /^sign in$|^se connecter$/i }).click();
  await expect(page).toHaveURL(/\/$/);
}

export async function capturedEmails(to: string) {
  const res = await fetch(`http://127.0.0.1:${E2E.resendPort}/__messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as { subject: string; text: string; html: string }[];
}
