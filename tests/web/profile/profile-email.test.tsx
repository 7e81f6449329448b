// Changing the email address from My profile (current password, then "check your new inbox") and the
// screen the emailed link opens, in English and French.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfileDetailsForm } from '@web/features/profile/components/profile-details-form';
import { apiError, apiInfo, json, mockFetch, renderRoute, renderWithApp, makeProfile } from '../helpers';

const profile = makeProfile;

describe('profile details form', () => {
  it('saves names without asking for the password when the address stays', async () => {
    const { calls } = mockFetch(() => json(profile({ firstName: 'Ada' })));
    renderWithApp(<ProfileDetailsForm profile={profile()} disabled={false} />);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('First name'));
    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been updated')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'alice@example.com', firstName: 'Ada', lastName: 'Martin' });
  });

  it('asks for the current password when the address changes, then says to check the new inbox', async () => {
    const { calls } = mockFetch(() => json(profile({ pendingEmail: 'new@example.com' })));
    renderWithApp(<ProfileDetailsForm profile={profile()} disabled={false} />);
    await userEvent.clear(screen.getByLabelText('Email address'));
    await userEvent.type(screen.getByLabelText('Email address'), 'new@example.com');
    const password = screen.getByLabelText('Current password');
    expect(password).toBeRequired();
    await userEvent.type(password, 'my-current-password');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Check your new inbox: we sent a link to new@example.com. Your address changes once you open it.'),
    ).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ email: 'new@example.com', currentPassword: 'my-current-password' });
    // The account keeps its address until the link is opened.
    expect(screen.getByLabelText('Email address')).toHaveValue('alice@example.com');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('shows a wrong current password on its field', async () => {
    mockFetch(() =>
      apiError(400, 'INVALID_CURRENT_PASSWORD', {
        fields: [{ path: 'currentPassword', reason: 'wrong_password', message: 'The current password is wrong.' }],
      }),
    );
    renderWithApp(<ProfileDetailsForm profile={profile()} disabled={false} />);
    await userEvent.clear(screen.getByLabelText('Email address'));
    await userEvent.type(screen.getByLabelText('Email address'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Current password'), 'not-it');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(/Your current password is not correct\./),
    );
  });

  it('says the instance cannot send email instead of "we sent a link", in French too', async () => {
    mockFetch(() => apiError(409, 'EMAIL_UNAVAILABLE'));
    renderWithApp(<ProfileDetailsForm profile={profile()} disabled={false} />, { locale: 'fr_FR' });
    await userEvent.clear(screen.getByLabelText('Adresse e-mail'));
    await userEvent.type(screen.getByLabelText('Adresse e-mail'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Mot de passe actuel'), 'my-current-password');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cette instance ne peut pas envoyer d’e-mails');
    expect(screen.queryByText(/nouvelle boîte/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Adresse e-mail')).toHaveValue('new@example.com');
  });

  it('shows an address waiting for confirmation', () => {
    renderWithApp(<ProfileDetailsForm profile={profile({ pendingEmail: 'new@example.com' })} disabled={false} />);
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Waiting for confirmation: new@example.com. Open the link sent to that address.',
    );
  });
});

describe('/profile/email/confirm', () => {
  it('confirms the token of the link once and says so', async () => {
    const { calls } = mockFetch((call) => (call.url === '/api/v1/profile/email/confirm' ? json({ ok: true }) : json(apiInfo())));
    renderRoute('/profile/email/confirm?token=the-token-from-the-link-0123456789');
    expect(await screen.findByText(/Your new email address is confirmed/)).toBeInTheDocument();
    const confirmations = calls.filter((c) => c.url === '/api/v1/profile/email/confirm');
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.body).toEqual({ token: 'the-token-from-the-link-0123456789' });
    await waitFor(() => expect(document.title).toBe('Confirm your email address - Vitrine'));
  });

  it('explains an invalid or expired link, in French too', async () => {
    mockFetch((call) => (call.url === '/api/v1/profile/email/confirm' ? apiError(400, 'EMAIL_CHANGE_TOKEN_INVALID') : json(apiInfo())));
    renderRoute('/profile/email/confirm?token=spent-token-0123456789abcdef', { locale: 'fr_FR' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce lien de confirmation est invalide, a expiré ou a déjà servi.');
  });

  it('needs no request to refuse a link without a token', async () => {
    const { calls } = mockFetch(() => json(apiInfo()));
    renderRoute('/profile/email/confirm');
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid');
    expect(calls.some((c) => c.url === '/api/v1/profile/email/confirm')).toBe(false);
  });
});
