// A new version of the app installed in the background waits for the person: a notice with a button,
// never a reload they did not ask for (which would lose a form being filled).
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiInfo, json, mockFetch, renderRoute, stubReload } from '../helpers';

const sw = vi.hoisted(() => ({
  listener: null as ((waiting: boolean) => void) | null,
  registerServiceWorker: vi.fn(),
  applyUpdate: vi.fn(),
}));

vi.mock('@web/lib/service-worker', () => ({
  registerServiceWorker: sw.registerServiceWorker,
  applyUpdate: sw.applyUpdate,
  onUpdateWaiting: (listener: (waiting: boolean) => void) => {
    sw.listener = listener;
    listener(false);
    return () => {
      sw.listener = null;
    };
  },
}));

describe('app update', () => {
  it('registers the service worker and offers the waiting version without reloading by itself', async () => {
    mockFetch(() => json(apiInfo()));
    const { reload, restore } = stubReload();
    try {
      renderRoute('/login');
      await screen.findByRole('button', { name: 'Sign in' });
      await vi.waitFor(() => expect(sw.registerServiceWorker).toHaveBeenCalled());
      expect(screen.queryByRole('button', { name: 'Reload to update' })).not.toBeInTheDocument();

      act(() => sw.listener?.(true));
      expect(screen.getByText('A new version of Vitrine is ready.')).toBeInTheDocument();
      expect(sw.applyUpdate).not.toHaveBeenCalled();
      expect(reload).not.toHaveBeenCalled();

      await userEvent.click(screen.getByRole('button', { name: 'Reload to update' }));
      expect(sw.applyUpdate).toHaveBeenCalledTimes(1);
    } finally {
      restore();
    }
  });
});
