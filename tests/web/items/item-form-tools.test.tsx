// The item form's tools: what they read of the form (its values now) and what filling does (the inputs
// show the values as typed text, the save sends them, untouched inputs keep theirs).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CreateItemInput } from '@shared/schemas/items';
import { ItemForm } from '@web/features/items/components/item-form';
import { makeCollection, makeItem, makeProperty } from '../catalogue-fixtures';
import { renderWithApp } from '../helpers';

const properties = [
  makeProperty({ key: 'title', label: 'Title', type: 'text', isTitle: true, required: true }),
  makeProperty({ key: 'authors', label: 'Authors', type: 'text', multiple: true }),
  makeProperty({ key: 'pages', label: 'Pages', type: 'number' }),
  makeProperty({ key: 'released', label: 'Released', type: 'date' }),
];

describe('item form tools', () => {
  it('read the values the form holds and fill some in, which the save then sends', async () => {
    const onSubmit = vi.fn<(input: CreateItemInput) => Promise<unknown>>(async () => undefined);
    const seen: Record<string, unknown>[] = [];
    renderWithApp(
      <ItemForm
        collection={makeCollection()}
        properties={properties}
        item={makeItem({ values: { title: 'Dune (mine)', authors: [], pages: null, released: null } })}
        readOnly={false}
        cancelTo="/"
        upload={async () => 'media://x'}
        onSubmit={onSubmit}
        tools={(form) => {
          seen.push(form.values);
          return (
            <button
              type="button"
              disabled={form.disabled}
              onClick={() => form.fill({ authors: ['Frank Herbert', 'Brian Herbert'], pages: 412, released: '1965-08-01' })}
            >
              Fill
            </button>
          );
        }}
      />,
    );
    const user = userEvent.setup();
    expect(seen.at(-1)).toEqual({ title: 'Dune (mine)', authors: [], pages: null, released: null });

    await user.click(screen.getByRole('button', { name: 'Fill' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Dune (mine)');
    expect(screen.getByLabelText('Authors 1')).toHaveValue('Frank Herbert');
    expect(screen.getByLabelText('Authors 2')).toHaveValue('Brian Herbert');
    expect(screen.getByLabelText('Pages')).toHaveValue(412);
    expect(screen.getByLabelText('Released')).toHaveValue('1965-08-01');
    expect(seen.at(-1)).toEqual({ title: 'Dune (mine)', authors: ['Frank Herbert', 'Brian Herbert'], pages: 412, released: '1965-08-01' });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].values).toEqual({
      title: 'Dune (mine)',
      authors: ['Frank Herbert', 'Brian Herbert'],
      pages: 412,
      released: '1965-08-01',
    });
  });
});
