// Reordering: drag handles named for their entry, with instructions in the app's language, and the
// Move up / Move down buttons as the keyboard alternative that keeps the focus on the moved entry.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { SortableList, moveEntry, useSortableEntry } from '@web/components/sortable';
import { ValueInput } from '@web/components/value-input/value-input';
import fr from '@web/i18n/fr.json';
import { apiInfo, json, mockFetch, renderWithApp } from '../helpers';

function Harness() {
  const [texts, setTexts] = useState(['Dune', 'Emma', 'Ulysses']);
  return (
    <>
      <ValueInput field={{ key: 'titles', label: 'Titles', type: 'text', multiple: true }} texts={texts} onChange={setTexts} />
      <output data-testid="texts">{texts.join(',')}</output>
    </>
  );
}

function Entry({ id }: { id: string }) {
  const { attach, style, handle } = useSortableEntry(id, false);
  return (
    <li ref={attach} style={style}>
      {handle}
      {id}
    </li>
  );
}

describe('reordering', () => {
  it('moves entries with Move up / Move down, keeping the focus on the moved entry’s button', async () => {
    mockFetch(() => json(apiInfo()));
    renderWithApp(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Move Titles 1 down' }));
    expect(screen.getByTestId('texts')).toHaveTextContent('Emma,Dune,Ulysses');
    // The entry moved with its buttons: the focus is now on the second entry's Move down.
    expect(screen.getByRole('button', { name: 'Move Titles 2 down' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('texts')).toHaveTextContent('Emma,Ulysses,Dune');
    expect(screen.getByRole('button', { name: 'Move Titles 3 down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Titles 1 up' })).toBeDisabled();
  });

  it('gives each entry a named drag handle that explains the keyboard', () => {
    mockFetch(() => json(apiInfo()));
    renderWithApp(<Harness />);
    const handle = screen.getByRole('button', { name: 'Drag to reorder Titles 2' });
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    expect(handle).toHaveAccessibleDescription(
      'To reorder, press Space or Enter on the handle, move with the arrow keys, then press Space or Enter again to drop, or Escape to cancel.',
    );
    const entries = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
  });

  it('speaks French when the app does', () => {
    render(
      <IntlProvider locale="fr-FR" messages={fr}>
        <SortableList ids={['a', 'b']} labelOf={(id) => `Entrée ${String(id)}`} onMove={() => undefined}>
          <ul>
            <Entry id="a" />
            <Entry id="b" />
          </ul>
        </SortableList>
      </IntlProvider>,
    );
    const handle = screen.getByRole('button', { name: 'Glisser pour déplacer Entrée b' });
    expect(handle).toHaveAccessibleDescription(/^Pour réordonner, appuyez sur Espace ou Entrée sur la poignée/u);
  });

  it('moves one entry from one place to another', () => {
    expect(moveEntry(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveEntry(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveEntry(['a'], 4, 0)).toEqual(['a']);
  });
});
