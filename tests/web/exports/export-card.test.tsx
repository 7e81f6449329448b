// The collection's Export card against a scripted API: an export with pictures followed from its start
// to its download, a failed one said in words, a refusal of the server, and the demo without the zip.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExportRun } from '@shared/schemas/exports';
import { ExportCard } from '@web/features/exports/components/export-card';
import { apiError, apiInfo, json, mockFetch, renderWithApp, signIn, stubObjectUrls, type RecordedCall } from '../helpers';

const run = (overrides: Partial<ExportRun> = {}): ExportRun => ({
  id: 8,
  collectionId: 3,
  status: 'running',
  phase: 'document',
  items: 200,
  total: 450,
  pictures: 0,
  bytes: 0,
  file: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

function api(route: (call: RecordedCall) => Response | undefined, demo = false) {
  return mockFetch((call) => {
    const answer = route(call);
    if (answer) return answer;
    if (call.url === '/api/v1/') return json(apiInfo(demo));
    return apiError(404, 'NOT_FOUND');
  });
}

afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('Export card: JSON with pictures', () => {
  it('starts the export, shows its progress, and downloads the zip once it is ready', async () => {
    signIn('ann');
    let reads = 0;
    let started = false;
    const { calls } = api((call) => {
      if (call.url === '/api/v1/collections/3/exports' && call.method === 'POST') {
        started = true;
        return json(run(), { status: 202 });
      }
      if (call.url === '/api/v1/collections/3/exports') {
        if (!started) return json({ runs: [] });
        reads += 1;
        if (reads === 1) return json({ runs: [run()] });
        if (reads === 2) return json({ runs: [run({ phase: 'pictures', items: 450, pictures: 12, bytes: 2 * 1024 * 1024 })] });
        return json({
          runs: [
            run({
              status: 'done',
              phase: 'done',
              items: 450,
              pictures: 30,
              bytes: 5 * 1024 * 1024,
              file: '/api/v1/collections/3/exports/8/file',
            }),
          ],
        });
      }
      if (call.url === '/api/v1/collections/3/exports/8/file')
        return new Response('PK', { headers: { 'Content-Type': 'application/zip' } });
      return undefined;
    });
    const createObjectURL = stubObjectUrls('blob:export');
    renderWithApp(<ExportCard collectionId={3} name="Shelf" />);

    await userEvent.click(await screen.findByRole('button', { name: 'JSON with pictures (zip)' }));
    expect(await screen.findByText('Writing the items: 200 of 450')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress of the export' })).toHaveAttribute('value', String((200 / 450) * 0.9));
    expect(screen.getByRole('button', { name: 'JSON with pictures (zip)' })).toBeDisabled();
    expect(await screen.findByText('Gathering the pictures: 12 so far (2 MB)', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(
      await screen.findByText('Ready: 450 items and 30 pictures (5 MB). The download has started.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    // Downloaded once by itself, then again on request.
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('button', { name: 'Download the zip' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
    expect(calls.filter((c) => c.url === '/api/v1/collections/3/exports/8/file')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'JSON with pictures (zip)' })).toBeEnabled();
  });

  it('says when the export failed, and when the server refuses another', async () => {
    signIn('ann');
    let started = 0;
    api((call) => {
      if (call.url === '/api/v1/collections/3/exports' && call.method === 'POST') {
        started += 1;
        return started === 1 ? json(run(), { status: 202 }) : apiError(409, 'EXPORT_RUNNING');
      }
      if (call.url === '/api/v1/collections/3/exports')
        return json({ runs: started ? [run({ status: 'failed', finishedAt: '2026-11-24T10:01:00.000Z' })] : [] });
      return undefined;
    });
    renderWithApp(<ExportCard collectionId={3} name="Shelf" />);
    await userEvent.click(await screen.findByRole('button', { name: 'JSON with pictures (zip)' }));
    expect(await screen.findByText('The export with pictures stopped on an error of the server. Try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'JSON with pictures (zip)' }));
    expect(await screen.findByText('One of your exports with pictures is being made: wait for it to end.')).toBeInTheDocument();
  });

  it('shows a zip made on an earlier visit, kept for the day, without downloading it by itself', async () => {
    signIn('ann');
    const done = run({
      status: 'done',
      phase: 'done',
      items: 450,
      pictures: 30,
      bytes: 5 * 1024 * 1024,
      finishedAt: '2026-11-24T10:01:00.000Z',
      file: '/api/v1/collections/3/exports/8/file',
    });
    const { calls } = api((call) => {
      if (call.url === '/api/v1/collections/3/exports') return json({ runs: [done] });
      if (call.url === '/api/v1/collections/3/exports/8/file')
        return new Response('PK', { headers: { 'Content-Type': 'application/zip' } });
      return undefined;
    });
    const createObjectURL = stubObjectUrls('blob:export');
    renderWithApp(<ExportCard collectionId={3} name="Shelf" />);
    expect(await screen.findByText(/^Zip of .*: 450 items and 30 pictures \(5 MB\), kept for a day\.$/)).toBeInTheDocument();
    expect(createObjectURL).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Download the zip' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.url === '/api/v1/collections/3/exports/8/file')).toHaveLength(1);
  });

  it('the demo offers JSON and CSV, not the zip (which is stored for a day)', async () => {
    signIn('ann');
    api(() => undefined, true);
    renderWithApp(<ExportCard collectionId={3} name="Shelf" />);
    expect(await screen.findByRole('button', { name: 'Download JSON' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'JSON with pictures (zip)' })).not.toBeInTheDocument());
  });
});
