// The property form (ID derived from the label, every content type, typed default value) and the
// properties table of the collection settings (order, deletion).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PROPERTY_TYPES } from '@shared/catalogue';
import type { Property } from '@shared/schemas/properties';
import { keyFromLabel } from '@web/lib/property-key';
import { catalogueApi, makeCollection, makeProperty, PROPERTY_FLAGS_OFF } from '../catalogue-fixtures';
import { apiError, json, mockFetch, renderRoute, signIn } from '../helpers';

const title = makeProperty({ key: 'title', label: 'Title', type: 'text', isTitle: true, sortable: true });
const author = makeProperty({ key: 'author', label: 'Author', type: 'text', multiple: true, filterable: true });
const year = makeProperty({ key: 'year', label: 'Year', type: 'number', visibility: 1 });

/** The catalogue's reads, where creating a property answers with `created`. */
function creatingApi(created: Property) {
  return catalogueApi({
    properties: [title],
    other: (call) =>
      call.method === 'POST' && call.url === '/api/v1/collections/3/properties' ? json(created, { status: 201 }) : undefined,
  });
}

describe('property ID from the label', () => {
  it('makes a safe slug', () => {
    expect(keyFromLabel('Date de sortie (FR)')).toBe('date_de_sortie_fr');
    expect(keyFromLabel('  Éditeur / Maison  ')).toBe('editeur_maison');
    expect(keyFromLabel('4 players')).toBe('p_4_players');
    expect(keyFromLabel('!!!')).toBe('');
    expect(keyFromLabel('a'.repeat(60))).toHaveLength(40);
  });
});

describe('property form', () => {
  it('derives the property ID from the label until it is edited', async () => {
    signIn('alice');
    mockFetch(catalogueApi({ properties: [title] }));
    renderRoute('/collection/3/manage/property/new');
    const user = userEvent.setup();
    const label = await screen.findByLabelText('Label');
    const key = screen.getByLabelText('Property ID');
    expect(key).toBeRequired();
    await user.type(label, 'Date de sortie');
    expect(key).toHaveValue('date_de_sortie');
    await user.clear(key);
    await user.type(key, 'released');
    await user.type(label, ' (FR)');
    expect(key).toHaveValue('released');
    await waitFor(() => expect(document.title).toBe('New property - Vitrine'));
  });

  it('offers all 13 content types and every flag', async () => {
    signIn('alice');
    mockFetch(catalogueApi({ properties: [] }));
    renderRoute('/collection/3/manage/property/new');
    const select = await screen.findByLabelText('Content type');
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual([...PROPERTY_TYPES]);
    expect(options).toHaveLength(13);
    for (const flag of [
      'Hide label',
      'Show in item summary',
      'Use as title',
      'Use as subtitle',
      'Use as cover image',
      'Use as item reference',
      'Multiple values',
      'Never empty',
      'Filterable',
      'Searchable',
      'Sortable',
    ]) {
      expect(screen.getByRole('checkbox', { name: flag })).toBeInTheDocument();
    }
  });

  it('creates a property with a typed default value, then returns to the settings', async () => {
    signIn('alice');
    const { calls } = mockFetch(creatingApi(makeProperty({ key: 'score', label: 'Score', type: 'rating' })));
    const { router } = renderRoute('/collection/3/manage/property/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Label'), 'Score');
    await user.selectOptions(screen.getByLabelText('Content type'), 'rating');
    const stars = screen.getByRole('slider', { name: 'Default value' });
    stars.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    await user.type(screen.getByLabelText('Suffix'), 'stars');
    await user.click(screen.getByRole('checkbox', { name: 'Sortable' }));
    await user.click(screen.getByRole('checkbox', { name: 'Show in item summary' }));
    await user.selectOptions(screen.getByLabelText('Visibility'), 'Logged in');
    await user.click(screen.getByRole('button', { name: 'Create the property' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection/3/manage'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      key: 'score',
      label: 'Score',
      description: null,
      type: 'rating',
      suffix: 'stars',
      defaultValue: 2.5,
      ...PROPERTY_FLAGS_OFF,
      inSummary: true,
      sortable: true,
      visibility: 1,
    });
  });

  it('offers "Shared users" for the visibility of its values, explained', async () => {
    signIn('alice');
    const { calls } = mockFetch(creatingApi(makeProperty({ key: 'shelf', label: 'Shelf', type: 'text', visibility: 2 })));
    const { router } = renderRoute('/collection/3/manage/property/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Label'), 'Shelf');
    const visibility = screen.getByLabelText('Visibility');
    expect(visibility).toHaveAccessibleDescription(
      'Who can see the values of this property. Shared users: you and the people you share the collection with.',
    );
    await user.selectOptions(visibility, 'Shared users');
    await user.click(screen.getByRole('button', { name: 'Create the property' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection/3/manage'));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ key: 'shelf', label: 'Shelf', visibility: 2 });
  });

  it('shows a taken property ID next to the field', async () => {
    signIn('alice');
    mockFetch(
      catalogueApi({
        properties: [title],
        other: (call) => (call.method === 'POST' ? apiError(409, 'PROPERTY_KEY_TAKEN') : undefined),
      }),
    );
    renderRoute('/collection/3/manage/property/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Label'), 'Title');
    await user.click(screen.getByRole('button', { name: 'Create the property' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Property ID')).toHaveAccessibleDescription(
        expect.stringContaining('Another property of this collection already has this property ID.'),
      ),
    );
  });

  it('edits a property: its settings fill the form and PATCH sends them', async () => {
    signIn('alice');
    const { calls } = mockFetch(
      catalogueApi({
        properties: [title, author],
        other: (call) => (call.method === 'PATCH' ? json(author) : undefined),
      }),
    );
    renderRoute(`/collection/3/manage/property/${author.id}`);
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Property ID')).toHaveValue('author');
    expect(screen.getByRole('checkbox', { name: 'Multiple values' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Filterable' })).toBeChecked();
    await user.type(screen.getByLabelText('Label'), 's');
    expect(screen.getByLabelText('Property ID')).toHaveValue('author');
    await user.type(screen.getByLabelText('Default value 1'), 'Anonymous');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
      url: `/api/v1/collections/3/properties/${author.id}`,
      body: { key: 'author', label: 'Authors', type: 'text', multiple: true, defaultValue: ['Anonymous'] },
    });
  });

  it('is not offered to someone who does not own the collection', async () => {
    signIn('bob');
    mockFetch(catalogueApi({ collection: makeCollection({ isOwner: false }), properties: [title] }));
    renderRoute('/collection/3/manage/property/new');
    expect(await screen.findByText('This page does not exists.')).toBeInTheDocument();
  });
});

describe('collection settings', () => {
  it('lists properties with their flags and moves them with the order endpoint', async () => {
    signIn('alice');
    const { calls } = mockFetch(
      catalogueApi({
        properties: [title, author, year],
        other: (call) =>
          call.method === 'PUT' && call.url === '/api/v1/collections/3/properties/order'
            ? json({ properties: [author, title, year] })
            : undefined,
      }),
    );
    renderRoute('/collection/3/manage');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Properties' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Title', 'Author', 'Year']);
    expect(within(rows[0]!).getByText('sort')).toHaveClass('tag');
    expect(within(rows[1]!).getByText('multiple')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Logged in')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Title up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Year down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move Author up' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ ids: [author.id, title.id, year.id] });
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Properties' }))
          .getAllByRole('rowheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Author', 'Title', 'Year']),
    );
    expect(screen.getByRole('link', { name: 'Edit Year' })).toHaveAttribute('href', `/collection/3/manage/property/${year.id}`);
    expect(screen.getByRole('link', { name: 'Delete collection' })).toHaveAttribute('href', '/collection/3/manage/delete');
  });

  it('warns how many items lose their values before deleting a property', async () => {
    signIn('alice');
    const { calls } = mockFetch(
      catalogueApi({
        properties: [title, year],
        other: (call) => {
          if (call.url === `/api/v1/collections/3/properties/${year.id}/deletion`) return json({ valueCount: 12 });
          if (call.method === 'DELETE') return new Response(null, { status: 204 });
          return undefined;
        },
      }),
    );
    const { router } = renderRoute(`/collection/3/manage/property/${year.id}/delete`);
    expect(await screen.findByText('All its 12 values will be removed from the items. This cannot be undone.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete this property' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection/3/manage'));
    expect(calls.some((call) => call.method === 'DELETE' && call.url === `/api/v1/collections/3/properties/${year.id}`)).toBe(true);
    expect(await screen.findByText('Operation succeeded!')).toHaveAttribute('role', 'status');
  });

  it('confirms before deleting a collection', async () => {
    signIn('alice');
    const { calls } = mockFetch(
      catalogueApi({
        properties: [],
        other: (call) =>
          call.method === 'DELETE' && call.url === '/api/v1/collections/3'
            ? new Response(null, { status: 204 })
            : call.url === '/api/v1/collections'
              ? json({ collections: [] })
              : undefined,
      }),
    );
    const { router } = renderRoute('/collection/3/manage/delete');
    expect(await screen.findByText(/This cannot be undone\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete this collection' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});
