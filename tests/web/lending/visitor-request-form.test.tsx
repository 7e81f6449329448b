// The one shell of a visitor's requests about an item (visitor-request-form.tsx), through the waiting
// list's form: what it sends, what it says once sent, and the demo's notice. The borrow form on the same
// shell is tried with its reservation's days in reservations.test.tsx.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HoldForm } from '@web/features/lending/components/hold-form';
import { makeItem } from '../catalogue-fixtures';
import { mockFetch, renderWithApp } from '../helpers';

describe('the waiting list form', () => {
  it('sends who asks, then says so with the way back to the item', async () => {
    const { calls } = mockFetch(() => new Response(null, { status: 204 }));
    renderWithApp(<HoldForm item={makeItem({ id: 9, collectionId: 3 })} readOnly={false} requester={{ name: 'Bea', email: null }} />);
    expect(screen.getByLabelText('Your name')).toHaveValue('Bea');
    await userEvent.type(screen.getByLabelText('Your email address'), 'bea@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText('You are in the waiting list.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the item' })).toHaveAttribute('href', '/collection/3/item/9');
    const sent = calls.find((c) => c.url === '/api/v1/collections/3/items/9/holds');
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toMatchObject({ name: 'Bea', email: 'bea@example.test' });
  });

  it('names the demo beside a button that sends nothing', () => {
    renderWithApp(<HoldForm item={makeItem()} readOnly />);
    const button = screen.getByRole('button', { name: 'Join the waiting list' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('This is the demo: nobody can join a waiting list from it.');
  });
});
