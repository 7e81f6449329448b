import { describe, expect, it } from 'vitest';
import { naturalSortKey, SORT_KEY_LENGTH } from '@shared/sort-key';

const sorted = (titles: string[]) =>
  [...titles].sort((a, b) => (naturalSortKey(a) < naturalSortKey(b) ? -1 : naturalSortKey(a) > naturalSortKey(b) ? 1 : 0));

describe('naturalSortKey', () => {
  it('orders numbers by value', () => {
    expect(sorted(['Book 10', 'Book 2', 'Book 1', 'Book 21'])).toEqual(['Book 1', 'Book 2', 'Book 10', 'Book 21']);
    expect(naturalSortKey('Tome 007')).toBe(naturalSortKey('Tome 7'));
    expect(sorted(['2001', '300', '12 Angry Men'])).toEqual(['12 Angry Men', '300', '2001']);
  });

  it('skips English articles', () => {
    expect(naturalSortKey('The Hobbit')).toBe(naturalSortKey('Hobbit'));
    expect(naturalSortKey('A Game of Thrones')).toBe('game of thrones');
    expect(naturalSortKey('An Unexpected Party')).toBe('unexpected party');
    expect(sorted(['The Zebra', 'Apple', 'A Moon'])).toEqual(['Apple', 'A Moon', 'The Zebra']);
  });

  it('skips French articles, elided ones included', () => {
    expect(naturalSortKey('Le Petit Prince')).toBe('petit prince');
    expect(naturalSortKey('La Peste')).toBe('peste');
    expect(naturalSortKey('Les Misérables')).toBe('miserables');
    expect(naturalSortKey('Un long dimanche')).toBe('long dimanche');
    expect(naturalSortKey('Une vie')).toBe('vie');
    expect(naturalSortKey('L’Étranger')).toBe('etranger');
    expect(naturalSortKey("L'Avare")).toBe('avare');
  });

  it('keeps words that only begin like an article', () => {
    expect(naturalSortKey('Theory')).toBe('theory');
    expect(naturalSortKey('Lesson 3')).toBe('lesson 000000000003');
    expect(naturalSortKey('Animal Farm')).toBe('animal farm');
    expect(naturalSortKey('The')).toBe('the');
  });

  it('folds case, accents and ligatures', () => {
    expect(naturalSortKey('ÉLAN')).toBe(naturalSortKey('elan'));
    expect(naturalSortKey('Cœur')).toBe('coeur');
    expect(sorted(['Zola', 'émile', 'Eric'])).toEqual(['émile', 'Eric', 'Zola']);
  });

  it('handles empty and blank text, and long text', () => {
    expect(naturalSortKey('')).toBe('');
    expect(naturalSortKey('   ')).toBe('');
    expect(naturalSortKey('x'.repeat(500))).toHaveLength(SORT_KEY_LENGTH);
  });
});
