// The More actions menu: a labelled menu button, operable with the keyboard, that gives the focus back.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Copy, Trash2 } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { ActionMenu } from '@web/components/action-menu';
import { apiInfo, json, mockFetch, renderWithApp } from '../helpers';

function setup({ disabledDelete = false } = {}) {
  mockFetch(() => json(apiInfo()));
  const duplicate = vi.fn();
  renderWithApp(
    <>
      <ActionMenu
        label="More actions for Dune"
        actions={[
          { label: 'Duplicate', icon: Copy, onSelect: duplicate },
          { label: 'Rename', onSelect: vi.fn() },
          { label: 'Delete', icon: Trash2, to: '/collection/3/item/9/delete', danger: true, disabled: disabledDelete },
        ]}
      />
      <button type="button">After</button>
    </>,
  );
  return { duplicate, trigger: screen.getByRole('button', { name: 'More actions for Dune' }) };
}

describe('ActionMenu', () => {
  it('is a labelled menu button, closed at first', () => {
    const { trigger } = setup();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveAttribute('title', 'More actions for Dune');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens on Enter with the first entry focused; arrows move and wrap, Home and End jump', async () => {
    const { trigger } = setup();
    const user = userEvent.setup();
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'More actions for Dune' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', menu.id);
    const item = (name: string) => screen.getByRole('menuitem', { name });
    expect(item('Duplicate')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Rename')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(item('Duplicate')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Delete')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('Duplicate')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Delete')).toHaveFocus();
    expect(item('Delete')).toHaveAttribute('href', '/collection/3/item/9/delete');
  });

  it('closes on Escape and gives the focus back to its button', async () => {
    const { trigger } = setup();
    const user = userEvent.setup();
    trigger.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('runs an entry chosen with Enter, closes, and returns the focus', async () => {
    const { trigger, duplicate } = setup();
    const user = userEvent.setup();
    await user.click(trigger);
    await user.keyboard('{Enter}');
    expect(duplicate).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes when the pointer goes elsewhere, and does nothing for a disabled entry', async () => {
    const { trigger } = setup({ disabledDelete: true });
    const user = userEvent.setup();
    await user.click(trigger);
    const remove = screen.getByRole('menuitem', { name: 'Delete' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).not.toHaveAttribute('href');
    await user.click(remove);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'After' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
