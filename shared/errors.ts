// The one error model: every API error is {error: {code, message, details}}; codes map to statuses here,
// so the Worker throws codes and the SPA translates codes (never server English).

export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  PASSWORDS_NOT_EQUAL: 400,
  INVALID_CURRENT_PASSWORD: 400,
  RESET_TOKEN_INVALID: 400,
  /** A file to import cannot be read: details.fields[0] says why (shared/import/errors.ts) and where. */
  IMPORT_FILE_INVALID: 400,
  /** A source's address gave nothing usable: details.fields[0].reason is the guarded fetch's problem. */
  SOURCE_UNREACHABLE: 400,
  EMAIL_CHANGE_TOKEN_INVALID: 400,
  /**
   * A test email failed at the mail server or provider (Configuration → Emails): the credentials, the
   * connection, the time, or the message. details.fields[0] (path "reply") may carry the server's words.
   */
  EMAIL_AUTH_FAILED: 400,
  EMAIL_CONNECTION_FAILED: 400,
  EMAIL_TIMEOUT: 400,
  EMAIL_REJECTED: 400,
  UNAUTHENTICATED: 401,
  LOGIN_FAILED: 401,
  FORBIDDEN: 403,
  /** The item's "who can borrow" does not let this caller ask (or the owner asks for their own item). */
  BORROW_NOT_ALLOWED: 403,
  DEMO_MODE: 403,
  CANNOT_CHANGE_SELF: 403,
  CHANGE_IN_PROFILE: 403,
  NOT_FOUND: 404,
  /** Sharing a collection: no account has that username or email address. */
  SHARE_USER_UNKNOWN: 404,
  /** An invitation link that was used, revoked or expired, or invitations are no longer allowed. */
  INVITATION_INVALID: 404,
  /** "Enable loans" is off: every lending endpoint answers this, and nothing is lost. */
  LOANS_DISABLED: 404,
  /** A borrower's page or calendar secret is unknown, reset or expired. */
  BORROWER_LINK_INVALID: 404,
  /** A waiting-list offer link is unknown, or its offer was answered, expired or withdrawn. */
  HOLD_LINK_INVALID: 404,
  METHOD_NOT_ALLOWED: 405,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  PROPERTY_KEY_TAKEN: 409,
  PROPERTY_HAS_VALUES: 409,
  STALE_WRITE: 409,
  /** A write named something (a collection, a property) that another request deleted meanwhile. */
  DELETED_MEANWHILE: 409,
  BORROWER_EMAIL_TAKEN: 409,
  /** The borrower still holds a lent copy: get it back first. */
  BORROWER_HOLDS_ITEMS: 409,
  /** The loan's state does not allow that action (docs/product.md "Loans"). */
  LOAN_TRANSITION_NOT_ALLOWED: 409,
  /** Every copy is lent. */
  NO_COPY_AVAILABLE: 409,
  /** A reservation's days are already booked: on one of them, every copy is taken. */
  RESERVATION_CONFLICT: 409,
  /** This address already has a place in the item's waiting list. */
  HOLD_EXISTS: 409,
  /** A copy is left: ask to borrow it instead of joining the waiting list. */
  COPY_AVAILABLE: 409,
  /** The hold's state does not allow that (it was offered, answered or removed meanwhile). */
  HOLD_TRANSITION_NOT_ALLOWED: 409,
  /**
   * An item's number of copies would drop below the copies it has lent: details.fields[0] (path
   * "quantity", reason "below_lent") carries that count as its minimum.
   */
  QUANTITY_BELOW_LENT: 409,
  /** The source prepares its answer (BoardGameGeek queues a collection it was asked for): ask again soon. */
  SOURCE_NOT_READY: 409,
  /** A backup or a restore is running: one at a time. */
  BACKUP_RUNNING: 409,
  /** A restore goes into an instance with no collection and no account but the administrator's. */
  INSTANCE_NOT_EMPTY: 409,
  /** An export with pictures of the caller's is being made: one at a time. */
  EXPORT_RUNNING: 409,
  /** The instance holds as many custom configuration keys as it takes (CONFIG_KEYS_MAX). */
  CONFIG_KEYS_FULL: 409,
  /** An external module at this address is registered already (Configuration → Modules). */
  MODULE_ALREADY_REGISTERED: 409,
  /** The collection is shared with this person already: change their role instead. */
  ALREADY_MEMBER: 409,
  /** The owner has every right on their collection: they are never one of its members. */
  SHARE_WITH_OWNER: 409,
  /** Nobody adds themselves to a collection, or changes their own role. */
  SHARE_WITH_SELF: 409,
  /** The instance holds as many external modules as it takes (EXTERNAL_MODULES_MAX). */
  MODULES_FULL: 409,
  /** No email transport: neither the environment's Resend key nor saved settings. */
  EMAIL_NOT_CONFIGURED: 409,
  /** A change of one's email needs a link sent to the new address, and the instance cannot send email. */
  EMAIL_UNAVAILABLE: 409,
  /** The saved email secret cannot be decrypted: APP_SECRET changed since it was saved. */
  EMAIL_SECRET_UNREADABLE: 409,
  /** If-Match names another version of the item, collection or property than its current one: nothing was written. */
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export interface FieldIssue {
  /** Dotted path of the field, e.g. "email" or "newPassword". */
  path: string;
  /** Machine-readable reason, e.g. "too_small", "invalid_format", "required". */
  reason: string;
  message: string;
  /** The limit a too_small / too_big issue broke, so the SPA can word its own message. */
  minimum?: number;
  maximum?: number;
  /** What the limit counts: "string" (characters), "array" (entries), "number" (the value). */
  origin?: string;
  /** For a file's problem: the record (row) it is in. */
  row?: number;
  /** For an import plan that would import nothing: the property its records lack, and the file's field to send to it. */
  property?: string;
  suggestion?: string;
  /** For dates that meet a booking (a loan over an accepted reservation): that booking's days. */
  booked?: { from: string; to: string };
}

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    details?: { fields?: FieldIssue[]; retryAfter?: number } | null;
  };
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as { error: unknown }).error === 'object' &&
    typeof (value as ErrorBody).error?.code === 'string'
  );
}
