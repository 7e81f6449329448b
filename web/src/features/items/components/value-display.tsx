// How each content type shows a value. User content is only ever text nodes and checked attributes:
// links only for http, https and mailto; frames only from the video allow-list; JSON as a tree of text.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { IntlShape, NoMessageValues } from 'react-intl';
import { VIDEO_EMBED_HOSTS } from '@shared/catalogue';
import type { PropertyType } from '@shared/catalogue';
import { isMediaValue, videoEmbedUrl } from '@shared/values';
import { ErrorAlert } from '@web/components/alert';
import { commonMessages } from '@web/components/common-messages';
import { RatingStars } from '@web/components/rating-stars';
import { mediaFileName } from '@web/lib/media-file-name';
import { useMediaSrc } from '@web/lib/media-url';
import { downloadMedia } from '../api/download-media';
import { hasValue } from '@web/lib/has-value';
import { useTimeZone } from '@web/lib/use-time-zone';

const messages = defineMessages<{
  download: { ext: string };
  file: { ext: string };
  downloading: NoMessageValues;
  items: { count: number };
  keys: { count: number };
}>({
  download: {
    id: 'items.valueDisplay.download',
    defaultMessage: '{ext, select, none {Download the file} other {Download the file ({ext})}}',
  },
  downloading: { id: 'items.valueDisplay.downloading', defaultMessage: 'Downloading…' },
  file: { id: 'items.valueDisplay.file', defaultMessage: '{ext, select, none {File} other {File ({ext})}}' },
  items: { id: 'items.valueDisplay.items', defaultMessage: '{count, plural, one {# entry} other {# entries}}' },
  keys: { id: 'items.valueDisplay.keys', defaultMessage: '{count, plural, one {# key} other {# keys}}' },
});

export interface DisplayField {
  label: string;
  type: PropertyType;
  multiple?: boolean;
  suffix?: string | null;
}

const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:'];
const HEX = /^#[0-9a-fA-F]{6}$/;

/** The address to link to, or null when the value must stay plain text. */
export function safeHref(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return LINK_PROTOCOLS.includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** The embed address of a video page, only when it points at an allow-listed player. */
export function safeEmbedUrl(value: string): string | null {
  const embed = videoEmbedUrl(value);
  if (!embed) return null;
  try {
    const url = new URL(embed);
    return url.protocol === 'https:' && (VIDEO_EMBED_HOSTS as readonly string[]).includes(url.hostname) ? url.href : null;
  } catch {
    return null;
  }
}

function formatDateOnly(intl: IntlShape, value: string, compact: boolean): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return intl.formatDate(time, { dateStyle: compact ? 'medium' : 'long', timeZone: 'UTC' });
}

/** Whole numbers of four digits are mostly years: 1969, not 1,969. Others keep the locale's grouping. */
function formatNumberValue(intl: IntlShape, value: number): string {
  return intl.formatNumber(value, Number.isInteger(value) && Math.abs(value) < 10000 ? { useGrouping: false } : undefined);
}

/** A date and time, in the visitor's zone (its own component: only these values re-render once hydrated). */
function DateTimeValue({ value }: { value: string }) {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const time = Date.parse(value);
  return (
    <span className="value">
      {Number.isNaN(time) ? value : intl.formatDate(time, { dateStyle: 'medium', timeStyle: 'short', timeZone })}
    </span>
  );
}

function JsonNode({ name, value, depth }: { name: string | null; value: unknown; depth: number }) {
  const intl = useIntl();
  const label = name === null ? null : <span className="json-tree__key">{name}</span>;
  if (value === null || typeof value !== 'object') {
    const kind = value === null ? 'null' : typeof value;
    return (
      <li>
        {label}
        {label ? ': ' : null}
        <span className={`json-tree__value json-tree__value--${kind}`}>{JSON.stringify(value) ?? String(value)}</span>
      </li>
    );
  }
  const isArray = Array.isArray(value);
  const entries: [string, unknown][] = isArray
    ? (value as unknown[]).map((entry, index) => [String(index), entry])
    : Object.entries(value as Record<string, unknown>);
  const size = intl.formatMessage(isArray ? messages.items : messages.keys, { count: entries.length });
  return (
    <li>
      <details open={depth < 2}>
        <summary>
          {label}
          {label ? ' ' : null}
          <span className="muted">
            {isArray ? '[' : '{'}
            {size}
            {isArray ? ']' : '}'}
          </span>
        </summary>
        <ul className="json-tree__children">
          {entries.map(([key, entry]) => (
            <JsonNode key={key} name={key} value={entry} depth={depth + 1} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/** JSON as a collapsible tree of text (never markup). */
export function JsonTree({ value }: { value: unknown }) {
  return (
    <ul className="json-tree">
      <JsonNode name={null} value={value} depth={0} />
    </ul>
  );
}

function FileDownload({ value }: { value: string }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const name = mediaFileName(value);
  const ext = fileExtension(value);
  async function download() {
    setBusy(true);
    setFailed(false);
    try {
      await downloadMedia(value, name);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="file-download">
      <button type="button" className="link-button" disabled={busy} onClick={() => void download()}>
        {busy ? intl.formatMessage(messages.downloading) : intl.formatMessage(messages.download, { ext })}
      </button>
      {failed ? <ErrorAlert>{intl.formatMessage(commonMessages.downloadFailed)}</ErrorAlert> : null}
    </span>
  );
}

/** "PDF" for media://collections/3/….pdf; "none" without a readable extension. */
function fileExtension(value: string): string {
  return /\.([A-Za-z0-9]{1,8})$/.exec(mediaFileName(value))?.[1]?.toUpperCase() ?? 'none';
}

function withSuffix(content: ReactNode, suffix: string | null | undefined): ReactNode {
  return suffix ? (
    <>
      {content}
      <span className="value__suffix"> {suffix}</span>
    </>
  ) : (
    content
  );
}

/** One value (not a list). `compact` is for summaries in item lists: no frames, players or trees. */
export function SingleValue({ field, value, compact = false }: { field: DisplayField; value: unknown; compact?: boolean }) {
  const intl = useIntl();
  const mediaSrc = useMediaSrc();
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'string' ? value : null;
  switch (field.type) {
    case 'text':
      return withSuffix(<span className="value">{String(value)}</span>, field.suffix);
    case 'longtext':
      return withSuffix(<span className="value value--long">{String(value)}</span>, field.suffix);
    case 'number':
      return withSuffix(
        <span className="value">{typeof value === 'number' ? formatNumberValue(intl, value) : String(value)}</span>,
        field.suffix,
      );
    case 'date':
      return withSuffix(<span className="value">{formatDateOnly(intl, String(value), compact)}</span>, field.suffix);
    case 'datetime':
      return withSuffix(<DateTimeValue value={String(value)} />, field.suffix);
    case 'rating': {
      const rating = Number(value);
      return Number.isFinite(rating) ? <RatingStars value={rating} /> : null;
    }
    case 'yesno':
      return <span className="value">{intl.formatMessage(value === true ? commonMessages.yes : commonMessages.no)}</span>;
    case 'url': {
      const shown = String(value);
      const href = safeHref(shown);
      return href ? (
        <a className="value value--link" href={href} rel="noopener noreferrer" target="_blank">
          {shown}
        </a>
      ) : (
        <span className="value">{shown}</span>
      );
    }
    case 'color': {
      const shown = String(value);
      if (!HEX.test(shown)) return <span className="value">{shown}</span>;
      return (
        <span className="value value--color">
          {/* Painted once in the browser: pages the Worker renders carry no style attributes (the CSP). */}
          <span className="color-swatch" ref={(swatch) => void swatch?.style.setProperty('background-color', shown)} aria-hidden="true" />
          <code>{shown.toLowerCase()}</code>
        </span>
      );
    }
    case 'json':
      return compact ? <code className="value value--json">{JSON.stringify(value).slice(0, 80)}</code> : <JsonTree value={value} />;
    case 'image': {
      // In a list's summary the picture is 3rem at most: its thumbnail is enough.
      const src = text ? mediaSrc(text, { size: compact ? 'thumb' : undefined }) : null;
      if (!src) return null;
      return (
        <img
          className={compact ? 'value-image value-image--small' : 'value-image'}
          src={src}
          alt={field.label}
          loading="lazy"
          decoding="async"
        />
      );
    }
    case 'file':
      return text && isMediaValue(text) ? (
        compact ? (
          <span className="value">{intl.formatMessage(messages.file, { ext: fileExtension(text) })}</span>
        ) : (
          <FileDownload value={text} />
        )
      ) : null;
    case 'video': {
      if (!text) return null;
      if (isMediaValue(text)) {
        const src = mediaSrc(text);
        return compact || !src ? null : <video className="value-video" src={src} controls preload="metadata" />;
      }
      const embed = safeEmbedUrl(text);
      if (embed && !compact) {
        return (
          <span className="value-embed">
            <iframe
              src={embed}
              title={field.label}
              loading="lazy"
              sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
              allow="fullscreen; picture-in-picture; encrypted-media"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </span>
        );
      }
      const href = safeHref(text);
      return href ? (
        <a className="value value--link" href={href} rel="noopener noreferrer" target="_blank">
          {text}
        </a>
      ) : (
        <span className="value">{text}</span>
      );
    }
  }
}

/** A property's value: one value, or a list in its stored order. */
export function ValueDisplay({ field, value, compact = false }: { field: DisplayField; value: unknown; compact?: boolean }) {
  if (Array.isArray(value) && (field.multiple ?? field.type !== 'json')) {
    const present = value.filter(hasValue);
    if (present.length === 1) return <SingleValue field={field} value={present[0]} compact={compact} />;
    if (compact) {
      return (
        <span className="value-inline-list">
          {present.map((entry, index) => (
            <span key={index}>
              <SingleValue field={field} value={entry} compact />
            </span>
          ))}
        </span>
      );
    }
    return (
      <ul className="value-list-display">
        {present.map((entry, index) => (
          <li key={index}>
            <SingleValue field={field} value={entry} />
          </li>
        ))}
      </ul>
    );
  }
  return <SingleValue field={field} value={value} compact={compact} />;
}
