// Configuration → Modules: a built-in source's card says what its box means as it stands, and that a
// source set up is not yet one that answers: once tested, its badge says what the test found.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SourceModule } from '@shared/schemas/sources';
import { apiInfo, json, mockFetch, renderRoute, signIn } from '../helpers';

const openLibrary: SourceModule = {
  id: 'openlibrary',
  name: 'Open Library',
  types: ['books'],
  key: 'none',
  barcodes: true,
  enabled: true,
  keyFrom: null,
  keyEnding: null,
  ready: true,
};

function setup(test: () => Response) {
  signIn('admin', { id: 1 });
  return mockFetch((call) => {
    if (call.url === '/api/v1/config/modules') return json({ sources: [openLibrary], external: [] });
    if (call.url === '/api/v1/config/modules/openlibrary/test') return test();
    if (call.url === '/api/v1/config/modules/openlibrary' && call.method === 'PUT')
      return json({ ...openLibrary, enabled: false, ready: false });
    return json(apiInfo());
  });
}

const card = async () => screen.findByRole('listitem', { name: 'Open Library' });

describe('a source module’s card', () => {
  it('says what its box means, checked and unchecked', async () => {
    setup(() => json({ ok: true, hits: 1, title: 'Dune', problem: null, status: 200 }));
    renderRoute('/config/modules');
    const box = within(await card()).getByLabelText('Searched by collections');
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription('On: collections of these types search it, and lists of codes ask it.');
    await userEvent.click(box);
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription('Off, no collection searches it and no list asks it.');
  });

  it('says "Not answering" once a test finds the source unreachable, and "Answers" when it answers', async () => {
    let reachable = false;
    setup(() =>
      reachable
        ? json({ ok: true, hits: 1, title: 'Dune', problem: null, status: 200 })
        : json({ ok: false, hits: 0, title: null, problem: 'unreachable', status: null }),
    );
    renderRoute('/config/modules');
    const item = await card();
    expect(item).toHaveTextContent('Ready');
    await userEvent.click(within(item).getByRole('button', { name: 'Test' }));
    expect(await within(item).findByText('Not answering')).toBeInTheDocument();
    expect(item).not.toHaveTextContent('Ready');
    reachable = true;
    await userEvent.click(within(item).getByRole('button', { name: 'Test' }));
    expect(await within(item).findByText('Answers')).toBeInTheDocument();
  });
});
