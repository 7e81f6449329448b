// fr.json must translate every message of en.json with the same ICU placeholders.
import { TYPE, parse } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@shared/errors';
import en from '@web/i18n/en.json';
import fr from '@web/i18n/fr.json';

const english: Record<string, string> = en;
const french: Record<string, string> = fr;

function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      found.add(`${element.value}:${TYPE[element.type]}`);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return [...found].sort();
}

describe('catalogues', () => {
  it('has the same keys in fr.json and en.json', () => {
    expect(Object.keys(french).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(Object.keys(english))('keeps the placeholders of %s', (id) => {
    expect(french[id]).toBeDefined();
    expect(placeholders(french[id] ?? '')).toEqual(placeholders(english[id] ?? ''));
  });

  it('translates every error code of the contract', () => {
    for (const code of ERROR_CODES) {
      expect(english[`errors.${code}`], code).toBeTruthy();
      expect(french[`errors.${code}`], code).toBeTruthy();
    }
  });

  it('has every message of docs/product.md §8, worded exactly', () => {
    const values = new Set(Object.values(english));
    for (const message of [
      'Login failed!',
      'Oops, an error occured!',
      'Please retry.',
      'An error occured while uploading file.',
      'An error occured while downloading file.',
      'This page does not exists.',
      'Passwords are not equals!',
      'Failed',
      'Operation succeeded!',
      'Password changed',
      'Your file has been uploaded',
      'Your borrow request has been sent',
      'Your profile has been updated',
    ]) {
      expect(values.has(message), message).toBe(true);
    }
  });

  it('translates the French catalogue (no English left behind for the docs/product.md §8 messages)', () => {
    expect(french['errors.LOGIN_FAILED']).not.toBe(english['errors.LOGIN_FAILED']);
    expect(french['common.messages.operationSucceeded']).not.toBe(english['common.messages.operationSucceeded']);
    expect(french['lib.pageTitle.default']).toBe('{product} - Gestionnaire de collections');
  });
});
