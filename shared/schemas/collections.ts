import { z } from 'zod';
import {
  BORROW_LEVELS,
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  COLLECTION_NAME_MAX_LENGTH,
  COLLECTION_TYPE_MAX_LENGTH,
  COLLECTION_TYPE_PATTERN,
  MAX_TAGS,
  TAG_MAX_LENGTH,
  MEMBER_ROLES,
  VISIBILITY_LEVELS,
} from '../catalogue';
import {
  LOAN_PERIOD_DAYS_DEFAULT,
  LOAN_PERIOD_DAYS_MAX,
  OFFER_DAYS_DEFAULT,
  OFFER_DAYS_MAX,
  REMINDER_DAYS_DEFAULT,
  REMINDER_DAYS_MAX,
} from '../lending';
import { editedVersion, version, wholly } from './common';

/** A collection's, an item's or a property's level, 2 "Shared users" included. */
export const visibilityLevel = z.union(
  VISIBILITY_LEVELS.map((l) => z.literal(l)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>],
);
export const collectionVisibilityLevel = visibilityLevel;
export const memberRole = z.enum(MEMBER_ROLES);
export const borrowLevel = z.union(
  BORROW_LEVELS.map((l) => z.literal(l)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<3>, z.ZodLiteral<4>],
);

/** books, comics, movies, board_games apply a template; any other slug is a custom type. */
export const collectionType = z.string().trim().toLowerCase().min(1).max(COLLECTION_TYPE_MAX_LENGTH).regex(wholly(COLLECTION_TYPE_PATTERN));

export const tags = z
  .array(z.string().trim().min(1).max(TAG_MAX_LENGTH))
  .max(MAX_TAGS)
  .transform((list) => [...new Set(list)]);

export const collection = z.object({
  id: z.number().int(),
  ownerId: z.number().int(),
  ownerName: z.string(),
  type: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** media://<key> or null. */
  image: z.string().nullable(),
  tags: z.array(z.string()),
  visibility: collectionVisibilityLevel,
  borrowable: borrowLevel,
  /** A new loan is due back this many days after it is lent. */
  loanPeriodDays: z.number().int(),
  /** Borrowers are reminded this many days before the due date. */
  reminderDays: z.number().int(),
  /** The next in a waiting list has this many days to answer when a copy is offered to them. */
  offerDays: z.number().int(),
  /** Items the caller may see. */
  itemCount: z.number().int(),
  /** The caller owns it: manage and edit controls apply. */
  isOwner: z.boolean(),
  /** The caller's role: owner, or the role it is shared with them in; null for anyone else. */
  role: z.enum(['owner', ...MEMBER_ROLES]).nullable(),
  /**
   * For a collection without a picture: the covers (media://… or addresses) of its first items the
   * caller may see — up to four in lists (the card's mosaic), up to eight when reading or editing one
   * collection (its page's banner). Empty for a collection with a picture.
   */
  covers: z.array(z.string()),
  /** In lists, to its owner: loan requests on its items waiting for an answer. 0 elsewhere and for others. */
  pendingRequests: z.number().int(),
  version,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Collection = z.infer<typeof collection>;

export const collectionList = z.object({ collections: z.array(collection) });
export type CollectionList = z.infer<typeof collectionList>;

export const collectionListQuery = z.object({
  /** "true": only the caller's own collections. */
  mine: z.enum(['true', 'false']).optional(),
});

/** A collection's editable fields, without defaults (an edit leaves out what it does not change). */
const collectionFields = z.object({
  type: collectionType,
  name: z.string().trim().min(1).max(COLLECTION_NAME_MAX_LENGTH),
  description: z
    .string()
    .trim()
    .max(COLLECTION_DESCRIPTION_MAX_LENGTH)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  tags,
  visibility: collectionVisibilityLevel,
  borrowable: borrowLevel,
  loanPeriodDays: z.number().int().min(1).max(LOAN_PERIOD_DAYS_MAX),
  reminderDays: z.number().int().min(0).max(REMINDER_DAYS_MAX),
  offerDays: z.number().int().min(1).max(OFFER_DAYS_MAX),
});

export const createCollectionInput = collectionFields.extend({
  tags: tags.default([]),
  visibility: collectionVisibilityLevel.default(0),
  borrowable: borrowLevel.default(3),
  loanPeriodDays: collectionFields.shape.loanPeriodDays.default(LOAN_PERIOD_DAYS_DEFAULT),
  reminderDays: collectionFields.shape.reminderDays.default(REMINDER_DAYS_DEFAULT),
  offerDays: collectionFields.shape.offerDays.default(OFFER_DAYS_DEFAULT),
});
export type CreateCollectionInput = z.input<typeof createCollectionInput>;
/** After validation: defaults applied. */
export type CreateCollectionData = z.output<typeof createCollectionInput>;

// Built from the fields without defaults: zod applies a default even inside .partial(), so an edit of
// the name alone would otherwise reset the tags, the visibility and who can borrow.
export const updateCollectionInput = collectionFields.partial().extend({ version: editedVersion }).strict();
export type UpdateCollectionInput = z.input<typeof updateCollectionInput>;
