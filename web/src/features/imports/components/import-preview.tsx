// The first records exactly as the import will store them (the same mapping code as the server's), each
// cell that cannot be read flagged with its text and why, and records that will be passed over marked.
import { CircleAlert, Image as ImageIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import { isPictureAddress, mapRecord, type DateOrder } from '@shared/import/mapping';
import type { PropertyType } from '@shared/catalogue';
import type { ImportFormat, ImportRecord } from '@shared/import/records';
import type { ImportPlanInput } from '@shared/schemas/imports';
import type { Property } from '@shared/schemas/properties';
import { hasValue } from '@web/lib/has-value';
import { previewMapping } from '../import-draft';
import { describeRecordReason } from '../import-messages';

const messages = defineMessages<{
  row: NoMessageValues;
  caption: { count: number };
  blank: NoMessageValues;
  problem: { text: string; reason: string };
  nothing: NoMessageValues;
  invalidCount: { count: number };
}>({
  row: { id: 'imports.preview.row', defaultMessage: 'Row' },
  caption: {
    id: 'imports.preview.caption',
    defaultMessage: 'The first {count, plural, one {record} other {# records}} as they will be stored',
  },
  blank: { id: 'imports.preview.blank', defaultMessage: 'Passed over: nothing in this record goes to a property.' },
  problem: { id: 'imports.preview.problem', defaultMessage: '“{text}”: {reason}' },
  nothing: { id: 'imports.preview.nothing', defaultMessage: 'Choose where at least one field goes to see a preview.' },
  invalidCount: {
    id: 'imports.preview.invalidCount',
    defaultMessage:
      '{count, plural, one {# value of these records cannot be read: it will be left out (the record is imported), and the report will list it.} other {# values of these records cannot be read: they will be left out (their records are imported), and the report will list them.}}',
  },
});

/** How many records the preview shows. */
export const PREVIEW_RECORDS = 5;

/** How a value shows, given its property's label, type and multiple flag. */
export type RenderValue = (field: { label: string; type: PropertyType; multiple: boolean }, value: unknown) => ReactNode;

interface ImportPreviewProps {
  format: ImportFormat;
  /** The pictures the file's zip holds, by name: a picture field shows the name it will find. */
  pictures: ReadonlySet<string>;
  /** Pictures given by address will be fetched: the preview shows their addresses. */
  covers: boolean;
  plan: ImportPlanInput;
  records: ImportRecord[];
  properties: readonly Property[];
  renderValue: RenderValue;
}

export function ImportPreview({ format, pictures, covers, plan, records, properties, renderValue }: ImportPreviewProps) {
  const intl = useIntl();
  const { mappings, targets } = previewMapping(plan, properties);
  if (mappings.length === 0) return <p className="muted">{intl.formatMessage(messages.nothing)}</p>;
  const shown = records.slice(0, PREVIEW_RECORDS);
  // The preview has no stored pictures yet: each found picture stands as its own name, each address as itself.
  const images = new Map([...pictures].map((name) => [name, name]));
  if (covers) {
    for (const record of shown) {
      for (const mapping of mappings) {
        for (const text of record.values[mapping.field] ?? []) {
          for (const piece of mapping.split ? text.split(mapping.split) : [text])
            if (isPictureAddress(piece)) images.set(piece.trim(), piece.trim());
        }
      }
    }
  }
  const mapped = shown.map((record) =>
    mapRecord(format, record, mappings, targets, {
      keyField: plan.keyField ?? null,
      dateOrder: (plan.dateOrder ?? 'ymd') as DateOrder,
      images,
    }),
  );
  // Columns: each property the plan reaches, in the plan's order, with its label and type.
  const columns = targets.map((target) => {
    const existing = properties.find((p) => p.key === target.key);
    const created = plan.fields.find((f) => f.property === target.key && f.create)?.create;
    return {
      key: target.key,
      field: { label: existing?.label ?? created?.label ?? target.key, type: target.type, multiple: target.multiple },
    };
  });
  // Cells left out of records that are imported (a missing required value refuses its record: flagged in its cell).
  const invalid = mapped.reduce((sum, record) => sum + record.problems.filter((p) => !p.refuses).length, 0);
  const rowLabel = intl.formatMessage(messages.row);
  return (
    <div className="stack import-section">
      {invalid > 0 ? (
        <p className="import-preview__warning">
          <CircleAlert size={18} aria-hidden="true" /> {intl.formatMessage(messages.invalidCount, { count: invalid })}
        </p>
      ) : null}
      <div className="table-wrap">
        <table className="table table--stack import-preview">
          <caption className="import-preview__caption">{intl.formatMessage(messages.caption, { count: shown.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{rowLabel}</th>
              {columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.field.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {mapped.map((record) => (
              <tr key={record.row} className={record.blank ? 'is-blank' : undefined}>
                <th scope="row" data-label={rowLabel}>
                  {record.row}
                </th>
                {record.blank ? (
                  <td colSpan={columns.length} className="muted">
                    {intl.formatMessage(messages.blank)}
                  </td>
                ) : (
                  columns.map((column) => {
                    const problems = record.problems.filter((p) => p.property === column.key);
                    const value = record.values[column.key];
                    return (
                      <td key={column.key} data-label={column.field.label} className={problems.length > 0 ? 'is-invalid' : undefined}>
                        <span className="import-preview__cell">
                          {hasValue(value) ? (
                            column.field.type === 'image' ? (
                              <span className="import-preview__picture">
                                <ImageIcon size={14} aria-hidden="true" /> {[value].flat().join(', ')}
                              </span>
                            ) : (
                              renderValue(column.field, value)
                            )
                          ) : null}
                          {problems.map((problem, index) => (
                            <span key={index} className="import-preview__problem">
                              <CircleAlert size={14} aria-hidden="true" />
                              {problem.text
                                ? intl.formatMessage(messages.problem, {
                                    text: problem.text,
                                    reason: describeRecordReason(intl, problem.reason),
                                  })
                                : describeRecordReason(intl, problem.reason)}
                            </span>
                          ))}
                        </span>
                      </td>
                    );
                  })
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
