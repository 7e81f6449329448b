// Page links that keep every other part of the URL (search, sort, filters, display). The links to pages
// up to two on or back also carry where this page ends or starts (the API's next / prev cursors, which
// know their place), so the server reads from there instead of counting its way down from the start; the
// last page of an estimated count is asked for as the list's end (before=end).
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { Link } from 'react-router-dom';
import { HydrateLater } from '@web/components/hydrate-later';
import { TURNS } from '@web/lib/hydration-turns';

const messages = defineMessages<{
  label: NoMessageValues;
  previous: NoMessageValues;
  next: NoMessageValues;
  page: { page: number };
  aboutPage: { page: number };
}>({
  label: { id: 'items.pagination.label', defaultMessage: 'Pages' },
  previous: { id: 'items.pagination.previous', defaultMessage: 'Previous' },
  next: { id: 'items.pagination.next', defaultMessage: 'Next' },
  page: { id: 'items.pagination.page', defaultMessage: 'Page {page, number}' },
  aboutPage: { id: 'items.pagination.aboutPage', defaultMessage: 'About page {page, number}: placed by an estimate' },
});

/** How many pages on or back a link starts from this page's cursor (the pages between are passed over). */
const CURSOR_REACH = 2;

/** 1 … 4 5 [6] 7 8 … 20 */
export function pageWindow(current: number, count: number): (number | null)[] {
  const pages = new Set([1, count, current - 2, current - 1, current, current + 1, current + 2]);
  const sorted = [...pages].filter((page) => page >= 1 && page <= count).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const page of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && page - last > 1) out.push(null);
    out.push(page);
  }
  return out;
}

export function Pagination({
  params,
  page,
  pageCount,
  cursors = {},
  estimated = false,
  placed = false,
}: {
  params: URLSearchParams;
  page: number;
  pageCount: number;
  cursors?: { next?: string; prev?: string };
  /** The page count comes from an estimated total: the last page is then asked for as the list's end. */
  estimated?: boolean;
  /** This page was placed by an estimate (a number typed far into an estimated list): shown as "≈ N". */
  placed?: boolean;
}) {
  const intl = useIntl();
  if (pageCount <= 1) return null;
  const to = (target: number) => {
    const next = new URLSearchParams(params);
    next.delete('after');
    next.delete('before');
    if (target <= 1) next.delete('page');
    else next.set('page', String(target));
    const distance = target - page;
    if (distance > 0 && distance <= CURSOR_REACH && cursors.next) next.set('after', cursors.next);
    // Page 1 is cheap from the start, and read from there it is always exactly the first page.
    if (distance < 0 && -distance <= CURSOR_REACH && target > 1 && cursors.prev) next.set('before', cursors.prev);
    // Its number is an estimate too; read from the end, it is the list's last items whatever their number.
    if (estimated && target === pageCount && distance > CURSOR_REACH) next.set('before', 'end');
    const search = next.toString();
    return { search: search ? `?${search}` : '' };
  };
  return (
    <HydrateLater turn={TURNS.last}>
      <nav className="pagination" aria-label={intl.formatMessage(messages.label)}>
        <ul className="pagination__list">
          <li>
            {page > 1 ? (
              <Link className="pagination__link" to={to(page - 1)} rel="prev">
                {intl.formatMessage(messages.previous)}
              </Link>
            ) : (
              <span className="pagination__link is-disabled" aria-disabled="true">
                {intl.formatMessage(messages.previous)}
              </span>
            )}
          </li>
          {pageWindow(page, pageCount).map((entry, index) => {
            const about = placed && entry === page;
            return entry === null ? (
              <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true" />
            ) : (
              <li key={entry}>
                <Link
                  className={entry === page ? 'pagination__link is-current' : 'pagination__link'}
                  to={to(entry)}
                  aria-current={entry === page ? 'page' : undefined}
                  aria-label={intl.formatMessage(about ? messages.aboutPage : messages.page, { page: entry })}
                  title={about ? intl.formatMessage(messages.aboutPage, { page: entry }) : undefined}
                >
                  {about ? `≈\u2009${intl.formatNumber(entry)}` : intl.formatNumber(entry)}
                </Link>
              </li>
            );
          })}
          <li>
            {page < pageCount ? (
              <Link className="pagination__link" to={to(page + 1)} rel="next">
                {intl.formatMessage(messages.next)}
              </Link>
            ) : (
              <span className="pagination__link is-disabled" aria-disabled="true">
                {intl.formatMessage(messages.next)}
              </span>
            )}
          </li>
        </ul>
      </nav>
    </HydrateLater>
  );
}
