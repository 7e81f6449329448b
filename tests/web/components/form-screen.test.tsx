// The pieces form screens are built from: the frame (page title, breadcrumbs, card, heading, demo
// notice), the submit hook (busy while it runs, the failure kept and cleared on retry) and the flash
// message a successful action leaves for the next screen.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FlashStatus } from '@web/components/flash-status';
import { FormAlerts } from '@web/components/form-alerts';
import { FormScreen } from '@web/components/screen';
import { ApiError } from '@web/lib/api-client';
import { useNavigateWithFlash } from '@web/lib/flash';
import { useSubmit } from '@web/lib/use-submit';
import { apiInfo, json, mockFetch, renderWithApp } from '../helpers';

afterEach(() => vi.unstubAllGlobals());

describe('FormScreen', () => {
  it('titles the page, ends the trail with the title and heads the card with it', async () => {
    mockFetch(() => json(apiInfo()));
    renderWithApp(
      <FormScreen title="Edit Dune" crumbs={[{ label: 'Collections', to: '/' }]}>
        <p>the form</p>
      </FormScreen>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Dune' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Edit Dune' })).toHaveTextContent('the form');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(trail).toHaveTextContent('CollectionsEdit Dune');
    expect(screen.getByText('Edit Dune', { selector: '[aria-current="page"]' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Edit Dune - Vitrine'));
  });

  it('says changes are disabled in demo mode, unless told the form works the same', async () => {
    mockFetch(() => json(apiInfo(true)));
    renderWithApp(
      <>
        <FormScreen title="New user" headingLevel={2}>
          <p>one</p>
        </FormScreen>
        <FormScreen title="Choose a new password" demoNotice={false}>
          <p>two</p>
        </FormScreen>
      </>,
    );
    expect(await screen.findByText('Demo mode: changes are disabled')).toBeInTheDocument();
    expect(screen.getAllByText('Demo mode: changes are disabled')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'New user' })).toBeInTheDocument();
  });
});

function Probe({ action }: { action: (fields: FormData) => Promise<unknown> }) {
  const { onSubmit, busy, errors } = useSubmit(action);
  return (
    <form onSubmit={onSubmit}>
      <FormAlerts errors={errors} shownFields={['name']} />
      <input name="name" aria-label="Name" defaultValue="Dune" />
      <button type="submit" disabled={busy}>
        Send
      </button>
    </form>
  );
}

describe('useSubmit', () => {
  it('hands over the fields, is busy while the action runs, and keeps its failure until the next try', async () => {
    mockFetch(() => json(apiInfo()));
    let finish: (() => void) | undefined;
    const received: string[] = [];
    const action = vi
      .fn<(fields: FormData) => Promise<unknown>>()
      .mockImplementationOnce(async () => {
        throw new ApiError({
          status: 400,
          code: 'VALIDATION_FAILED',
          fields: [{ path: 'tags', reason: 'invalid', message: 'Too many tags.' }],
        });
      })
      .mockImplementationOnce(async (fields) => {
        received.push(String(fields.get('name')));
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
      });
    renderWithApp(<Probe action={action} />);

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Some fields are not valid. Please check them.')).toHaveAttribute('role', 'alert');
    // A field the form does not show keeps its message at the top.
    expect(screen.getByText('Too many tags.')).toHaveAttribute('role', 'alert');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(received).toEqual(['Dune']);
    await act(async () => finish?.());
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});

function Leave() {
  const navigateWithFlash = useNavigateWithFlash();
  return (
    <button type="button" onClick={() => navigateWithFlash('/done')}>
      Go
    </button>
  );
}

describe('flash messages', () => {
  it('show on the screen an action leads to, and only there', async () => {
    mockFetch(() => json(apiInfo()));
    renderWithApp(
      <>
        <Leave />
        <FlashStatus />
      </>,
    );
    expect(screen.queryByText('Operation succeeded!')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Operation succeeded!')).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('location')).toHaveTextContent('/done');
  });
});
