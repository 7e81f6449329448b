// GET and PUT /config/email, POST /config/email/test: how the instance sends its emails, for the
// built-in administrator. Secrets are sent when typed and never come back.
import useSWR, { useSWRConfig } from 'swr';
import type { EmailSettings, TestEmailResult, UpdateEmailSettingsInput } from '@shared/schemas/email-settings';
import { apiRequest } from '@web/lib/api-client';

export const EMAIL_SETTINGS_KEY = '/config/email';

export function useEmailSettings() {
  return useSWR<EmailSettings>(EMAIL_SETTINGS_KEY, (key: string) => apiRequest<EmailSettings>(key));
}

export function useSaveEmailSettings() {
  const { mutate } = useSWRConfig();
  return async (input: UpdateEmailSettingsInput) => {
    const saved = await apiRequest<EmailSettings>(EMAIL_SETTINGS_KEY, { method: 'PUT', body: input });
    await mutate(EMAIL_SETTINGS_KEY, saved, { revalidate: false });
    return saved;
  };
}

export const sendTestEmail = (to: string) => apiRequest<TestEmailResult>(`${EMAIL_SETTINGS_KEY}/test`, { method: 'POST', body: { to } });
