// The properties of a collection in display order, with their roles and flags. Dragging a row by its
// handle (mouse, touch or keyboard) or Move up / Move down send the whole new order to the server; the
// table shows the new order at once and goes back if the server refuses it.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, ListPlus, Pencil, Trash2 } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import type { Property } from '@shared/schemas/properties';
import { ErrorAlert } from '@web/components/alert';
import { ButtonLink, IconButton, IconLink } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { PropertyTypeIcon } from '@web/components/property-type-icon';
import { SortableList, moveEntry, useSortableEntry } from '@web/components/sortable';
import { levelMessage } from '@web/components/level-messages';
import { describeError } from '@web/lib/error-messages';
import { paths } from '@web/lib/paths';
import { useReorderProperties } from '../api/reorder-properties';
import { badgeMessages, propertyFlags, typeMessages } from './property-texts';
import './properties-table.css';

const messages = defineMessages<{
  caption: NoMessageValues;
  label: NoMessageValues;
  key: NoMessageValues;
  type: NoMessageValues;
  flags: NoMessageValues;
  visibility: NoMessageValues;
  actions: NoMessageValues;
  order: NoMessageValues;
  empty: NoMessageValues;
  emptyHint: NoMessageValues;
  add: NoMessageValues;
  moveUp: { label: string };
  moveDown: { label: string };
  edit: { label: string };
  delete: { label: string };
}>({
  caption: { id: 'properties.propertiesTable.caption', defaultMessage: 'Properties' },
  label: { id: 'properties.propertiesTable.label', defaultMessage: 'Label' },
  key: { id: 'properties.propertiesTable.key', defaultMessage: 'Property ID' },
  type: { id: 'properties.propertiesTable.type', defaultMessage: 'Type' },
  flags: { id: 'properties.propertiesTable.flags', defaultMessage: 'Roles and options' },
  visibility: { id: 'properties.propertiesTable.visibility', defaultMessage: 'Visibility' },
  actions: { id: 'properties.propertiesTable.actions', defaultMessage: 'Actions' },
  order: { id: 'properties.propertiesTable.order', defaultMessage: 'Order' },
  empty: { id: 'properties.propertiesTable.empty', defaultMessage: 'No properties yet' },
  emptyHint: {
    id: 'properties.propertiesTable.emptyHint',
    defaultMessage: 'Properties are what you note about each item: a title, an author, a year, a cover…',
  },
  add: { id: 'properties.propertiesTable.add', defaultMessage: 'Add the first property' },
  moveUp: { id: 'properties.propertiesTable.moveUp', defaultMessage: 'Move {label} up' },
  moveDown: { id: 'properties.propertiesTable.moveDown', defaultMessage: 'Move {label} down' },
  edit: { id: 'properties.propertiesTable.edit', defaultMessage: 'Edit {label}' },
  delete: { id: 'properties.propertiesTable.delete', defaultMessage: 'Delete {label}' },
});

interface PropertiesTableProps {
  collectionId: number;
  properties: Property[];
  readOnly: boolean;
}

export function PropertiesTable({ collectionId, properties, readOnly }: PropertiesTableProps) {
  const intl = useIntl();
  const { trigger, isMutating } = useReorderProperties(collectionId);
  const [error, setError] = useState<unknown>(null);

  async function move(from: number, to: number) {
    if (to < 0 || to >= properties.length || from === to) return;
    const ordered = moveEntry(properties, from, to);
    setError(null);
    try {
      await trigger(
        ordered.map((property) => property.id),
        { optimisticData: { properties: ordered }, rollbackOnError: true },
      );
    } catch (caught) {
      setError(caught);
    }
  }

  if (properties.length === 0) {
    return (
      <EmptyState
        icon={ListPlus}
        title={intl.formatMessage(messages.empty)}
        action={
          readOnly ? null : (
            <ButtonLink icon={ListPlus} to={paths.propertyNew(collectionId)}>
              {intl.formatMessage(messages.add)}
            </ButtonLink>
          )
        }
      >
        <p>{intl.formatMessage(messages.emptyHint)}</p>
      </EmptyState>
    );
  }
  const labels = new Map(properties.map((property) => [property.id, property.label]));
  return (
    <>
      {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
      <div className="table-wrap">
        <SortableList
          ids={properties.map((property) => property.id)}
          labelOf={(id) => labels.get(Number(id)) ?? String(id)}
          onMove={(from, to) => void move(from, to)}
        >
          <table className="table table--stack properties-table">
            <caption className="visually-hidden">{intl.formatMessage(messages.caption)}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{intl.formatMessage(messages.order)}</span>
                </th>
                <th scope="col">{intl.formatMessage(messages.label)}</th>
                <th scope="col">{intl.formatMessage(messages.key)}</th>
                <th scope="col">{intl.formatMessage(messages.type)}</th>
                <th scope="col">{intl.formatMessage(messages.flags)}</th>
                <th scope="col">{intl.formatMessage(messages.visibility)}</th>
                <th scope="col">
                  <span className="visually-hidden">{intl.formatMessage(messages.actions)}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {properties.map((property, index) => {
                const label = property.label;
                return (
                  <SortableRow key={property.id} id={property.id} disabled={readOnly || isMutating}>
                    {(handle) => (
                      <>
                        {/* Outside the row header, so the header's name stays the label. */}
                        <td className="properties-table__handle">{handle}</td>
                        <th scope="row" className="properties-table__label">
                          {label}
                        </th>
                        <td data-label={intl.formatMessage(messages.key)}>
                          <code>{property.key}</code>
                        </td>
                        <td data-label={intl.formatMessage(messages.type)}>
                          <span className="properties-table__type">
                            <PropertyTypeIcon type={property.type} />
                            {intl.formatMessage(typeMessages[property.type])}
                          </span>
                        </td>
                        <td data-label={intl.formatMessage(messages.flags)}>
                          <span className="badges">
                            {propertyFlags(property).map((flag) => (
                              <span key={flag} className="tag">
                                {intl.formatMessage(badgeMessages[flag])}
                              </span>
                            ))}
                          </span>
                        </td>
                        <td data-label={intl.formatMessage(messages.visibility)}>
                          {intl.formatMessage(levelMessage(property.visibility))}
                        </td>
                        <td>
                          <div className="table__actions">
                            <IconButton
                              size="small"
                              icon={ArrowUp}
                              disabled={readOnly || isMutating || index === 0}
                              label={intl.formatMessage(messages.moveUp, { label })}
                              onClick={() => void move(index, index - 1)}
                            />
                            <IconButton
                              size="small"
                              icon={ArrowDown}
                              disabled={readOnly || isMutating || index === properties.length - 1}
                              label={intl.formatMessage(messages.moveDown, { label })}
                              onClick={() => void move(index, index + 1)}
                            />
                            <IconLink
                              size="small"
                              icon={Pencil}
                              to={paths.property(collectionId, property.id)}
                              label={intl.formatMessage(messages.edit, { label })}
                            />
                            {readOnly ? (
                              <IconButton size="small" icon={Trash2} disabled label={intl.formatMessage(messages.delete, { label })} />
                            ) : (
                              <IconLink
                                size="small"
                                icon={Trash2}
                                to={paths.propertyDelete(collectionId, property.id)}
                                label={intl.formatMessage(messages.delete, { label })}
                              />
                            )}
                          </div>
                        </td>
                      </>
                    )}
                  </SortableRow>
                );
              })}
            </tbody>
          </table>
        </SortableList>
      </div>
    </>
  );
}

function SortableRow({ id, disabled, children }: { id: number; disabled: boolean; children: (handle: ReactNode) => ReactNode }) {
  const { attach, style, dragging, handle } = useSortableEntry(id, disabled);
  return (
    <tr ref={attach} style={style} className={dragging ? 'is-dragging' : undefined}>
      {children(handle)}
    </tr>
  );
}
