// The users table names the built-in administrator in the reader's language when it has no name.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import fr from '@web/i18n/fr.json';
import { UsersTable } from '@web/features/users/components/users-table';
import { makeUser } from '../helpers';

describe('the built-in administrator in the users table', () => {
  it('is “Administrateur” to a French reader, while a named user keeps their name', () => {
    render(
      <IntlProvider locale="fr-FR" messages={fr}>
        <MemoryRouter>
          <UsersTable
            readOnly={false}
            users={[
              makeUser({ id: 1, username: 'admin', builtinAdmin: true, firstName: null, lastName: null }),
              makeUser({ id: 2, username: 'camille', firstName: 'Camille', lastName: 'Roux' }),
            ]}
          />
        </MemoryRouter>
      </IntlProvider>,
    );
    // The column heading says it too: the name is the cell's.
    expect(screen.getAllByText('Administrateur').filter((el) => el.tagName === 'TD')).toHaveLength(1);
    expect(screen.getByText('Camille Roux')).toBeTruthy();
  });
});
