// Forms that help: our own checks before sending (never the browser's bubbles), messages worded per
// field and limit in both languages, and the first invalid field brought into view and focused.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLLECTION_NAME_MAX_LENGTH, MAX_TAGS } from '@shared/catalogue';
import { CollectionForm } from '@web/features/collections/components/collection-form';
import en from '@web/i18n/en.json';
import fr from '@web/i18n/fr.json';
import { describeFieldIssue } from '@web/lib/error-messages';
import { apiInfo, json, mockFetch, renderWithApp } from '../helpers';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const english = createIntl({ locale: 'en-US', messages: en });
const french = createIntl({ locale: 'fr-FR', messages: fr });

describe('field messages', () => {
  const cases = [
    [
      { path: 'name', reason: 'too_small', origin: 'string', minimum: 1, message: 'Too short or too small (minimum 1).' },
      'collection',
      'Give the collection a name.',
      'Donnez un nom à la collection.',
    ],
    [
      { path: 'tags', reason: 'too_big', origin: 'array', maximum: 20, message: '' },
      undefined,
      'At most 20 tags.',
      '20 étiquettes au plus.',
    ],
    [
      { path: 'name', reason: 'too_big', origin: 'string', maximum: 120, message: '' },
      'collection',
      'Use at most 120 characters.',
      'Utilisez 120 caractères au plus.',
    ],
    [
      { path: 'email', reason: 'invalid_format', message: 'The format is invalid.' },
      undefined,
      'Enter a valid email address, like name@example.org.',
      'Saisissez une adresse e-mail valide, comme nom@exemple.fr.',
    ],
    [
      { path: 'quantity', reason: 'too_small', origin: 'number', minimum: 1, message: '' },
      undefined,
      'You own at least 1 copy: enter 1 or more.',
      'Vous en possédez au moins 1 exemplaire\u00a0: saisissez 1 ou plus.',
    ],
    [{ path: 'username', reason: 'required', message: '' }, undefined, 'Choose a username.', 'Choisissez un nom d’utilisateur.'],
    [
      { path: 'values.binding', reason: 'required', message: '' },
      undefined,
      'This property cannot be empty: fill it in.',
      'Cette propriété ne peut pas être vide\u00a0: remplissez-la.',
    ],
  ] as const;

  it.each(cases)('words %o specifically in English and French', (issue, subject, inEnglish, inFrench) => {
    expect(describeFieldIssue(english, issue, subject)).toBe(inEnglish);
    expect(describeFieldIssue(french, issue, subject)).toBe(inFrench);
  });

  it('never shows the generic limit wording of the server', () => {
    const issue = {
      path: 'description',
      reason: 'too_small',
      origin: 'string',
      minimum: 1,
      message: 'Too short or too small (minimum 1).',
    };
    expect(describeFieldIssue(english, issue)).toBe('This field is required.');
  });

  it('keeps the server’s message for reasons it has no wording of its own for', () => {
    expect(describeFieldIssue(english, { path: 'x', reason: 'something_new', message: 'Said by the server.' })).toBe('Said by the server.');
  });
});

function renderCollectionForm(onSubmit = vi.fn(async () => undefined)) {
  mockFetch(() => json(apiInfo()));
  const scrolled = vi.fn();
  HTMLElement.prototype.scrollIntoView = scrolled;
  renderWithApp(<CollectionForm readOnly={false} cancelTo="/" onSubmit={onSubmit} />);
  return { onSubmit, scrolled };
}

describe('a failed submit', () => {
  it('does not send, focuses and scrolls to the first invalid field, tied to its message', async () => {
    const { onSubmit, scrolled } = renderCollectionForm();
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Create the collection' }).closest('form')).toHaveAttribute('novalidate');
    await user.click(screen.getByRole('button', { name: 'Create the collection' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(scrolled).toHaveBeenCalled();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Give the collection a name.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses more tags than allowed, saying the limit', async () => {
    const { onSubmit } = renderCollectionForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Books');
    const tags = screen.getByLabelText('Tags');
    await user.click(tags);
    await user.paste(Array.from({ length: MAX_TAGS + 1 }, (_, index) => `tag${index}`).join(', '));
    expect(screen.getByText(`${MAX_TAGS + 1} tags of ${MAX_TAGS}.`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create the collection' }));
    await waitFor(() => expect(tags).toHaveFocus());
    expect(tags).toHaveAccessibleDescription(new RegExp(`^At most ${MAX_TAGS} tags\\.`));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a server refusal on its field and focuses it', async () => {
    const onSubmit = vi.fn(async () => {
      const { ApiError } = await import('@web/lib/api-client');
      throw new ApiError({
        status: 400,
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'description', reason: 'too_big', origin: 'string', maximum: 5000, message: 'Too long' }],
      });
    });
    renderCollectionForm(onSubmit);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Books');
    await user.click(screen.getByRole('button', { name: 'Create the collection' }));
    const description = screen.getByLabelText('Description');
    await waitFor(() => expect(description).toHaveFocus());
    expect(description).toHaveAccessibleDescription('Use at most 5,000 characters.');
  });
});

describe('a text limit', () => {
  it('shows a counter near the limit instead of cutting the text', async () => {
    const { onSubmit } = renderCollectionForm();
    const user = userEvent.setup();
    const name = screen.getByLabelText('Name');
    expect(name).not.toHaveAttribute('maxLength');
    await user.click(name);
    await user.paste('a'.repeat(COLLECTION_NAME_MAX_LENGTH - 5));
    expect(screen.getByText(`5 characters left of ${COLLECTION_NAME_MAX_LENGTH}`)).toHaveAttribute('aria-live', 'polite');
    await user.paste('b'.repeat(7));
    expect(name).toHaveValue('a'.repeat(COLLECTION_NAME_MAX_LENGTH - 5) + 'b'.repeat(7));
    expect(screen.getByText('2 characters too many')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create the collection' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(`Use at most ${COLLECTION_NAME_MAX_LENGTH} characters.`));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
