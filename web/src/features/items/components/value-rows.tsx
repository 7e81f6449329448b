// A titled group of an item's values: one row per property, its label then its value.
import type { Property } from '@shared/schemas/properties';
import { ValueDisplay } from './value-display';

export function ValueRows({
  title,
  properties,
  values,
}: {
  title: string;
  properties: Property[];
  values: Readonly<Record<string, unknown>>;
}) {
  return (
    <section className="item-section" aria-label={title}>
      <h2 className="item-section__title">{title}</h2>
      <dl className="item-values">
        {properties.map((property) => (
          <div key={property.id} className="item-values__row">
            <dt className={property.hideLabel ? 'visually-hidden' : 'item-values__label'}>{property.label}</dt>
            <dd className="item-values__value">
              <ValueDisplay field={property} value={values[property.key]} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
