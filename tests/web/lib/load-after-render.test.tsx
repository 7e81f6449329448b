// An owner-only part is left out of a page's first download: the Worker's synchronous render and the
// browser's first render show nothing of it, then its module comes and it shows.
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { loadAfterRender } from '@web/lib/load-after-render';

function Panel({ name }: { name: string }) {
  return <p>Loans of {name}</p>;
}

describe('loadAfterRender', () => {
  it('renders nothing on the server and asks for no module there', () => {
    const load = vi.fn(() => Promise.resolve(Panel));
    const Later = loadAfterRender(load);
    expect(renderToString(<Later name="Middlemarch" />)).toBe('');
    expect(load).not.toHaveBeenCalled();
  });

  it('shows the part once its module has come, loading it once for every showing', async () => {
    const load = vi.fn(() => Promise.resolve(Panel));
    const Later = loadAfterRender(load);
    const first = render(<Later name="Middlemarch" />);
    expect(first.container).toBeEmptyDOMElement();
    expect(await screen.findByText('Loans of Middlemarch')).toBeInTheDocument();
    first.unmount();
    render(<Later name="Emma" />);
    // Already loaded: shown in the first render, without waiting.
    expect(screen.getByText('Loans of Emma')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again on a later showing when the module could not be loaded', async () => {
    const load = vi.fn<() => Promise<typeof Panel>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Panel);
    const Later = loadAfterRender(load);
    const first = render(<Later name="Middlemarch" />);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(first.container).toBeEmptyDOMElement();
    first.unmount();
    render(<Later name="Middlemarch" />);
    expect(await screen.findByText('Loans of Middlemarch')).toBeInTheDocument();
  });
});
