// One item's page: the header (cover, title, creator, year, rating, main actions), the summary, then the
// other values grouped (details, long texts folded, links and files, pictures in a gallery) and the
// record (copies, dates). Previous and Next lead through the list the visitor came from.
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import type { Item } from '@shared/schemas/items';
import type { Property } from '@shared/schemas/properties';
import { ErrorAlert } from '@web/components/alert';
import { ClampedText } from '@web/components/clamped-text';
import { HydrateLater } from '@web/components/hydrate-later';
import { describeError } from '@web/lib/error-messages';
import { useNavigateWithFlash } from '@web/lib/flash';
import { TURNS } from '@web/lib/hydration-turns';
import { useMediaSrc } from '@web/lib/media-url';
import { paths } from '@web/lib/paths';
import { useAction } from '@web/lib/use-action';
import { useTimeZone } from '@web/lib/use-time-zone';
import { useDuplicateItem } from '../api/duplicate-item';
import { ItemGallery } from './item-gallery';
import { ItemHeader } from './item-header';
import { ItemNeighbours } from './item-neighbours';
import { itemPictures } from './item-pictures';
import { detailProperties, itemRoles, shownProperties } from './item-roles';
import { itemTitle } from './item-title';
import { ValueRows } from './value-rows';
import './item-page.css';

const messages = defineMessages<{
  quantity: NoMessageValues;
  created: NoMessageValues;
  updated: NoMessageValues;
  details: NoMessageValues;
  links: NoMessageValues;
  record: NoMessageValues;
  cover: NoMessageValues;
  copies: { count: number };
}>({
  quantity: { id: 'items.itemView.quantity', defaultMessage: 'Copies' },
  created: { id: 'items.itemView.created', defaultMessage: 'Added' },
  updated: { id: 'items.itemView.updated', defaultMessage: 'Last change' },
  details: { id: 'items.itemView.details', defaultMessage: 'Details' },
  links: { id: 'items.itemView.links', defaultMessage: 'Links and files' },
  record: { id: 'items.itemView.record', defaultMessage: 'In the collection' },
  cover: { id: 'items.itemView.cover', defaultMessage: 'Cover' },
  copies: { id: 'items.itemView.copies', defaultMessage: '{count, number}' },
});

const LINK_TYPES = new Set(['url', 'file', 'video']);

interface ItemViewProps {
  item: Item;
  properties: Property[];
  readOnly: boolean;
  /** The collection's type, for the icon of the generated cover. */
  collectionType?: string;
  /** Availability and the visitor's or owner's lending action, for the header's bar. */
  lending?: ReactNode;
}

export function ItemView({ item, properties, readOnly, collectionType, lending }: ItemViewProps) {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const mediaSrc = useMediaSrc();
  const navigateWithFlash = useNavigateWithFlash();
  const duplicate = useDuplicateItem(item.collectionId, item.id);
  const {
    run: onDuplicate,
    busy,
    error,
  } = useAction(async () => {
    const copy = await duplicate.trigger();
    navigateWithFlash(paths.item(item.collectionId, copy.id));
  });
  const title = itemTitle(intl, item);
  const roles = itemRoles(item, properties);
  const creatorValue = roles.creator ? item.values[roles.creator.key] : null;
  const creator = roles.creator ? (Array.isArray(creatorValue) ? creatorValue : [creatorValue]).filter(Boolean).join(', ') : null;
  const rest = detailProperties(item, properties, roles);
  const details = rest.filter((p) => p.type !== 'image' && p.type !== 'longtext' && !LINK_TYPES.has(p.type));
  const texts = rest.filter((p) => p.type === 'longtext');
  const links = rest.filter((p) => LINK_TYPES.has(p.type));
  const pictures = itemPictures(item, shownProperties(item, properties), mediaSrc, intl.formatMessage(messages.cover));
  const summaryValue = roles.summary ? item.values[roles.summary.key] : null;

  return (
    <article className="item-page">
      <ItemNeighbours collectionId={item.collectionId} itemId={item.id} />
      <HydrateLater turn={TURNS.controls}>
        <ItemHeader
          item={item}
          title={title}
          creator={creator}
          roles={roles}
          canChange={item.isOwner && !readOnly}
          collectionType={collectionType}
          lending={lending}
          busy={busy}
          onDuplicate={() => void onDuplicate()}
        />
      </HydrateLater>
      {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
      <HydrateLater turn={TURNS.last}>
        <div className="item-body card">
          {roles.summary && typeof summaryValue === 'string' ? (
            <section className="item-section item-summary" aria-label={roles.summary.label}>
              <h2 className={roles.summary.hideLabel ? 'visually-hidden' : 'item-section__title'}>{roles.summary.label}</h2>
              <ClampedText folded text={summaryValue} />
            </section>
          ) : null}
          {details.length > 0 ? <ValueRows title={intl.formatMessage(messages.details)} properties={details} values={item.values} /> : null}
          {texts.map((property) => (
            <section key={property.id} className="item-section" aria-label={property.label}>
              <h2 className={property.hideLabel ? 'visually-hidden' : 'item-section__title'}>{property.label}</h2>
              {(Array.isArray(item.values[property.key]) ? (item.values[property.key] as unknown[]) : [item.values[property.key]])
                .filter((value): value is string => typeof value === 'string' && value !== '')
                .map((value, index) => (
                  <ClampedText folded key={index} text={value} />
                ))}
            </section>
          ))}
          {links.length > 0 ? <ValueRows title={intl.formatMessage(messages.links)} properties={links} values={item.values} /> : null}
          <ItemGallery pictures={pictures} />
          <section className="item-section" aria-label={intl.formatMessage(messages.record)}>
            <h2 className="item-section__title">{intl.formatMessage(messages.record)}</h2>
            <dl className="item-values item-values--meta">
              <div className="item-values__row">
                <dt className="item-values__label">{intl.formatMessage(messages.quantity)}</dt>
                <dd className="item-values__value">{intl.formatMessage(messages.copies, { count: item.quantity })}</dd>
              </div>
              <div className="item-values__row">
                <dt className="item-values__label">{intl.formatMessage(messages.created)}</dt>
                <dd className="item-values__value">
                  {intl.formatDate(item.createdAt, { dateStyle: 'long', timeStyle: 'short', timeZone })}
                </dd>
              </div>
              <div className="item-values__row">
                <dt className="item-values__label">{intl.formatMessage(messages.updated)}</dt>
                <dd className="item-values__value">
                  {intl.formatDate(item.updatedAt, { dateStyle: 'long', timeStyle: 'short', timeZone })}
                </dd>
              </div>
            </dl>
          </section>
        </div>
      </HydrateLater>
    </article>
  );
}
