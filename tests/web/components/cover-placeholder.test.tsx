import { readFileSync } from 'node:fs';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoverPlaceholder } from '@web/components/cover-placeholder';
import {
  PLACEHOLDER_PALETTE,
  PLACEHOLDER_TEXT,
  contrastRatio,
  placeholderColour,
  placeholderColourClass,
} from '@web/lib/placeholder-colour';

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
    // A class, not a style attribute: the CSP refuses those in pages the Worker renders.
    expect(placeholder).toHaveClass(placeholderColourClass('Tintin au Tibet'));
    expect(placeholder).not.toHaveAttribute('style');
  });

  it('has a class for each colour of the palette, painting it with white text', () => {
    const css = readFileSync('web/src/lib/placeholder-colour.css', 'utf8');
    PLACEHOLDER_PALETTE.forEach((colour, index) => {
      expect(css).toMatch(new RegExp(`\\.placeholder-colour-${index} \\{\\s*background-color: ${colour};[^}]*color: ${PLACEHOLDER_TEXT};`));
    });
    const title = TITLES.find((name) => placeholderColour(name) !== PLACEHOLDER_PALETTE[0])!;
    expect(placeholderColourClass(title)).toBe(
      `placeholder-colour-${PLACEHOLDER_PALETTE.indexOf(placeholderColour(title) as (typeof PLACEHOLDER_PALETTE)[number])}`,
    );
  });
});
