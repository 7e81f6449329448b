// The forms that set a password share one pair of fields: the length the API accepts, and both
// passwords equal before anything is sent (PASSWORDS_NOT_EQUAL otherwise, as the server says it).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/constants';
import { ChangePasswordForm } from '@web/features/profile/components/change-password-form';
import { apiError, apiInfo, json, mockFetch, renderRoute, renderWithApp, signIn, makeUser } from '../helpers';

const user = makeUser;

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('change password form', () => {
  it('asks for the length the API accepts', () => {
    mockFetch(() => json(apiInfo()));
    renderWithApp(<ChangePasswordForm disabled={false} />);
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAttribute('minLength', String(PASSWORD_MIN_LENGTH));
    expect(password).toHaveAttribute('data-max-length', String(PASSWORD_MAX_LENGTH));
    expect(password).toHaveAccessibleDescription(`At least ${PASSWORD_MIN_LENGTH} characters.`);
    expect(screen.getByLabelText('Confirm the new password')).toBeRequired();
  });

  it('refuses different passwords without asking the server', async () => {
    const { calls } = mockFetch(() => json(apiInfo()));
    renderWithApp(<ChangePasswordForm disabled={false} />);
    await userEvent.type(screen.getByLabelText('Current password'), 'the-old-password');
    await userEvent.type(screen.getByLabelText('New password'), 'a-brand-new-password');
    await userEvent.type(screen.getByLabelText('Confirm the new password'), 'a-different-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords are not equals!');
    expect(calls.some((call) => call.url === '/api/v1/profile/password')).toBe(false);
  });

  it('sends equal passwords, says so, empties the form and clears an earlier failure', async () => {
    let answer = apiError(400, 'INVALID_CURRENT_PASSWORD');
    const { calls } = mockFetch((call) => (call.url === '/api/v1/profile/password' ? answer : json(apiInfo())));
    renderWithApp(<ChangePasswordForm disabled={false} />);
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong');
    await userEvent.type(screen.getByLabelText('New password'), 'a-brand-new-password');
    await userEvent.type(screen.getByLabelText('Confirm the new password'), 'a-brand-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not correct.');

    answer = json({ ok: true });
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(calls.filter((call) => call.url === '/api/v1/profile/password').at(-1)?.body).toEqual({
      currentPassword: 'wrong',
      newPassword: 'a-brand-new-password',
      confirmation: 'a-brand-new-password',
    });
  });

  it('is disabled in demo mode', () => {
    mockFetch(() => json(apiInfo(true)));
    renderWithApp(<ChangePasswordForm disabled />);
    expect(screen.getByLabelText('New password')).toBeDisabled();
    expect(screen.getByLabelText('Confirm the new password')).toBeDisabled();
  });
});

describe('user form passwords', () => {
  it('creates a user only when both passwords are equal, and sends the password alone', async () => {
    signIn('admin', { id: 1 });
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/v1/users' && call.method === 'POST') return json(user({ id: 9, username: 'ada' }), { status: 201 });
      if (call.url === '/api/v1/users') return json({ users: [] });
      return json(apiInfo());
    });
    const { router } = renderRoute('/config/users/new');
    await userEvent.type(await screen.findByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'ada-password-1');
    await userEvent.type(screen.getByLabelText('Confirm the password'), 'ada-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords are not equals!');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Confirm the password'));
    await userEvent.type(screen.getByLabelText('Confirm the password'), 'ada-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/config/users'));
    expect(await screen.findByText('Operation succeeded!')).toHaveAttribute('role', 'status');
    const body = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ username: 'ada', password: 'ada-password-1' });
    expect(body).not.toHaveProperty('confirmation');
  });

  it('keeps the password of an edited user when both fields stay empty', async () => {
    signIn('admin', { id: 1 });
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/v1/users/7' && call.method === 'PATCH') return json(user());
      if (call.url === '/api/v1/users/7') return json(user());
      if (call.url === '/api/v1/users') return json({ users: [user()] });
      return json(apiInfo());
    });
    const { router } = renderRoute('/config/users/7');
    expect(await screen.findByLabelText('Password')).not.toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Leave empty to keep the current password.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/config/users'));
    const body = calls.find((call) => call.method === 'PATCH')?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('password');
  });

  it('refuses a new password for an edited user that the confirmation does not repeat', async () => {
    signIn('admin', { id: 1 });
    const { calls } = mockFetch((call) => (call.url === '/api/v1/users/7' ? json(user()) : json(apiInfo())));
    renderRoute('/config/users/7');
    await userEvent.type(await screen.findByLabelText('Password'), 'another-password');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords are not equals!');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});
