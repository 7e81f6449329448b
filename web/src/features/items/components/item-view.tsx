// One item: cover, title, subtitle, each visible property with a display fitting its type, copies and
// dates; the owner's actions: Edit, and More actions for Duplicate and Delete (Delete leads to its
// confirmation screen).
import { Copy, Pencil, Trash2 } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { VISIBILITY } from '../../../../../shared/constants';
import type { Item } from '../../../../../shared/schemas/items';
import type { Property } from '../../../../../shared/schemas/properties';
import { ActionMenu } from '../../../components/action-menu';
import { ErrorAlert } from '../../../components/alert';
import { Button, ButtonLink } from '../../../components/button';
import { commonMessages } from '../../../components/common-messages';
import { describeError } from '../../../lib/error-messages';
import { useNavigateWithFlash } from '../../../lib/flash';
import { CoverPlaceholder } from '../../../components/cover-placeholder';
import { itemCreator } from './item-creator';
import { useMediaSrc } from '../../../lib/media-url';
import { paths } from '../../../lib/paths';
import { useAction } from '../../../lib/use-action';
import { useDuplicateItem } from '../api/duplicate-item';
import { itemTitle } from './item-title';
import { hasValue } from '../../../lib/has-value';
import { ValueDisplay } from './value-display';

const messages = defineMessages<{
  quantity: NoMessageValues;
  created: NoMessageValues;
  updated: NoMessageValues;
  duplicate: NoMessageValues;
  details: NoMessageValues;
  actions: NoMessageValues;
  more: NoMessageValues;
  copies: { count: number };
}>({
  quantity: { id: 'items.itemView.quantity', defaultMessage: 'Copies' },
  created: { id: 'items.itemView.created', defaultMessage: 'Added' },
  updated: { id: 'items.itemView.updated', defaultMessage: 'Last change' },
  duplicate: { id: 'items.itemView.duplicate', defaultMessage: 'Duplicate' },
  details: { id: 'items.itemView.details', defaultMessage: 'Details' },
  actions: { id: 'items.itemView.actions', defaultMessage: 'Item actions' },
  more: { id: 'items.itemView.more', defaultMessage: 'More actions' },
  copies: { id: 'items.itemView.copies', defaultMessage: '{count, number}' },
});

/** Properties shown in the body: visible on browsing pages, with a value, and not already shown above. */
export function displayedProperties(item: Item, properties: Property[]): Property[] {
  return properties.filter((property) => {
    if (property.visibility === VISIBILITY.nobody) return false;
    if (property.isTitle || property.isSubtitle) return false;
    const value = item.values[property.key];
    if (property.isCover && property.type === 'image' && value === item.cover) return false;
    return hasValue(value);
  });
}

interface ItemViewProps {
  item: Item;
  properties: Property[];
  readOnly: boolean;
  /** The collection's type, for the icon of the generated cover. */
  collectionType?: string;
}

export function ItemView({ item, properties, readOnly, collectionType }: ItemViewProps) {
  const intl = useIntl();
  const navigateWithFlash = useNavigateWithFlash();
  const duplicate = useDuplicateItem(item.collectionId, item.id);
  const { run: onDuplicate, busy, error } = useAction(async () => {
    const copy = await duplicate.trigger();
    navigateWithFlash(paths.item(item.collectionId, copy.id));
  });
  const cover = useMediaSrc()(item.cover);
  const title = itemTitle(intl, item);
  const shown = displayedProperties(item, properties);
  const canChange = item.isOwner && !readOnly;

  return (
    <article className="item-view card">
      <div className="item-view__cover">
        {cover ? (
          <img src={cover} alt="" />
        ) : (
          <div className="item-view__placeholder">
            <CoverPlaceholder title={title} creator={itemCreator(item.values, properties.filter((p) => p.inSummary))} type={collectionType} size="large" />
          </div>
        )}
      </div>
      <div className="item-view__main">
        <h1 className="item-view__title">{title}</h1>
        {item.subtitle ? <p className="item-view__subtitle">{item.subtitle}</p> : null}
        {item.reference ? (
          <p className="item-view__reference">
            <code>{item.reference}</code>
          </p>
        ) : null}
        {item.isOwner ? (
          <div className="actions" role="group" aria-label={intl.formatMessage(messages.actions)}>
            {canChange ? (
              <ButtonLink size="small" icon={Pencil} to={paths.itemEdit(item.collectionId, item.id)}>
                {intl.formatMessage(commonMessages.edit)}
              </ButtonLink>
            ) : (
              <Button size="small" icon={Pencil} disabled>
                {intl.formatMessage(commonMessages.edit)}
              </Button>
            )}
            <ActionMenu
              label={intl.formatMessage(messages.more)}
              actions={[
                {
                  label: intl.formatMessage(messages.duplicate),
                  icon: Copy,
                  disabled: !canChange || busy,
                  onSelect: () => void onDuplicate(),
                },
                {
                  label: intl.formatMessage(commonMessages.delete),
                  icon: Trash2,
                  disabled: !canChange,
                  danger: true,
                  to: paths.itemDelete(item.collectionId, item.id),
                },
              ]}
            />
          </div>
        ) : null}
        {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
        {shown.length > 0 ? (
          <dl className="item-values" aria-label={intl.formatMessage(messages.details)}>
            {shown.map((property) => (
              <div key={property.id} className="item-values__row">
                <dt className={property.hideLabel ? 'visually-hidden' : 'item-values__label'}>{property.label}</dt>
                <dd className="item-values__value">
                  <ValueDisplay field={property} value={item.values[property.key]} />
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        <dl className="item-values item-values--meta">
          <div className="item-values__row">
            <dt className="item-values__label">{intl.formatMessage(messages.quantity)}</dt>
            <dd className="item-values__value">{intl.formatMessage(messages.copies, { count: item.quantity })}</dd>
          </div>
          <div className="item-values__row">
            <dt className="item-values__label">{intl.formatMessage(messages.created)}</dt>
            <dd className="item-values__value">
              {intl.formatDate(item.createdAt, { dateStyle: 'long', timeStyle: 'short' })}
            </dd>
          </div>
          <div className="item-values__row">
            <dt className="item-values__label">{intl.formatMessage(messages.updated)}</dt>
            <dd className="item-values__value">
              {intl.formatDate(item.updatedAt, { dateStyle: 'long', timeStyle: 'short' })}
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
