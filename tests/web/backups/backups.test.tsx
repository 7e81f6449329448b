// Configuration → Backups against a scripted API: making a backup and following it to its download,
// restoring a file (only once the person confirms), a run's failure in words, and the server's refusals.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackupRun } from '@shared/schemas/backups';
import { apiError, apiInfo, json, mockFetch, renderRoute, signIn, stubObjectUrls, type RecordedCall } from '../helpers';

const run = (overrides: Partial<BackupRun> = {}): BackupRun => ({
  id: 4,
  kind: 'backup',
  status: 'done',
  phase: 'done',
  entries: 12,
  restored: 0,
  rows: 1234,
  objects: 56,
  bytes: 3 * 1024 * 1024,
  problem: null,
  problemPart: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  finishedAt: '2026-11-20T10:01:00.000Z',
  ...overrides,
});

function api(route: (call: RecordedCall) => Response | undefined) {
  return mockFetch((call) => {
    const answer = route(call);
    if (answer) return answer;
    if (call.url === '/api/v1/') return json(apiInfo());
    if (call.url === '/api/v1/settings') return json({ loansEnabled: true });
    return apiError(404, 'NOT_FOUND');
  });
}

afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('Configuration → Backups', () => {
  it('makes a backup, follows its progress and downloads it', async () => {
    signIn('admin', { id: 1 });
    let runs: BackupRun[] = [];
    let reads = 0;
    const { calls } = api((call) => {
      if (call.url === '/api/v1/config/backups' && call.method === 'POST') {
        runs = [run({ id: 5, status: 'running', phase: 'tables', rows: 500, objects: 0, finishedAt: null })];
        return json(runs[0], { status: 202 });
      }
      if (call.url === '/api/v1/config/backups') {
        reads += 1;
        // The second read after starting finds it done.
        if (runs[0]?.status === 'running' && reads > 2) runs = [run({ id: 5 })];
        return json({ runs });
      }
      if (call.url === '/api/v1/config/backups/5/file') return new Response('zip', { headers: { 'Content-Type': 'application/zip' } });
      return undefined;
    });
    const createObjectURL = stubObjectUrls('blob:backup');
    renderRoute('/config/backups');
    expect(await screen.findByText('No backup made yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Backups' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'Make a backup' }));
    expect(await screen.findByText('500 rows and 0 files read so far')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make a backup' })).toBeDisabled();
    expect(await screen.findByText('1,234 rows and 56 files, 3 MB', {}, { timeout: 5000 })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(calls.some((c) => c.url === '/api/v1/config/backups/5/file')).toBe(true);
  });

  it('restores a file only once the person confirms, and shows the run failing in words', async () => {
    signIn('admin', { id: 1 });
    let runs: BackupRun[] = [];
    const { calls } = api((call) => {
      if (call.url === '/api/v1/config/restores') {
        runs = [
          run({
            id: 9,
            kind: 'restore',
            status: 'failed',
            phase: 'verify',
            problem: 'backup_damaged',
            problemPart: 'tables/item_values/000010.json',
          }),
        ];
        return json(runs[0], { status: 202 });
      }
      if (call.url === '/api/v1/config/backups') return json({ runs });
      return undefined;
    });
    renderRoute('/config/backups');
    const input = await screen.findByLabelText('Backup file');
    await userEvent.upload(input, new File(['PK'], 'vitrine-backup.zip', { type: 'application/zip' }));
    const restore = screen.getByRole('button', { name: 'Restore this backup' });
    expect(restore).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /will fill this instance/ }));
    await userEvent.click(restore);

    const problem = await screen.findByText(/This backup is damaged or cut short: nothing was restored\./);
    // The part at fault is named.
    expect(problem).toHaveTextContent('Missing, extra or not as its manifest says: tables/item_values/000010.json.');
    const sent = calls.find((c) => c.url === '/api/v1/config/restores')!;
    expect(sent.method).toBe('POST');
    expect(sent.headers.get('Content-Type')).toBe('application/zip');
    expect(sent.body).toBeInstanceOf(Blob);
    const history = screen.getByRole('heading', { name: 'Backups and restores' }).closest('section')!;
    expect(within(history).getByText('Failed')).toBeInTheDocument();
  });

  it('says why the server refused a restore, and keeps the chosen file', async () => {
    signIn('admin', { id: 1 });
    api((call) => {
      if (call.url === '/api/v1/config/restores') return apiError(409, 'INSTANCE_NOT_EMPTY');
      if (call.url === '/api/v1/config/backups') return json({ runs: [] });
      return undefined;
    });
    renderRoute('/config/backups');
    await userEvent.upload(await screen.findByLabelText('Backup file'), new File(['PK'], 'old.zip', { type: 'application/zip' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /will fill this instance/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Restore this backup' }));
    expect(
      await screen.findByText('A backup is restored into an empty instance: this one already has collections or other accounts.'),
    ).toBeInTheDocument();
    expect(screen.getByText('old.zip')).toBeInTheDocument();
  });

  it('is not there for anyone but the built-in administrator', async () => {
    signIn('someone', { id: 7 });
    api(() => undefined);
    renderRoute('/config/backups');
    expect(await screen.findByText('This page does not exists.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make a backup' })).not.toBeInTheDocument();
  });
});
