// The item form: one typed input per property, the values payload it sends, and the errors it shows.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catalogueApi, makeItem, makeProperty } from '../catalogue-fixtures';
import { apiError, json, mockFetch, renderRoute, signIn } from '../helpers';
import type { RecordedCall } from '../helpers';

const properties = [
  makeProperty({ key: 'title', label: 'Title', type: 'text', isTitle: true, required: true, description: 'As printed on the cover' }),
  makeProperty({ key: 'authors', label: 'Authors', type: 'text', multiple: true }),
  makeProperty({ key: 'rating', label: 'Rating', type: 'rating' }),
  makeProperty({ key: 'colour', label: 'Colour', type: 'color' }),
  makeProperty({ key: 'extra', label: 'Extra', type: 'json' }),
  makeProperty({ key: 'released', label: 'Released', type: 'date' }),
  makeProperty({ key: 'read', label: 'Read', type: 'yesno' }),
  makeProperty({ key: 'format', label: 'Format', type: 'text', defaultValue: 'Paperback' }),
  makeProperty({ key: 'pages', label: 'Pages', type: 'number', suffix: 'pages' }),
];

const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST' && call.url === '/api/v1/collections/3/items');

function setup(answer?: (call: RecordedCall) => Response | undefined) {
  signIn('alice');
  return mockFetch(
    catalogueApi({
      properties,
      item: makeItem({ id: 12 }),
      other: (call) =>
        call.method === 'POST' && call.url === '/api/v1/collections/3/items'
          ? (answer?.(call) ?? json(makeItem({ id: 12 }), { status: 201 }))
          : undefined,
    }),
  );
}

describe('item form', () => {
  it('builds the values payload: multiple values in order, rating halves, colour, JSON, date', async () => {
    const { calls } = setup();
    const { router } = renderRoute('/collection/3/item/new');
    const user = userEvent.setup();

    const title = await screen.findByLabelText('Title');
    expect(title).toHaveAccessibleDescription('As printed on the cover');
    await user.type(title, 'Dune');

    await user.type(screen.getByLabelText('Authors 1'), 'Frank Herbert');
    await user.click(screen.getByRole('button', { name: 'Add a value to Authors' }));
    await user.type(screen.getByLabelText('Authors 2'), 'Brian Herbert');
    await user.click(screen.getByRole('button', { name: 'Add a value to Authors' }));
    await user.type(screen.getByLabelText('Authors 3'), 'Kevin J. Anderson');
    await user.click(screen.getByRole('button', { name: 'Move Authors 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Remove Authors 3' }));

    const rating = screen.getByRole('slider', { name: 'Rating' });
    await user.click(rating.querySelector('[data-value="3.5"]')!);
    expect(rating).toHaveAttribute('aria-valuetext', '3.5 out of 5');

    await user.type(screen.getByLabelText('Colour'), '#AA3300');
    await user.click(screen.getByLabelText('Extra'));
    await user.paste('{"pages": 412, "signed": true}');
    fireEvent.change(screen.getByLabelText('Released'), { target: { value: '1965-08-01' } });
    await user.type(screen.getByLabelText('Pages'), '412');
    expect(screen.getByText('pages')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create the item' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({
      values: {
        title: 'Dune',
        authors: ['Brian Herbert', 'Frank Herbert'],
        rating: 3.5,
        colour: '#aa3300',
        extra: { pages: 412, signed: true },
        released: '1965-08-01',
        read: false,
        format: 'Paperback',
        pages: 412,
      },
      quantity: 1,
      visibility: null,
      borrowable: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection/3/item/12'));
  });

  it('says so when a prefilled default is cleared, so the server does not put it back', async () => {
    const { calls } = setup();
    renderRoute('/collection/3/item/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Dune');
    await user.clear(screen.getByLabelText('Format'));
    await user.click(screen.getByRole('button', { name: 'Create the item' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({ values: { title: 'Dune', format: null, authors: [], pages: null } });
  });

  it('prefills default values and sends copies, visibility and who can borrow', async () => {
    const { calls } = setup();
    renderRoute('/collection/3/item/new');
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Format')).toHaveValue('Paperback');
    expect(screen.getByRole('option', { name: 'Collection default (Everyone)' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Dune');
    await user.click(screen.getByLabelText('Read'));
    const quantity = screen.getByLabelText('Number of copies');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.selectOptions(screen.getByLabelText('Visibility'), 'Only me');
    await user.selectOptions(screen.getByLabelText('Who can borrow'), 'Logged in');
    await user.click(screen.getByRole('button', { name: 'Create the item' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({
      values: { title: 'Dune', read: true, format: 'Paperback' },
      quantity: 3,
      visibility: 3,
      borrowable: 1,
    });
  });

  it('offers "Shared users" for the visibility, explained, but not for who can borrow', async () => {
    const { calls } = setup();
    renderRoute('/collection/3/item/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Dune');
    const visibility = screen.getByLabelText('Visibility');
    expect(visibility).toHaveAccessibleDescription(
      'Who can see this item. Shared users: you and the people you share the collection with.',
    );
    const borrow = screen.getByLabelText('Who can borrow');
    expect([...(borrow as HTMLSelectElement).options].map((o) => o.text)).not.toContain('Shared users');
    await user.selectOptions(visibility, 'Shared users');
    await user.click(screen.getByRole('button', { name: 'Create the item' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({ values: { title: 'Dune' }, visibility: 2 });
  });

  it('shows a JSON parse error next to the field and sends nothing', async () => {
    const { calls } = setup();
    renderRoute('/collection/3/item/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Dune');
    await user.click(screen.getByLabelText('Extra'));
    await user.paste('{"pages": 412,');
    await user.click(screen.getByRole('button', { name: 'Create the item' }));
    await waitFor(() => expect(screen.getByLabelText('Extra')).toHaveAccessibleDescription('This is not valid JSON.'));
    expect(screen.getByLabelText('Extra')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields are not valid.');
    expect(posts(calls)).toHaveLength(0);
  });

  it('refuses an empty never-empty property before sending', async () => {
    const { calls } = setup();
    renderRoute('/collection/3/item/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Create the item' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(/This property cannot be empty\./));
    expect(posts(calls)).toHaveLength(0);
  });

  it('shows the server field errors next to their fields', async () => {
    const { calls } = setup(() =>
      apiError(400, 'VALIDATION_FAILED', {
        fields: [
          { path: 'values.released', reason: 'invalid_date', message: 'This is not a real date (YYYY-MM-DD).' },
          { path: 'values.authors.1', reason: 'too_big', message: 'Too long.' },
          { path: 'quantity', reason: 'too_big', message: 'At most 100000.' },
        ],
      }),
    );
    renderRoute('/collection/3/item/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Dune');
    fireEvent.change(screen.getByLabelText('Released'), { target: { value: '1965-08-01' } });
    await user.click(screen.getByRole('button', { name: 'Create the item' }));
    await waitFor(() => expect(screen.getByLabelText('Released')).toHaveAccessibleDescription('This is not a real date (YYYY-MM-DD).'));
    expect(screen.getByRole('group', { name: 'Authors' })).toHaveAccessibleDescription('Too long.');
    expect(screen.getByLabelText('Number of copies')).toHaveAccessibleDescription(/At most 100000\./);
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields are not valid. Please check them.');
    expect(posts(calls)).toHaveLength(1);
  });

  it('edits an item: its values fill the form and PATCH replaces them, order kept', async () => {
    signIn('alice');
    const item = makeItem({
      id: 9,
      values: { title: 'Dune', authors: ['Frank Herbert', 'Brian Herbert'], rating: 4.5, colour: '#112233' },
      quantity: 2,
      visibility: 1,
    });
    const { calls } = mockFetch(
      catalogueApi({
        properties,
        item,
        other: (call) => (call.method === 'PATCH' && call.url === '/api/v1/collections/3/items/9' ? json(item) : undefined),
      }),
    );
    const { router } = renderRoute('/collection/3/item/9/edit');
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/v1/collections/3/items/9?edit=true'));
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Title')).toHaveValue('Dune');
    expect(screen.getByLabelText('Authors 1')).toHaveValue('Frank Herbert');
    expect(screen.getByLabelText('Authors 2')).toHaveValue('Brian Herbert');
    expect(screen.getByRole('slider', { name: 'Rating' })).toHaveAttribute('aria-valuenow', '4.5');
    expect(screen.getByLabelText('Format')).toHaveValue('');
    expect(screen.getByLabelText('Visibility')).toHaveValue('1');
    await user.click(screen.getByRole('button', { name: 'Move Authors 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Clear Rating' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      values: {
        title: 'Dune',
        authors: ['Brian Herbert', 'Frank Herbert'],
        rating: null,
        colour: '#112233',
        extra: null,
        released: null,
        read: false,
        format: null,
        pages: null,
      },
      quantity: 2,
      visibility: 1,
      borrowable: null,
      version: 1,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection/3/item/9'));
  });

  it('sends the version it edits; when someone else saved first, says so and reloads their version', async () => {
    signIn('alice');
    let current = makeItem({ id: 9, values: { title: 'Dune' }, version: 4 });
    const { calls } = mockFetch(
      catalogueApi({
        properties,
        other: (call) => {
          if (call.url !== '/api/v1/collections/3/items/9?edit=true' && call.url !== '/api/v1/collections/3/items/9') return undefined;
          if (call.method === 'GET') return json(current);
          // Someone else saved "Dune Messiah" meanwhile: this edit is refused.
          current = makeItem({ id: 9, values: { title: 'Dune Messiah' }, version: 5 });
          return apiError(409, 'STALE_WRITE');
        },
      }),
    );
    renderRoute('/collection/3/item/9/edit');
    const user = userEvent.setup();
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Children of Dune');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone changed this since you opened it.');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ values: { title: 'Children of Dune' }, version: 4 });
    await user.click(screen.getByRole('button', { name: 'Reload their version' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Dune Messiah'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says how many copies are lent when fewer copies than that are refused (409 QUANTITY_BELOW_LENT)', async () => {
    signIn('alice');
    const item = makeItem({ id: 9, values: { title: 'Dune' }, quantity: 3 });
    const { calls } = mockFetch(
      catalogueApi({
        properties,
        item,
        other: (call) =>
          call.method === 'PATCH' && call.url === '/api/v1/collections/3/items/9'
            ? apiError(409, 'QUANTITY_BELOW_LENT', {
                fields: [{ path: 'quantity', reason: 'below_lent', message: 'server text', minimum: 2 }],
              })
            : undefined,
      }),
    );
    const { router } = renderRoute('/collection/3/item/9/edit');
    const user = userEvent.setup();
    const copies = await screen.findByLabelText('Number of copies');
    await user.clear(copies);
    await user.type(copies, '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('the number of copies cannot be lower than the copies out on loan');
    expect(screen.getByLabelText('Number of copies')).toHaveAccessibleDescription(/2 copies are out on loan: enter 2 or more\./);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ quantity: 1 });
    // Nothing was saved: the form stays open with what was typed.
    expect(router.state.location.pathname).toBe('/collection/3/item/9/edit');
    expect(screen.getByLabelText('Number of copies')).toHaveValue(1);
  });

  it('uploads a file first, then stores its media value', async () => {
    signIn('alice');
    const cover = makeProperty({ key: 'cover', label: 'Cover', type: 'image', isCover: true });
    const { calls } = mockFetch(
      catalogueApi({
        properties: [cover],
        other: (call) => {
          if (call.method === 'POST' && call.url === '/api/v1/collections/3/media') {
            return json({ value: 'media://collections/3/0b5c9e0a-cover.png', contentType: 'image/png', size: 4 }, { status: 201 });
          }
          if (call.method === 'POST' && call.url === '/api/v1/collections/3/items') {
            return json(makeItem({ id: 12 }), { status: 201 });
          }
          return undefined;
        },
      }),
    );
    renderRoute('/collection/3/item/new');
    const user = userEvent.setup();
    const file = new File(['\x89PNG'], 'cover.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Cover'), file);
    expect(await screen.findByText('Your file has been uploaded')).toHaveAttribute('role', 'status');
    // Signed in: the address carries the media ticket, so private files load in <img>.
    expect(screen.getByRole('img', { name: 'Cover' })).toHaveAttribute('src', '/media/collections/3/0b5c9e0a-cover.png?t=tkt');
    await user.click(screen.getByRole('button', { name: 'Create the item' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({ values: { cover: 'media://collections/3/0b5c9e0a-cover.png' } });
    expect(calls.find((call) => call.url === '/api/v1/collections/3/media')?.body).toBeInstanceOf(FormData);
  });

  it('shows a stored file by the name it was uploaded with, not its random key', async () => {
    signIn('alice');
    const manual = makeProperty({ key: 'manual', label: 'Manual', type: 'file' });
    const item = makeItem({ id: 9, values: { manual: 'media://collections/3/0b5c9e0a-4f1e-4c1a-9d7b-1a2b3c4d5e6f.pdf' } });
    const { calls } = mockFetch(
      catalogueApi({
        properties: [manual],
        item,
        other: (call) =>
          call.method === 'HEAD' && call.url.startsWith('/media/collections/3/0b5c9e0a-4f1e-4c1a-9d7b-1a2b3c4d5e6f.pdf')
            ? new Response(null, {
                headers: {
                  'content-disposition': 'attachment; filename="Manuel d_usage.pdf"; filename*=UTF-8\'\'Manuel%20d%E2%80%99usage.pdf',
                },
              })
            : undefined,
      }),
    );
    renderRoute('/collection/3/item/9/edit');
    expect(await screen.findByText('Manuel d’usage.pdf')).toBeInTheDocument();
    expect(screen.queryByText('0b5c9e0a-4f1e-4c1a-9d7b-1a2b3c4d5e6f.pdf')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'HEAD')).toHaveLength(1);
  });

  it('reports a refused upload', async () => {
    signIn('alice');
    const manual = makeProperty({ key: 'manual', label: 'Manual', type: 'file' });
    mockFetch(
      catalogueApi({
        properties: [manual],
        other: (call) =>
          call.method === 'POST' && call.url === '/api/v1/collections/3/media' ? apiError(415, 'UNSUPPORTED_MEDIA_TYPE') : undefined,
      }),
    );
    renderRoute('/collection/3/item/new');
    await userEvent.upload(await screen.findByLabelText('Manual'), new File(['x'], 'run.exe'));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occured while uploading file. This type of file is not accepted.');
  });

  it('disables every input in demo mode', async () => {
    signIn('demo', { readOnly: true });
    mockFetch(catalogueApi({ properties, demo: true }));
    renderRoute('/collection/3/item/new');
    expect(await screen.findByLabelText('Title')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create the item' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add a value to Authors' })).toBeDisabled();
  });
});
