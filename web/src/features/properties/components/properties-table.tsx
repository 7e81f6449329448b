// The properties of a collection in display order, with their roles and flags; Move up / Move down
// send the whole new order to the server.
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Property } from '../../../../../shared/schemas/properties';
import { ErrorAlert } from '../../../components/alert';
import { commonMessages } from '../../../components/common-messages';
import { levelMessage } from '../../../components/level-messages';
import { describeError } from '../../../lib/error-messages';
import { paths } from '../../../lib/paths';
import { useReorderProperties } from '../api/reorder-properties';
import { badgeMessages, propertyFlags, typeMessages } from './property-texts';

const messages = defineMessages<{
  caption: NoMessageValues;
  label: NoMessageValues;
  key: NoMessageValues;
  type: NoMessageValues;
  flags: NoMessageValues;
  visibility: NoMessageValues;
  actions: NoMessageValues;
  empty: NoMessageValues;
  up: NoMessageValues;
  down: NoMessageValues;
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
  empty: { id: 'properties.propertiesTable.empty', defaultMessage: 'No properties yet: add the first one.' },
  up: { id: 'properties.propertiesTable.up', defaultMessage: 'Up' },
  down: { id: 'properties.propertiesTable.down', defaultMessage: 'Down' },
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

  async function move(index: number, by: -1 | 1) {
    const ids = properties.map((property) => property.id);
    const target = index + by;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target] as number, ids[index] as number];
    setError(null);
    try {
      await trigger(ids);
    } catch (caught) {
      setError(caught);
    }
  }

  if (properties.length === 0) return <p className="muted">{intl.formatMessage(messages.empty)}</p>;
  return (
    <>
      {error ? <ErrorAlert>{describeError(intl, error)}</ErrorAlert> : null}
      <div className="table-wrap">
        <table className="table table--stack properties-table">
          <caption className="visually-hidden">{intl.formatMessage(messages.caption)}</caption>
          <thead>
            <tr>
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
                <tr key={property.id}>
                  <th scope="row" className="properties-table__label">
                    {label}
                  </th>
                  <td data-label={intl.formatMessage(messages.key)}>
                    <code>{property.key}</code>
                  </td>
                  <td data-label={intl.formatMessage(messages.type)}>
                    {intl.formatMessage(typeMessages[property.type])}
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
                      <button
                        type="button"
                        className="button button--small button--secondary"
                        disabled={readOnly || isMutating || index === 0}
                        aria-label={intl.formatMessage(messages.moveUp, { label })}
                        onClick={() => void move(index, -1)}
                      >
                        {intl.formatMessage(messages.up)}
                      </button>
                      <button
                        type="button"
                        className="button button--small button--secondary"
                        disabled={readOnly || isMutating || index === properties.length - 1}
                        aria-label={intl.formatMessage(messages.moveDown, { label })}
                        onClick={() => void move(index, 1)}
                      >
                        {intl.formatMessage(messages.down)}
                      </button>
                      <Link
                        className="button button--small button--secondary"
                        to={paths.property(collectionId, property.id)}
                        aria-label={intl.formatMessage(messages.edit, { label })}
                      >
                        {intl.formatMessage(commonMessages.edit)}
                      </Link>
                      {readOnly ? (
                        <button
                          type="button"
                          className="button button--small button--danger"
                          disabled
                          aria-label={intl.formatMessage(messages.delete, { label })}
                        >
                          {intl.formatMessage(commonMessages.delete)}
                        </button>
                      ) : (
                        <Link
                          className="button button--small button--danger"
                          to={paths.propertyDelete(collectionId, property.id)}
                          aria-label={intl.formatMessage(messages.delete, { label })}
                        >
                          {intl.formatMessage(commonMessages.delete)}
                        </Link>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
