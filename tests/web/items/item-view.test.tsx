// The item view shows user content safely: links only for http, https and mailto, frames only from the
// video allow-list, JSON as text; and each type in a fitting, localized form.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { catalogueApi, makeCollection, makeItem, makeProperty } from '../catalogue-fixtures';
import { json, mockFetch, renderRoute, signIn } from '../helpers';

const props = {
  title: makeProperty({ key: 'title', label: 'Title', type: 'text', isTitle: true }),
  site: makeProperty({ key: 'site', label: 'Website', type: 'url' }),
  contact: makeProperty({ key: 'contact', label: 'Contact', type: 'url' }),
  evil: makeProperty({ key: 'evil', label: 'Sneaky', type: 'url' }),
  trailer: makeProperty({ key: 'trailer', label: 'Trailer', type: 'video' }),
  other: makeProperty({ key: 'other', label: 'Other video', type: 'video' }),
  extra: makeProperty({ key: 'extra', label: 'Extra', type: 'json' }),
  rating: makeProperty({ key: 'rating', label: 'Rating', type: 'rating' }),
  colour: makeProperty({ key: 'colour', label: 'Colour', type: 'color' }),
  read: makeProperty({ key: 'read', label: 'Read', type: 'yesno' }),
  pages: makeProperty({ key: 'pages', label: 'Pages', type: 'number', suffix: 'pages' }),
  released: makeProperty({ key: 'released', label: 'Released', type: 'date' }),
  secret: makeProperty({ key: 'secret', label: 'Secret', type: 'text', visibility: 4 }),
  quiet: makeProperty({ key: 'quiet', label: 'Quiet', type: 'text', hideLabel: true }),
  authors: makeProperty({ key: 'authors', label: 'Authors', type: 'text', multiple: true }),
  scan: makeProperty({ key: 'scan', label: 'Scan', type: 'image' }),
  manual: makeProperty({ key: 'manual', label: 'Manual', type: 'file' }),
};

const item = makeItem({
  id: 9,
  title: 'Dune',
  subtitle: 'Book one',
  quantity: 1234,
  values: {
    title: 'Dune',
    site: 'https://example.com/dune',
    contact: 'mailto:alice@example.com',
    evil: 'javascript:alert(1)',
    trailer: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    other: 'https://video.example.net/watch?v=abc123',
    extra: { note: '<b>bold</b>', list: ['<script>alert(1)</script>', 2, null, true] },
    rating: 3.5,
    colour: '#AA3300',
    read: true,
    pages: 1234.5,
    released: '1965-08-01',
    secret: 'never shown',
    quiet: 'no label here',
    authors: ['Frank Herbert', 'Brian Herbert'],
    scan: 'media://collections/3/scan.png',
    manual: 'media://collections/3/0b1c.pdf',
  },
});

function setup(overrides: { isOwner?: boolean; demo?: boolean; media?: () => Response } = {}) {
  return mockFetch(
    catalogueApi({
      demo: overrides.demo,
      collection: makeCollection({ isOwner: overrides.isOwner ?? true }),
      properties: Object.values(props),
      item: { ...item, isOwner: overrides.isOwner ?? true },
      other: (call) =>
        call.url.startsWith('/media/') && overrides.media
          ? overrides.media()
          : call.method === 'POST' && call.url === '/api/v1/collections/3/items/9/duplicate'
            ? json(makeItem({ id: 10, title: 'Dune' }), { status: 201 })
            : call.url === '/api/v1/collections/3/items/10'
              ? json(makeItem({ id: 10, title: 'Dune' }))
              : undefined,
    }),
  );
}

const valueOf = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
};

describe('item view', () => {
  it('links only http, https and mailto values', async () => {
    setup();
    renderRoute('/collection/3/item/9');
    const site = await screen.findByRole('link', { name: 'https://example.com/dune' });
    expect(site).toHaveAttribute('href', 'https://example.com/dune');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'mailto:alice@example.com' })).toHaveAttribute('href', 'mailto:alice@example.com');
    expect(within(valueOf('Sneaky')).getByText('javascript:alert(1)')).toBeInTheDocument();
    expect(within(valueOf('Sneaky')).queryByRole('link')).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('embeds videos only from the allow-listed players', async () => {
    setup();
    renderRoute('/collection/3/item/9');
    const frame = await screen.findByTitle('Trailer');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(screen.queryByTitle('Other video')).not.toBeInTheDocument();
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(within(valueOf('Other video')).getByRole('link')).toHaveAttribute('href', 'https://video.example.net/watch?v=abc123');
  });

  it('renders JSON as a tree of text, never as markup', async () => {
    setup();
    renderRoute('/collection/3/item/9');
    const extra = valueOf(await screen.findByText('Extra', { selector: 'dt' }).then((dt) => dt.textContent ?? ''));
    expect(within(extra).getByText('"<b>bold</b>"')).toBeInTheDocument();
    expect(within(extra).getByText('"<script>alert(1)</script>"')).toBeInTheDocument();
    expect(within(extra).getByText('note')).toHaveClass('json-tree__key');
    expect(extra.querySelector('b')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    expect(within(extra).getAllByRole('group').length).toBeGreaterThan(0);
  });

  it('formats each type for the language', async () => {
    setup();
    renderRoute('/collection/3/item/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dune' })).toBeInTheDocument();
    expect(screen.getByText('Book one')).toBeInTheDocument();
    // The rating shows in the header, not again among the details.
    expect(screen.getAllByRole('img', { name: '3.5 out of 5' })).toHaveLength(1);
    expect(screen.queryByText('Rating', { selector: 'dt' })).not.toBeInTheDocument();
    expect(within(valueOf('Colour')).getByText('#aa3300')).toBeInTheDocument();
    expect(valueOf('Read')).toHaveTextContent('Yes');
    expect(valueOf('Pages')).toHaveTextContent('1,234.5 pages');
    expect(valueOf('Released')).toHaveTextContent('August 1, 1965');
    expect(valueOf('Copies')).toHaveTextContent('1,234');
    // The authors are the header's creator line (a template's key for makers), not a detail row.
    expect(screen.getByTestId('item-byline')).toHaveTextContent('Frank Herbert, Brian Herbert');
    expect(screen.queryByText('Authors', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.getByText('Quiet', { selector: 'dt' })).toHaveClass('visually-hidden');
    expect(screen.queryByText('never shown')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Dune - Vitrine'));
  });

  it('duplicates for the owner, then shows the copy', async () => {
    signIn('alice');
    const { calls } = setup();
    const { router } = renderRoute('/collection/3/item/9');
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/collection/3/item/9/edit');
    // Duplicate and Delete wait in More actions; Delete leads to its confirmation screen.
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveAttribute('href', '/collection/3/item/9/delete');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection/3/item/10'));
    expect(await screen.findByText('Operation succeeded!')).toHaveAttribute('role', 'status');
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/items/9/duplicate'))).toBe(true);
  });

  it('deletes, then goes to the collection without asking for the deleted item again', async () => {
    signIn('alice');
    let deleted = false;
    const { calls } = mockFetch((call) => {
      if (call.method === 'DELETE' && call.url === '/api/v1/collections/3/items/9') {
        deleted = true;
        return new Response(null, { status: 204 });
      }
      if (deleted && call.url.startsWith('/api/v1/collections/3/items/9')) {
        return json({ error: { code: 'NOT_FOUND', message: 'Not found', details: null } }, { status: 404 });
      }
      return catalogueApi({ collection: makeCollection(), properties: Object.values(props), item: { ...item, isOwner: true } })(call);
    });
    const { router } = renderRoute('/collection/3/item/9/delete');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete this item' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection/3'));
    expect(await screen.findByText('Operation succeeded!')).toHaveAttribute('role', 'status');
    const afterDelete = calls.slice(calls.findIndex((call) => call.method === 'DELETE') + 1);
    expect(afterDelete.filter((call) => call.url.startsWith('/api/v1/collections/3/items/9'))).toEqual([]);
  });

  it('shows no owner actions to visitors and disables them in demo mode', async () => {
    setup({ isOwner: false });
    const first = renderRoute('/collection/3/item/9');
    await screen.findByRole('heading', { level: 1, name: 'Dune' });
    expect(screen.queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument();
    first.unmount();

    signIn('demo', { readOnly: true });
    setup({ demo: true });
    renderRoute('/collection/3/item/9');
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    expect(screen.getByRole('menuitem', { name: 'Duplicate' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('link', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows pictures with the media ticket when signed in, without it for visitors', async () => {
    setup();
    // The gallery's thumbnail, and the full picture in the viewer it opens.
    const thumb = (name: string) => screen.findByRole('button', { name }).then((button) => button.querySelector('img'));
    const visitor = renderRoute('/collection/3/item/9');
    expect(await thumb('Scan: full screen')).toHaveAttribute('src', '/media/collections/3/scan.png?size=thumb');
    visitor.unmount();

    signIn('alice');
    setup();
    renderRoute('/collection/3/item/9');
    expect(await thumb('Scan: full screen')).toHaveAttribute('src', '/media/collections/3/scan.png?size=thumb&t=tkt');
    expect(await thumb('Scan: full screen')).toHaveAttribute('loading', 'lazy');
    await userEvent.click(screen.getByRole('button', { name: 'Scan: full screen' }));
    expect(screen.getByRole('img', { name: 'Scan' })).toHaveAttribute('src', '/media/collections/3/scan.png?t=tkt');
  });

  it('downloads a file with the session token, under its original name', async () => {
    signIn('alice');
    // jsdom has no object URLs: stand-ins for this test only.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn(() => 'blob:manual');
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    let downloadName = '';
    click.mockImplementation(function (this: HTMLAnchorElement) {
      downloadName = this.download;
    });
    const { calls } = setup({
      media: () =>
        new Response('%PDF', {
          headers: { 'Content-Disposition': "attachment; filename*=UTF-8''Dune%20manual.pdf" },
        }),
    });
    renderRoute('/collection/3/item/9');
    await userEvent.click(await screen.findByRole('button', { name: 'Download the file (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(downloadName).toBe('Dune manual.pdf');
    const call = calls.find((entry) => entry.url === '/media/collections/3/0b1c.pdf');
    expect(call?.headers.get('Authorization')).toBe('Bearer token-of-alice');
  });

  it('says so when a download fails', async () => {
    setup({ media: () => new Response('', { status: 404 }) });
    renderRoute('/collection/3/item/9');
    await userEvent.click(await screen.findByRole('button', { name: 'Download the file (PDF)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occured while downloading file.');
  });

  it('shows the not-found screen for an item the API does not show', async () => {
    setup();
    renderRoute('/collection/3/item/77');
    expect(await screen.findByText('This page does not exists.')).toBeInTheDocument();
  });
});
