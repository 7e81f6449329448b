import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RatingInput } from '@web/components/rating-input';
import { apiInfo, json, mockFetch, renderWithApp } from '../helpers';

function Harness({ initial = null, disabled = false }: { initial?: number | null; disabled?: boolean }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <RatingInput id="rating" name="Rating" value={value} onChange={setValue} disabled={disabled} />
      <output data-testid="value">{value === null ? 'none' : String(value)}</output>
    </>
  );
}

function setup(initial: number | null = null, disabled = false) {
  mockFetch(() => json(apiInfo()));
  renderWithApp(<Harness initial={initial} disabled={disabled} />);
  return screen.getByRole('slider', { name: 'Rating' });
}

const half = (slider: HTMLElement, value: number) => slider.querySelector(`[data-value="${value}"]`) as HTMLElement;
const shown = () => screen.getByTestId('value').textContent;

describe('RatingInput', () => {
  it('is a slider from 0 to 5 that says when nothing is rated', () => {
    const slider = setup();
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '5');
    expect(slider).toHaveAttribute('aria-valuetext', 'Not rated');
    expect(slider).toHaveAttribute('tabindex', '0');
    expect(screen.queryByRole('button', { name: 'Clear Rating' })).not.toBeInTheDocument();
  });

  it('takes the left half of a star as a half and the right half as the whole star', async () => {
    const slider = setup();
    const user = userEvent.setup();
    await user.click(half(slider, 3.5));
    expect(shown()).toBe('3.5');
    expect(slider).toHaveAttribute('aria-valuetext', '3.5 out of 5');
    expect(slider).toHaveFocus();
    await user.click(half(slider, 1));
    expect(shown()).toBe('1');
    // A tap is a click too.
    fireEvent.click(half(slider, 4.5));
    expect(shown()).toBe('4.5');
  });

  it('moves by halves with the arrows, by one with Page Up / Down, and jumps with Home and End', async () => {
    const slider = setup();
    const user = userEvent.setup();
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe('0.5');
    await user.keyboard('{ArrowUp}{ArrowRight}');
    expect(shown()).toBe('1.5');
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toBe('1');
    await user.keyboard('{PageUp}');
    expect(shown()).toBe('2');
    await user.keyboard('{End}{ArrowRight}');
    expect(shown()).toBe('5');
    await user.keyboard('{Home}{ArrowDown}');
    expect(shown()).toBe('0');
    expect(slider).toHaveAttribute('aria-valuetext', '0 out of 5');
  });

  it('clears with Delete, Backspace or the clear button', async () => {
    const slider = setup(4);
    const user = userEvent.setup();
    slider.focus();
    await user.keyboard('{Delete}');
    expect(shown()).toBe('none');
    await user.click(half(slider, 2));
    await user.keyboard('{Backspace}');
    expect(shown()).toBe('none');
    await user.click(half(slider, 2.5));
    await user.click(screen.getByRole('button', { name: 'Clear Rating' }));
    expect(shown()).toBe('none');
    expect(slider).toHaveFocus();
  });

  it('changes nothing when disabled', async () => {
    const slider = setup(2, true);
    const user = userEvent.setup();
    expect(slider).toHaveAttribute('aria-disabled', 'true');
    expect(slider).toHaveAttribute('tabindex', '-1');
    await user.click(half(slider, 5));
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(shown()).toBe('2');
  });
});
