import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoverPlaceholder } from '../../web/src/components/cover-placeholder';
import {
  PLACEHOLDER_PALETTE,
  PLACEHOLDER_TEXT,
  contrastRatio,
  placeholderColour,
} from '../../web/src/lib/placeholder-colour';

const TITLES = ['Dune', 'Tintin au Tibet', 'Abbey Road', 'Catan', 'L’Écume des jours', 'Book 2', 'Book 10', ''];

describe('cover placeholder colour', () => {
  it('is stable: the same title always gets the same colour, whatever its case or spaces', () => {
    for (const title of TITLES) {
      expect(placeholderColour(title)).toBe(placeholderColour(title));
      expect(placeholderColour(`  ${title.toUpperCase()} `)).toBe(placeholderColour(title));
    }
    expect(placeholderColour('Dune')).toBe(placeholderColour('Dune'));
  });

  it('spreads titles over the palette', () => {
    const used = new Set(Array.from({ length: 200 }, (_, index) => placeholderColour(`Volume ${index}`)));
    expect(used.size).toBe(PLACEHOLDER_PALETTE.length);
  });

  it('keeps white text readable on every colour (WCAG AA, 4.5:1)', () => {
    for (const colour of PLACEHOLDER_PALETTE) expect(contrastRatio(colour, PLACEHOLDER_TEXT)).toBeGreaterThanOrEqual(4.5);
    // The check itself is sound: a pale colour fails it.
    expect(contrastRatio('#f5d90a', PLACEHOLDER_TEXT)).toBeLessThan(4.5);
  });

  it('shows the title and the type’s icon on the derived colour', () => {
    const { container } = render(<CoverPlaceholder title="Tintin au Tibet" type="comics" />);
    const placeholder = container.querySelector('.cover-placeholder') as HTMLElement;
    expect(placeholder).toHaveTextContent('Tintin au Tibet');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect(placeholder.querySelector('svg')).not.toBeNull();
    const expected = placeholderColour('Tintin au Tibet');
    const rgb = [1, 3, 5].map((start) => Number.parseInt(expected.slice(start, start + 2), 16)).join(', ');
    expect(placeholder.style.backgroundColor).toBe(`rgb(${rgb})`);
  });
});
