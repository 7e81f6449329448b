// ValueInput picks one control per content type (components/value-input/value-control.tsx): each is
// labelled by the property, counts characters against the length the server accepts, and reports input text back.
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROPERTY_TYPES, TEXT_VALUE_MAX_LENGTH, URL_VALUE_MAX_LENGTH } from '@shared/catalogue';
import type { PropertyType } from '@shared/catalogue';
import type { ValueField } from '@web/components/value-input/control-props';
import { ValueInput } from '@web/components/value-input/value-input';
import { apiInfo, json, mockFetch, renderWithApp } from '../helpers';

afterEach(() => vi.unstubAllGlobals());

const field = (type: PropertyType, multiple = false): ValueField => ({ key: 'k', label: 'Field', type, multiple });

function Harness({ type, multiple = false, initial = [''] }: { type: PropertyType; multiple?: boolean; initial?: string[] }) {
  const [texts, setTexts] = useState(initial);
  return (
    <>
      <ValueInput field={field(type, multiple)} texts={texts} onChange={setTexts} upload={async () => 'media://collections/1/a.png'} />
      <output data-testid="texts">{JSON.stringify(texts)}</output>
    </>
  );
}

const CONTROL: Record<PropertyType, { tag: string; type?: string }> = {
  text: { tag: 'INPUT', type: 'text' },
  longtext: { tag: 'TEXTAREA' },
  json: { tag: 'TEXTAREA' },
  number: { tag: 'INPUT', type: 'number' },
  rating: { tag: 'DIV' },
  date: { tag: 'INPUT', type: 'date' },
  datetime: { tag: 'INPUT', type: 'datetime-local' },
  url: { tag: 'INPUT', type: 'url' },
  color: { tag: 'INPUT', type: 'text' },
  yesno: { tag: 'INPUT', type: 'checkbox' },
  image: { tag: 'INPUT', type: 'file' },
  video: { tag: 'INPUT', type: 'file' },
  file: { tag: 'INPUT', type: 'file' },
};

describe('ValueInput', () => {
  it.each(PROPERTY_TYPES)('gives %s its own control, labelled by the property', (type) => {
    mockFetch(() => json(apiInfo()));
    renderWithApp(<Harness type={type} initial={[type === 'yesno' ? 'false' : '']} />);
    const control = screen.getByLabelText('Field');
    expect(control.tagName).toBe(CONTROL[type].tag);
    if (CONTROL[type].type) expect(control).toHaveAttribute('type', CONTROL[type].type);
  });

  it('never cuts text or addresses: a counter says how far past the server’s limit they are', () => {
    mockFetch(() => json(apiInfo()));
    const long = 'x'.repeat(TEXT_VALUE_MAX_LENGTH + 3);
    renderWithApp(
      <>
        <Harness type="text" />
        <ValueInput field={{ ...field('url'), label: 'Site' }} texts={['https://example.org/']} onChange={() => undefined} />
      </>,
    );
    const text = screen.getByLabelText('Field');
    expect(text).not.toHaveAttribute('maxLength');
    expect(screen.getByLabelText('Site')).not.toHaveAttribute('maxLength');
    fireEvent.change(text, { target: { value: long } });
    expect(text).toHaveValue(long);
    expect(screen.getByText('3 characters too many')).toBeInTheDocument();
    fireEvent.change(text, { target: { value: 'x'.repeat(TEXT_VALUE_MAX_LENGTH - 10) } });
    expect(screen.getByText(`10 characters left of ${TEXT_VALUE_MAX_LENGTH.toLocaleString('en-US')}`)).toBeInTheDocument();
    // Short addresses stay quiet.
    expect(screen.queryByText(new RegExp(`of ${URL_VALUE_MAX_LENGTH.toLocaleString('en-US')}`))).toBeNull();
  });

  it('reports what is typed, ticked or picked as input text', async () => {
    mockFetch(() => json(apiInfo()));
    renderWithApp(
      <>
        <Harness type="yesno" initial={['false']} />
      </>,
    );
    await userEvent.click(screen.getByLabelText('Field'));
    expect(screen.getByTestId('texts')).toHaveTextContent('["true"]');
  });

  it('keeps the colour picker and the #rrggbb text in step', () => {
    mockFetch(() => json(apiInfo()));
    renderWithApp(<Harness type="color" />);
    fireEvent.input(screen.getByLabelText('Field: colour picker'), { target: { value: '#336699' } });
    expect(screen.getByLabelText('Field')).toHaveValue('#336699');
  });

  it('uploads a chosen image and shows it', async () => {
    mockFetch(() => json(apiInfo()));
    renderWithApp(<Harness type="image" />);
    await userEvent.upload(screen.getByLabelText('Field'), new File(['x'], 'a.png', { type: 'image/png' }));
    expect(await screen.findByText('Your file has been uploaded')).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('texts')).toHaveTextContent('["media://collections/1/a.png"]');
    expect(screen.getByRole('button', { name: 'Remove the file of Field' })).toBeInTheDocument();
  });

  it('takes a video address next to the upload', async () => {
    mockFetch(() => json(apiInfo()));
    renderWithApp(<Harness type="video" />);
    await userEvent.type(screen.getByLabelText('Field: YouTube, Vimeo or Dailymotion address'), 'https://youtu.be/x');
    expect(screen.getByTestId('texts')).toHaveTextContent('["https://youtu.be/x"]');
  });

  it('edits a multiple-value property as a list that grows, moves and shrinks', async () => {
    mockFetch(() => json(apiInfo()));
    renderWithApp(<Harness type="text" multiple initial={['a', 'b']} />);
    expect(screen.getByRole('group', { name: 'Field' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move Field 2 up' }));
    expect(screen.getByTestId('texts')).toHaveTextContent('["b","a"]');
    await userEvent.click(screen.getByRole('button', { name: 'Add a value to Field' }));
    await userEvent.type(screen.getByLabelText('Field 3'), 'c');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Field 1' }));
    expect(screen.getByTestId('texts')).toHaveTextContent('["a","c"]');
  });
});
