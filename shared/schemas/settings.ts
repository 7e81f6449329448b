// Instance-wide settings the administrator changes from Configuration (docs/product.md §2 "server configuration").
// Every setting has a default here, so a fresh instance works with an empty settings table.
import { z } from 'zod';
import { LOCALES, PRODUCT_NAME } from '../constants';

export const INSTANCE_NAME_MAX_LENGTH = 60;
/** "browser": a first visit takes the browser's language (French for fr-*, English otherwise). */
export const DEFAULT_LANGUAGES = ['browser', ...LOCALES] as const;
export type DefaultLanguage = (typeof DEFAULT_LANGUAGES)[number];

/**
 * An http(s) address, without credentials, query or fragment: emails build their links on it. Capitals
 * are written into the pattern, not given by a flag: the OpenAPI document carries it as a plain pattern.
 */
export const PUBLIC_URL = /^[hH][tT][tT][pP][sS]?:\/\/[a-zA-Z0-9.-]+(:\d{1,5})?(\/[^\s?#]*)?$/;
const publicUrl = z.string().trim().max(200).regex(PUBLIC_URL, 'invalid_format');

/** Every setting, as the built-in administrator reads and writes them. */
export const settings = z.object({
  /** "Enable loans": off, lending is switched off everywhere (no requests, no loans, no reminders). */
  loansEnabled: z.boolean(),
  /** Shown in page titles, the navigation bar, link previews and emails. */
  instanceName: z.string().trim().min(1).max(INSTANCE_NAME_MAX_LENGTH),
  /** Where the instance is reached: links in emails and previews. null: the APP_URL environment variable. */
  publicUrl: publicUrl.nullable(),
  /** The language a first visit gets, unless it follows the browser. */
  defaultLanguage: z.enum(DEFAULT_LANGUAGES),
  /** "Allow invitations by email": sharing with an address without an account sends it a sign-up link. */
  invitationsEnabled: z.boolean(),
});
export type Settings = z.infer<typeof settings>;
export type SettingKey = keyof Settings;

export const SETTINGS_DEFAULTS: Settings = {
  loansEnabled: true,
  instanceName: PRODUCT_NAME,
  publicUrl: null,
  defaultLanguage: 'browser',
  invitationsEnabled: false,
};

/** What every visitor needs to draw the app (whether to offer borrowing, the instance's name, the first language). */
export const publicSettings = settings.pick({ loansEnabled: true, instanceName: true, defaultLanguage: true });
export type PublicSettings = z.infer<typeof publicSettings>;

/** A change: only the settings given are written; an empty object changes nothing. */
export const updateSettingsInput = settings.partial().strict();
export type UpdateSettingsInput = z.infer<typeof updateSettingsInput>;

/**
 * Custom configuration keys (docs/product.md §2): entries the administrator adds for modules to read. Names are
 * lower-case words joined by dots, dashes or underscores ("isbn.lookup-timeout").
 */
export const CONFIG_KEY_NAME = /^[a-z][a-z0-9]*([._-][a-z0-9]+)*$/;
export const CONFIG_KEY_NAME_MAX_LENGTH = 64;
export const CONFIG_VALUE_MAX_LENGTH = 2000;
/** Keys an instance holds at most (they are all listed on one screen). */
export const CONFIG_KEYS_MAX = 200;

export const configKeyName = z.string().max(CONFIG_KEY_NAME_MAX_LENGTH).regex(CONFIG_KEY_NAME, 'invalid_format');
export const configKey = z.object({ name: z.string(), value: z.string(), updatedAt: z.string() });
export type ConfigKey = z.infer<typeof configKey>;
export const configKeyList = z.object({ keys: z.array(configKey) });
export type ConfigKeyList = z.infer<typeof configKeyList>;
export const configKeyInput = z.object({ value: z.string().max(CONFIG_VALUE_MAX_LENGTH) }).strict();
export type ConfigKeyInput = z.infer<typeof configKeyInput>;
