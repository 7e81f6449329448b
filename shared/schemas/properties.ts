import { z } from 'zod';
import {
  DISPLAY_ORDER_MAX,
  PROPERTY_DESCRIPTION_MAX_LENGTH,
  PROPERTY_KEY_MAX_LENGTH,
  PROPERTY_KEY_PATTERN,
  PROPERTY_LABEL_MAX_LENGTH,
  PROPERTY_SUFFIX_MAX_LENGTH,
  PROPERTY_TYPES,
} from '../catalogue';
import { visibilityLevel } from './collections';
import { editedVersion, version, wholly } from './common';

/** A safe slug: lower-case letters, digits and underscores, starting with a letter. */
export const propertyKey = z.string().trim().min(1).max(PROPERTY_KEY_MAX_LENGTH).regex(wholly(PROPERTY_KEY_PATTERN));

const flags = {
  hideLabel: z.boolean(),
  inSummary: z.boolean(),
  isTitle: z.boolean(),
  isSubtitle: z.boolean(),
  isCover: z.boolean(),
  isReference: z.boolean(),
  multiple: z.boolean(),
  /** "Never empty": enforced by the server on item writes. */
  required: z.boolean(),
  filterable: z.boolean(),
  searchable: z.boolean(),
  sortable: z.boolean(),
};

export const property = z.object({
  id: z.number().int(),
  collectionId: z.number().int(),
  key: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  type: z.enum(PROPERTY_TYPES),
  displayOrder: z.number().int(),
  suffix: z.string().nullable(),
  /** A value of the property's type (array when multiple), or null. */
  defaultValue: z.unknown().nullable(),
  ...flags,
  visibility: visibilityLevel,
  version,
});
export type Property = z.infer<typeof property>;

export const propertyList = z.object({ properties: z.array(property) });
export type PropertyList = z.infer<typeof propertyList>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/**
 * A property's roles and settings beyond its label and type, as a Vitrine export carries them: an import
 * into an empty collection gives the properties it creates the same (shared/import/vitrine.ts).
 */
export const propertySettings = z
  .object({
    isSubtitle: flags.isSubtitle,
    isCover: flags.isCover,
    isReference: flags.isReference,
    hideLabel: flags.hideLabel,
    inSummary: flags.inSummary,
    required: flags.required,
    filterable: flags.filterable,
    searchable: flags.searchable,
    sortable: flags.sortable,
    visibility: visibilityLevel,
    suffix: optionalText(PROPERTY_SUFFIX_MAX_LENGTH),
    description: optionalText(PROPERTY_DESCRIPTION_MAX_LENGTH),
  })
  .partial()
  .strict();
export type PropertySettings = z.output<typeof propertySettings>;

export const createPropertyInput = z.object({
  /** Derived from the label when absent. */
  key: propertyKey.optional(),
  label: z.string().trim().min(1).max(PROPERTY_LABEL_MAX_LENGTH),
  description: optionalText(PROPERTY_DESCRIPTION_MAX_LENGTH),
  type: z.enum(PROPERTY_TYPES),
  displayOrder: z.number().int().min(0).max(DISPLAY_ORDER_MAX).optional(),
  suffix: optionalText(PROPERTY_SUFFIX_MAX_LENGTH),
  defaultValue: z.unknown().optional(),
  hideLabel: flags.hideLabel.default(false),
  inSummary: flags.inSummary.default(false),
  isTitle: flags.isTitle.default(false),
  isSubtitle: flags.isSubtitle.default(false),
  isCover: flags.isCover.default(false),
  isReference: flags.isReference.default(false),
  multiple: flags.multiple.default(false),
  required: flags.required.default(false),
  filterable: flags.filterable.default(false),
  searchable: flags.searchable.default(false),
  sortable: flags.sortable.default(false),
  visibility: visibilityLevel.default(0),
});
export type CreatePropertyInput = z.input<typeof createPropertyInput>;

export const updatePropertyInput = z
  .object({
    key: propertyKey,
    label: z.string().trim().min(1).max(PROPERTY_LABEL_MAX_LENGTH),
    description: optionalText(PROPERTY_DESCRIPTION_MAX_LENGTH),
    type: z.enum(PROPERTY_TYPES),
    displayOrder: z.number().int().min(0).max(DISPLAY_ORDER_MAX),
    suffix: optionalText(PROPERTY_SUFFIX_MAX_LENGTH),
    defaultValue: z.unknown(),
    ...flags,
    visibility: visibilityLevel,
    version: editedVersion,
  })
  .partial()
  .strict();
export type UpdatePropertyInput = z.input<typeof updatePropertyInput>;

export const reorderPropertiesInput = z.object({
  /** Every property id of the collection, in the new display order. */
  ids: z.array(z.number().int().positive()).min(1).max(200),
});

export const propertyDeletionInfo = z.object({
  /** Item values removed with the property (shown before confirming). */
  valueCount: z.number().int(),
});
export type PropertyDeletionInfo = z.infer<typeof propertyDeletionInfo>;
