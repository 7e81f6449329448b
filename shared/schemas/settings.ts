// Instance-wide settings the administrator changes from Configuration (spec §2 "server configuration").
// Every setting has a default here, so a fresh instance works with an empty settings table.
import { z } from 'zod';

/** Every setting, as the built-in administrator reads and writes them. */
export const settings = z.object({
  /** "Enable loans": off, lending is switched off everywhere (no requests, no loans, no reminders). */
  loansEnabled: z.boolean(),
});
export type Settings = z.infer<typeof settings>;
export type SettingKey = keyof Settings;

export const SETTINGS_DEFAULTS: Settings = {
  loansEnabled: true,
};

/** What every visitor needs to draw the app (for example whether to offer borrowing). */
export const publicSettings = settings.pick({ loansEnabled: true });
export type PublicSettings = z.infer<typeof publicSettings>;

/** A change: only the settings given are written; an empty object changes nothing. */
export const updateSettingsInput = settings.partial().strict();
export type UpdateSettingsInput = z.infer<typeof updateSettingsInput>;
