// Printable QR labels (issue: "QR labels that take a phone straight to a borrow request"): each label
// holds a QR code of the item's borrow address, its title and reference, laid out in exact millimetres
// for A4 or US Letter sheets of common label sizes. The codes are SVG, drawn by the qrcode library.
import { Printer } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useMemo, useState } from 'react';
import type { CSSProperties } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { ItemSummary } from '@shared/schemas/items';
import { Button } from '@web/components/button';
import { SelectField } from '@web/components/select-field';
import { paths } from '@web/lib/paths';
import './label-sheet.css';

/** Sheets: page size in mm, and the grids of labels they are sold with. */
export const PAPERS = {
  a4: { width: 210, height: 297 },
  letter: { width: 215.9, height: 279.4 },
} as const;
export type Paper = keyof typeof PAPERS;

export const LAYOUTS = {
  '3x8': { columns: 3, rows: 8 },
  '2x5': { columns: 2, rows: 5 },
  '4x10': { columns: 4, rows: 10 },
} as const;
export type Layout = keyof typeof LAYOUTS;

/** Margins of the sheet, so the labels stay inside what printers print. */
const MARGIN_MM = 8;

const messages = defineMessages<{
  paper: Record<string, never>;
  a4: Record<string, never>;
  letter: Record<string, never>;
  layout: Record<string, never>;
  grid: { columns: number; rows: number; width: string; height: string };
  print: Record<string, never>;
  count: { count: number; pages: number };
  sheets: Record<string, never>;
  scan: Record<string, never>;
}>({
  paper: { id: 'lending.labels.paper', defaultMessage: 'Paper' },
  a4: { id: 'lending.labels.a4', defaultMessage: 'A4' },
  letter: { id: 'lending.labels.letter', defaultMessage: 'US Letter' },
  layout: { id: 'lending.labels.layout', defaultMessage: 'Labels per sheet' },
  grid: { id: 'lending.labels.grid', defaultMessage: '{columns} × {rows} ({width} × {height} mm)' },
  print: { id: 'lending.labels.print', defaultMessage: 'Print' },
  count: {
    id: 'lending.labels.count',
    defaultMessage: '{count, plural, one {# label} other {# labels}} on {pages, plural, one {# sheet} other {# sheets}}',
  },
  sheets: { id: 'lending.labels.sheets', defaultMessage: 'Label sheets' },
  scan: { id: 'lending.labels.scan', defaultMessage: 'Scan to borrow' },
});

/** The size of one label of a layout on a paper, in mm. */
export function labelSize(paper: Paper, layout: Layout) {
  const { width, height } = PAPERS[paper];
  const { columns, rows } = LAYOUTS[layout];
  return { width: (width - 2 * MARGIN_MM) / columns, height: (height - 2 * MARGIN_MM) / rows };
}

/** The absolute address a label's code leads to: the item's borrow page on this instance. */
export function borrowUrl(origin: string, collectionId: number, itemId: number): string {
  return new URL(paths.itemBorrow(collectionId, itemId), origin).href;
}

function QrCode({ url }: { url: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((text) => live && setSvg(text));
    return () => {
      live = false;
    };
  }, [url]);
  // The SVG comes from the library, built from our own address: no user text is in it.
  return svg ? (
    <span className="qr-label__code" data-url={url} dangerouslySetInnerHTML={{ __html: svg }} />
  ) : (
    <span className="qr-label__code" />
  );
}

export function LabelSheet({ collectionId, items }: { collectionId: number; items: ItemSummary[] }) {
  const intl = useIntl();
  const [paper, setPaper] = useState<Paper>(() => (navigator.language === 'en-US' ? 'letter' : 'a4'));
  const [layout, setLayout] = useState<Layout>('3x8');
  const { columns, rows } = LAYOUTS[layout];
  const perSheet = columns * rows;
  const size = labelSize(paper, layout);
  const sheets = useMemo(() => {
    const pages: ItemSummary[][] = [];
    for (let start = 0; start < items.length; start += perSheet) pages.push(items.slice(start, start + perSheet));
    return pages;
  }, [items, perSheet]);
  const style = {
    '--sheet-width': `${PAPERS[paper].width}mm`,
    '--sheet-height': `${PAPERS[paper].height}mm`,
    '--sheet-margin': `${MARGIN_MM}mm`,
    '--label-columns': columns,
    '--label-width': `${size.width}mm`,
    '--label-height': `${size.height}mm`,
  } as CSSProperties;
  return (
    <div className="label-sheets" style={style}>
      <div className="label-sheets__controls no-print">
        <div className="form__row">
          <SelectField label={intl.formatMessage(messages.paper)} value={paper} onChange={(event) => setPaper(event.target.value as Paper)}>
            <option value="a4">{intl.formatMessage(messages.a4)}</option>
            <option value="letter">{intl.formatMessage(messages.letter)}</option>
          </SelectField>
          <SelectField
            label={intl.formatMessage(messages.layout)}
            value={layout}
            onChange={(event) => setLayout(event.target.value as Layout)}
          >
            {(Object.keys(LAYOUTS) as Layout[]).map((key) => {
              const each = labelSize(paper, key);
              return (
                <option key={key} value={key}>
                  {intl.formatMessage(messages.grid, {
                    columns: LAYOUTS[key].columns,
                    rows: LAYOUTS[key].rows,
                    width: intl.formatNumber(each.width, { maximumFractionDigits: 1 }),
                    height: intl.formatNumber(each.height, { maximumFractionDigits: 1 }),
                  })}
                </option>
              );
            })}
          </SelectField>
        </div>
        <p className="muted">{intl.formatMessage(messages.count, { count: items.length, pages: sheets.length })}</p>
        <div className="actions">
          <Button icon={Printer} onClick={() => window.print()}>
            {intl.formatMessage(messages.print)}
          </Button>
        </div>
      </div>
      <div aria-label={intl.formatMessage(messages.sheets)} role="list">
        {sheets.map((sheet, index) => (
          // The sheet's class names its printed page size (named pages in label-sheet.css): the
          // Content-Security-Policy allows no inline style sheet to set it.
          <div key={index} className={`label-sheet label-sheet--${paper}`} role="listitem">
            {sheet.map((item) => (
              <div key={item.id} className="qr-label" data-testid="qr-label">
                <QrCode url={borrowUrl(window.location.origin, collectionId, item.id)} />
                <span className="qr-label__text">
                  <span className="qr-label__title">{item.title ?? `#${item.id}`}</span>
                  {item.reference ? <span className="qr-label__reference">{item.reference}</span> : null}
                  <span className="qr-label__hint">{intl.formatMessage(messages.scan)}</span>
                </span>
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
